// Our table files: what is written reads back, a damaged file is refused with a message that
// names it and the problem, and a corrupted value re-encoded with valid checksums is caught by
// the verifier.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "engine/core/process_memory.h"
#include "tablebases/checkers/files.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/file_source.h"
#include "tablebases/store/format.h"
#include "tablebases/store/writer.h"
#include "tablebases/tests/corruption.h"
#include "tablebases/tests/scratch.h"
#include "tablebases/tests/table_files.h"
#include "tablebases/tests/tables.h"

namespace retrocheck::tb::store {
namespace {

namespace fs = std::filesystem;

using testing::scratch;
using testing::slurp;
using testing::spit;
using testing::write_all;

const TableSet& three_pieces() { return testing::built_tables(3); }

// Opens and reads every block; the error, or "" when the file is accepted.
std::string refusal(const fs::path& p) {
    auto f = TableFile::open(p);
    if (!f) return f.error();
    auto all = GameFiles<CheckersGame>::read(**f);
    return all ? "" : all.error();
}

const Slice kSlice{1, 0, 1, 1};  // big enough for many blocks of 1000

fs::path one_file(const std::string& name) {
    const fs::path p = table_path(scratch(name), kSlice);
    EXPECT_TRUE(write_table(*three_pieces().find(kSlice), p, {1000, 3}).ok());
    return p;
}

TEST(FastStore, WhatIsWrittenReadsBack) {
    const fs::path dir = scratch("roundtrip");
    write_all(three_pieces(), dir, 1000);
    const auto loaded = load_directory<tb::CheckersGame>(dir);
    ASSERT_TRUE(loaded.ok()) << loaded.error();
    ASSERT_EQ(loaded->tables().size(), three_pieces().tables().size());
    for (const auto& [s, t] : three_pieces().tables())
        EXPECT_EQ(loaded->find(s)->values, t->values) << name(s);

    // Single probes through the block cache agree too, in random order.
    const auto source = FileSource::open(dir);
    ASSERT_TRUE(source.ok()) << source.error();
    const SliceTable& t = *three_pieces().find(kSlice);
    std::mt19937_64 rng(5);
    for (int i = 0; i < 5000; ++i) {
        const std::uint64_t id = rng() % t.values.size();
        const ProbeResult r = (*source)->probe(t.position(id));
        ASSERT_EQ(r.status, ProbeStatus::Ok) << r.error;
        EXPECT_EQ(r.value, decode(t.values[id]));
    }
    EXPECT_EQ((*source)->probe(checkers::Position::start()).status, ProbeStatus::Missing);
}

TEST(FastStore, NoTemporaryFileIsLeftAndStrayOnesAreIgnored) {
    const fs::path dir = scratch("temporary");
    write_all(three_pieces(), dir, 1 << 16);
    for (const auto& e : fs::directory_iterator(dir))
        EXPECT_EQ(e.path().extension(), kExtension) << e.path();
    // What an interrupted writer leaves behind does not count as a table.
    spit(dir / "bm1bk0wm1wk1.rctb.tmp-99999", "half a file");
    EXPECT_TRUE(load_directory<tb::CheckersGame>(dir).ok());
    // A writer that cannot create its file says so and names it.
    const auto bad = write_table(*three_pieces().find(kSlice), dir / "no" / "such" / "x.rctb");
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().find("no/such/x.rctb"), std::string::npos) << bad.error();
}

// peak_memory_bytes() counts from here on (Linux). The allocator's free pages go back first:
// memory the earlier tests of this process freed stays resident in malloc's arenas, and what is
// allocated into it afterwards does not raise the peak.
void reset_peak() {
    return_free_memory();
    std::ofstream("/proc/self/clear_refs") << "5";
}

// A writer holds a batch of compressed blocks beside the values, not the whole file's: writing
// 21 MB of two-byte codes that zstd cannot shrink raises the process's peak by less than half of
// them. It held every block (as much again as the values) until the file was written, which took
// a 5-piece DTZ50 build past its memory budget.
TEST(FastStore, AWriteHoldsABatchOfBlocksNotTheFile) {
    chess::DtzTable table(*chess::Material::parse("KRPvK"));
    std::mt19937_64 rng(7);
    for (auto& v : table.values) v = static_cast<chess::DtzCode>(rng());
    const std::uint64_t bytes = table.values.size() * sizeof(table.values[0]);
    ASSERT_GT(bytes, 20u << 20);
    const fs::path p = scratch("batches") / "KRPvK.dtz.rctb";
    reset_peak();
    const std::uint64_t before = peak_memory_bytes();
    ASSERT_TRUE(write_table(table, p).ok());
    const std::uint64_t added = peak_memory_bytes() - before;
    EXPECT_LT(added, bytes / 2) << "the write raised the peak by " << added << " bytes for "
                                << bytes << " of values";
    EXPECT_GT(fs::file_size(p), bytes);  // incompressible: every block was written whole
}

void expect_refused(const fs::path& p, const std::string& what) {
    const std::string e = refusal(p);
    EXPECT_NE(e.find(p.string()), std::string::npos) << "does not name the file: " << e;
    EXPECT_NE(e.find(what), std::string::npos) << "expected '" << what << "' in: " << e;
}

void patch(const fs::path& p, std::size_t at, std::uint64_t value, int bytes) {
    std::string s = slurp(p);
    std::string v;
    put_le(v, value, bytes);
    s.replace(at, static_cast<std::size_t>(bytes), v);
    spit(p, s);
}

TEST(FastStore, RefusesBadHeaders) {
    fs::path p = one_file("magic");
    patch(p, 0, 'X', 1);
    expect_refused(p, "bad magic");

    p = one_file("version");
    patch(p, 8, 3, 4);
    expect_refused(p, "format version 3");

    p = one_file("scheme");
    patch(p, 20, 7, 4);
    expect_refused(p, "index scheme 7");

    p = one_file("count");
    patch(p, 32, 12345, 8);
    expect_refused(p, "position count 12345");

    p = one_file("blocksize");
    patch(p, 28, 0, 4);
    expect_refused(p, "block size 0");

    p = one_file("checksum");
    patch(p, 48, 1, 8);  // the reserved field, covered by the checksum
    expect_refused(p, "checksum of the header and block table");
}

TEST(FastStore, RefusesWrongSizes) {
    fs::path p = one_file("truncated");
    std::string s = slurp(p);
    spit(p, s.substr(0, s.size() - 1));
    expect_refused(p, "truncated");

    p = one_file("trailing");
    spit(p, slurp(p) + "x");
    expect_refused(p, "trailing bytes");

    p = one_file("header");
    spit(p, slurp(p).substr(0, 20));
    expect_refused(p, "truncated: 20 bytes");

    p = one_file("empty");
    spit(p, "");
    expect_refused(p, "truncated: 0 bytes");
}

TEST(FastStore, RefusesEveryRandomBitFlip) {
    const fs::path p = one_file("flip");
    const std::string good = slurp(p);
    ASSERT_EQ(refusal(p), "");
    std::mt19937_64 rng(11);
    for (int i = 0; i < 300; ++i) {
        std::string bad = good;
        const std::size_t at = rng() % bad.size();
        const int bit = static_cast<int>(rng() % 8);
        bad[at] = static_cast<char>(bad[at] ^ (1 << bit));
        spit(p, bad);
        const std::string e = refusal(p);
        EXPECT_NE(e, "") << "bit " << bit << " of byte " << at << " flipped, file accepted";
        EXPECT_NE(e.find(p.string()), std::string::npos) << e;
    }
}

TEST(FastStore, DirectoryMustBeClosedUnderMoves) {
    const fs::path dir = scratch("closed");
    write_all(three_pieces(), dir, 1 << 16);
    fs::remove(table_path(dir, Slice{0, 1, 0, 1}));
    const auto loaded = load_directory<tb::CheckersGame>(dir);
    ASSERT_FALSE(loaded.ok());
    EXPECT_NE(loaded.error().find("bm0bk1wm0wk1.rctb"), std::string::npos) << loaded.error();

    fs::copy_file(table_path(dir, Slice{0, 1, 0, 0}), table_path(dir, Slice{0, 1, 0, 1}));
    const auto renamed = load_directory<tb::CheckersGame>(dir);
    ASSERT_FALSE(renamed.ok());
    EXPECT_NE(renamed.error().find("header holds slice bm0bk1wm0wk0"), std::string::npos)
        << renamed.error();

    const auto none = load_directory<tb::CheckersGame>(scratch("empty-dir"));
    ASSERT_FALSE(none.ok());
    EXPECT_NE(none.error().find("no table files"), std::string::npos) << none.error();
}

// A value changed and written back with valid checksums passes the reader; the verifier then
// reports exactly that position as the one finding.
// A byte no value has, sealed with valid checksums: a checkers table never holds 254 (a chess
// table uses it for a slot without a position), and the file is refused naming the position.
TEST(FastStore, AByteThatIsNoValueIsRefused) {
    SliceTable t = *three_pieces().find(kSlice);
    t.values[1234] = kUnknown;
    const fs::path p = table_path(scratch("no-value"), kSlice);
    ASSERT_TRUE(write_table(t, p, {1000, 3}).ok());
    EXPECT_NE(refusal(p).find("block 1: position 1234 holds 254, not a value"), std::string::npos)
        << refusal(p);
}

TEST(FastStore, VerifierCatchesAValueRewrittenWithValidChecksums) {
    std::mt19937_64 rng(23);
    const fs::path dir = scratch("rewrite");
    write_all(three_pieces(), dir, 4096);
    int done = 0;
    while (done < 8) {
        const auto c = testing::random_corruption(three_pieces(), rng);
        if (!c) continue;
        ++done;
        const testing::Corruption one[] = {*c};
        const auto loaded = testing::load_with_changes(dir, three_pieces(), one, 4096);
        ASSERT_TRUE(loaded.ok()) << loaded.error();
        testing::expect_reported_alone(*loaded, *c);
    }
}

// Every kind of wrong value, on 2, 3 and 4 pieces and both sides to move, through files.
TEST(Store, VerifierFindsEveryKindOfRewrittenValue) {
    fs::path dir;
    testing::expect_every_kind_reported_alone(
        testing::built_tables(4), 29,
        [&](const TableSet& set) {
            dir = scratch("kinds");
            write_all(set, dir, 1 << 16);
        },
        [&](const TableSet& set, const testing::Corruption& c) {
            const testing::Corruption one[] = {c};
            return testing::load_with_changes(dir, set, one, 1 << 16);
        });
}

}  // namespace
}  // namespace retrocheck::tb::store
