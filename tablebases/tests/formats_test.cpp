// The Chinook and Cake readers: the worked examples of ../shared/formats, samples of every slice
// of the real 2-4 piece files read directly against our tables, the files through the capture
// resolver against our tables position by position, malformed indexes and truncated data refused
// by name, and one changed value found by the audit. Fast* names the tests of the fast stage.
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/tests/test_positions.h"
#include "tablebases/checkers/audit.h"
#include "tablebases/formats/cake.h"
#include "tablebases/formats/chinook.h"
#include "tablebases/probe/resolver.h"
#include "tablebases/tests/resolver_check.h"
#include "tablebases/tests/scratch.h"
#include "tablebases/tests/tables.h"
#include "tablebases/tests/thirdparty.h"

namespace retrocheck::tb::formats {
namespace {

namespace fs = std::filesystem;
using checkers::Position;

using testing::scratch;
using testing::slurp;
using testing::spit;

const TableSet& four_pieces() { return testing::built_tables(4); }

using checkers::testing::fen;

TEST(FastChinook, WorkedExamples) {
    RETROCHECK_THIRDPARTY_OR_SKIP(dir, "checkers/chinook");
    const auto db = ChinookDatabase::open_directory(dir);
    ASSERT_TRUE(db.ok()) << db.error();
    EXPECT_EQ((*db)->slices(), 881u);
    EXPECT_EQ((*db)->max_pieces(), 4);
    auto white = (*db)->locate(fen("W:W16,K26:B25,K4"));
    ASSERT_TRUE(white.ok()) << white.error();
    EXPECT_EQ(white->offset, 109722u);
    EXPECT_EQ(white->digit, 4);
    EXPECT_EQ(white->value, Wld::Win);
    auto black = (*db)->locate(fen("B:W16,K26:B25,K4"));
    ASSERT_TRUE(black.ok()) << black.error();
    EXPECT_EQ(black->offset, 98703u);
    EXPECT_EQ(black->value, Wld::Draw);
    const ProbeResult uniform = (*db)->probe(fen("W:WK32,K30:B15"));
    EXPECT_EQ(uniform.status, ProbeStatus::Ok);
    EXPECT_EQ(uniform.value, Outcome::of(Wld::Win));
    // Outside its coverage and capture positions.
    EXPECT_EQ((*db)->probe(fen("W:W21,22,23:B1,2")).status, ProbeStatus::Missing);
    EXPECT_EQ((*db)->probe(fen("B:W18:B14,K1")).status, ProbeStatus::NotStored);
}

TEST(FastCake, WorkedExamples) {
    RETROCHECK_THIRDPARTY_OR_SKIP(dir, "checkers/cake");
    const auto db = CakeDatabase::open_directory(dir);
    ASSERT_TRUE(db.ok()) << db.error();
    EXPECT_EQ((*db)->max_pieces(), 4);
    auto white = (*db)->locate(fen("W:W16,K26:B25,K4"));
    ASSERT_TRUE(white.ok()) << white.error();
    EXPECT_EQ(white->offset, 94678u);
    EXPECT_EQ(white->digit, 2);
    EXPECT_EQ(white->value, Wld::Win);
    auto black = (*db)->locate(fen("B:W16,K26:B25,K4"));
    ASSERT_TRUE(black.ok()) << black.error();
    EXPECT_EQ(black->offset, 94312u);
    EXPECT_EQ(black->digit, -1);  // a run
    EXPECT_EQ(black->value, Wld::Draw);
    EXPECT_EQ((*db)->probe(fen("W:WK32,K30:B15")).value, Outcome::of(Wld::Win));
    EXPECT_EQ((*db)->probe(fen("W:W21,22,23:B1,2")).status, ProbeStatus::Missing);
}

// Every position of every 2-4 piece slice, capture positions included: the resolver over the
// database gives our tables' win, draw or loss.
void expect_resolver_matches_tables(const TableSource& db) {
    const auto c = testing::check_resolver(CaptureResolver(db), four_pieces(),
                                           [](Slice s) { return s.pieces() >= 2; });
    EXPECT_EQ(c.wrong, 0u) << c.first;
    EXPECT_EQ(c.checked, 2 * (6'972u + 261'224u + 7'092'774u));
    std::cout << "resolver over the database: " << c.checked
              << " positions, largest work per probe " << c.largest_work << "\n";
}

TEST(Chinook, ResolverEqualsOurTablesOnEvery2To4PiecePosition) {
    RETROCHECK_THIRDPARTY_OR_SKIP(dir, "checkers/chinook");
    const auto db = ChinookDatabase::open_directory(dir);
    ASSERT_TRUE(db.ok()) << db.error();
    expect_resolver_matches_tables(**db);
}

TEST(Cake, ResolverEqualsOurTablesOnEvery2To4PiecePosition) {
    RETROCHECK_THIRDPARTY_OR_SKIP(dir, "checkers/cake");
    const auto db = CakeDatabase::open_directory(dir);
    ASSERT_TRUE(db.ok()) << db.error();
    expect_resolver_matches_tables(**db);
}

// FastChinook, FastCake: samples of every slice the files cover (2-4 pieces, a piece on each
// side), both sides to move, read straight from the file (no resolver) and compared with our
// tables: a stored value is our win, draw or loss, and a position is NotStored exactly where
// either side can capture. The sample of a slice: random positions of the whole slice, and a
// few positions for every pair of leading rows of the men (the most advanced black man's row,
// the most advanced white man's row), since both formats split their slices by those.

// n distinct random squares of `allowed`, or 0 when there are fewer.
checkers::Bitboard pick(checkers::Bitboard allowed, int n, std::mt19937_64& rng) {
    checkers::Bitboard out = 0;
    for (int i = 0; i < n; ++i) {
        const int left = checkers::popcount(allowed);
        if (left == 0) return 0;
        checkers::Bitboard b = allowed;
        for (int k = static_cast<int>(rng() % static_cast<unsigned>(left)); k > 0; --k) b &= b - 1;
        const checkers::Bitboard at = b & (~b + 1);
        out |= at;
        allowed &= ~at;
    }
    return out;
}

constexpr checkers::Bitboard rows(int from, int to) {  // rows from..to, 0 = Black's back row
    checkers::Bitboard b = 0;
    for (int r = from; r <= to; ++r) b |= checkers::Bitboard{0xF} << (4 * r);
    return b;
}

// A random position of slice s with the most advanced black man on row rb (Black moves toward
// row 7) and the most advanced white man on row rw, if one is found.
std::optional<Position> with_leading_rows(Slice s, int rb, int rw, checkers::Color side,
                                          std::mt19937_64& rng) {
    using checkers::Bitboard;
    for (int attempt = 0; attempt < 100; ++attempt) {
        Bitboard bm = 0, wm = 0;
        if (s.black_men) {
            bm = pick(rows(rb, rb), 1, rng);
            bm |= pick(rows(0, rb) & ~bm, s.black_men - 1, rng);
            if (checkers::popcount(bm) != s.black_men) continue;
        }
        if (s.white_men) {
            wm = pick(rows(rw, rw) & ~bm, 1, rng);
            if (!wm) continue;
            wm |= pick(rows(rw, 7) & ~bm & ~wm, s.white_men - 1, rng);
            if (checkers::popcount(wm) != s.white_men) continue;
        }
        const Bitboard bk = pick(~(bm | wm), s.black_kings, rng);
        const Bitboard wk = pick(~(bm | wm | bk), s.white_kings, rng);
        if (checkers::popcount(bk) != s.black_kings || checkers::popcount(wk) != s.white_kings)
            continue;
        return Position::from_bitboards(bm | bk, wm | wk, bk | wk, side);
    }
    return std::nullopt;
}

std::vector<Position> sample_slice(const SliceTable& table, checkers::Color side, int uniform,
                                   int per_rows, std::mt19937_64& rng) {
    const Slice s = table.index.slice();
    const std::uint64_t size = table.index.size();
    std::vector<Position> out;
    for (int i = 0; i < uniform; ++i) out.push_back(table.index.position(rng() % size, side));
    for (int rb = 0; rb <= (s.black_men ? 6 : 0); ++rb)
        for (int rw = s.white_men ? 1 : 0; rw <= (s.white_men ? 7 : 0); ++rw)
            for (int i = 0; i < per_rows; ++i)
                if (const auto pos = with_leading_rows(s, rb, rw, side, rng)) out.push_back(*pos);
    return out;
}

// Where a reader keeps the value of pos: the byte (file, offset, digit), or why there is none.
template <typename Db>
std::string stored_at(const Db& db, const Position& pos) {
    const auto at = db.locate(pos);
    if (!at) return at.error();
    return "byte " + std::to_string(at->offset) + " of " + at->file.string() +
           (at->digit < 0 ? " (a run)" : " digit " + std::to_string(at->digit));
}

template <typename Db>
void expect_samples_equal_our_tables(const Db& db) {
    std::mt19937_64 rng(2024);
    std::uint64_t checked = 0, stored = 0, wrong = 0, slices = 0;
    std::string first;
    for (const auto& [slice, table] : four_pieces().tables()) {
        if (slice.black_men + slice.black_kings == 0 || slice.white_men + slice.white_kings == 0)
            continue;
        ++slices;
        for (const checkers::Color side : {checkers::Color::Black, checkers::Color::White}) {
            for (const Position& pos : sample_slice(*table, side, 1000, 8, rng)) {
                ++checked;
                const ProbeResult got = db.probe(pos);
                const Outcome ours = decode(table->values[table->id(pos)]);
                const bool capture = checkers::either_side_can_capture(pos);
                std::string problem;
                if (capture && got.status != ProbeStatus::NotStored)
                    problem = std::string("a side can capture, so not stored; the reader says ") +
                              to_string(got.status) + " " + got.value.to_string();
                else if (!capture && got.status != ProbeStatus::Ok)
                    problem = std::string("no side can capture, so stored; the reader says ") +
                              to_string(got.status) + " " + got.error;
                else if (!capture && got.value != ours.wld_only())
                    problem = "the reader says " + got.value.to_string() + ", our table " +
                              ours.to_string();
                stored += !capture && got.status == ProbeStatus::Ok;
                if (problem.empty() || wrong++ > 0) continue;
                first = problem + "\nslice " + name(slice) + " (" + material(slice) + "), " +
                        (side == checkers::Color::Black ? "Black" : "White") +
                        " to move, stored at " + stored_at(db, pos) + "\n" +
                        checkers::describe(pos);
            }
        }
    }
    EXPECT_EQ(wrong, 0u) << wrong << " of " << checked << " sampled positions wrong; the first:\n"
                         << first;
    EXPECT_EQ(slices, 4u + 12 + 25) << "slices of 2-4 pieces with a piece a side";
    EXPECT_GT(stored, checked / 2);
    std::cout << "sampled " << checked << " positions of " << slices << " slices, " << stored
              << " of them stored\n";
}

TEST(FastChinook, SamplesOfEverySliceEqualOurTables) {
    RETROCHECK_THIRDPARTY_OR_SKIP(dir, "checkers/chinook");
    const auto db = ChinookDatabase::open_directory(dir);
    ASSERT_TRUE(db.ok()) << db.error();
    expect_samples_equal_our_tables(**db);
}

TEST(FastCake, SamplesOfEverySliceEqualOurTables) {
    RETROCHECK_THIRDPARTY_OR_SKIP(dir, "checkers/cake");
    const auto db = CakeDatabase::open_directory(dir);
    ASSERT_TRUE(db.ok()) << db.error();
    expect_samples_equal_our_tables(**db);
}

struct BadIndex {
    const char* text;
    const char* error;
};

TEST(FastChinook, MalformedIndexesAreRefusedByLine) {
    const BadIndex cases[] = {
        {"", "line 1: no slices"},
        {"BASX1100.00 ==", "line 1: expected a slice header"},
        {"BASE1100.00 ==\nBASE1100.00 ==", "line 2: BASE1100.00 already appeared on line 1"},
        {"BASE11a0.00 ==", "expected a digit"},
        {"BASE1100.70 ==", "leading rank above 6"},
        {"BASE1100.10 ==", "a leading rank for men that are not there"},
        {"BASE0010.00 ==", "impossible material"},
        {"BASE1100.00 +-", "a uniform slice needs the same value twice"},
        {"BASE1100.00 x", "expected the slice value"},
        {"BASE1100.00 =\nX", "line 2: expected the S line"},
        {"BASE1100.00 =\nS 1 0/0", "expected 0 as the S line's first number"},
        {"BASE1100.00 =\nS 0 0/2000", "expected block/byte (byte below 1024)"},
        {"BASE1100.00 =\nS 0 0/0\n. 5 7\n", "block 7 does not follow block 0"},
        {"BASE1100.00 =\nS 0 0/0\n. 0 1\n", "index 0 does not increase"},
        {"BASE1100.00 =\nS 0 0/0\nQ", "line 3: expected a '.' or 'E' line"},
        {"BASE1100.00 =\nS 0 0/0\nE 995 3/5", "does not end in the slice's last block"},
        {"BASE1100.00 =\nS 0 0/0\nE 99999999999999999999 0/5", "expected the index"},
    };
    for (const BadIndex& c : cases) {
        const auto r = parse_chinook_index(c.text, "db.idx");
        ASSERT_FALSE(r.ok()) << c.text;
        EXPECT_NE(r.error().find(c.error), std::string::npos) << c.text << " -> " << r.error();
        EXPECT_EQ(r.error().rfind("db.idx line ", 0), 0u) << r.error();
    }
}

TEST(FastCake, MalformedIndexesAreRefusedByLine) {
    const BadIndex cases[] = {
        {"", "no slices"},
        {"BASE0,1,0,1,0,0,b:+\r\nBASE0,1,0,1,0,0,b:+", "line 2: BASE0,1,0,1,0,0,b already"},
        {"BASE0,1,0,1,0,0,x:+", "expected the colour b or w"},
        {"BASE0,1,0,1,0:+", "expected ','"},
        {"BASE0,1,0,1,0,0,b+", "expected ':'"},
        {"BASE0,1,0,1,9,0,b:+", "leading rank above 6"},
        {"BASE0,1,0,1,3,0,b:+", "a leading rank for men that are not there"},
        {"BASE0,0,0,1,0,0,b:+", "impossible material"},
        {"BASE0,1,0,1,0,0,b:7", "expected block/byte or a value"},
        {"BASE0,1,0,1,0,0,b:0/1024", "expected a start byte below 1024"},
        {"BASE0,1,0,1,0,0,b:0/0\r\n5\r\n3", "line 3: index 3 does not increase"},
        {"BASE0,1,0,1,0,0,b:0/0\r\nxyz", "expected a block's first index or the next BASE"},
        {"BASE0,99,0,1,0,0,b:+", "expected a count or rank"},
    };
    for (const BadIndex& c : cases) {
        const auto r = parse_cake_index(c.text, "db2.idx");
        ASSERT_FALSE(r.ok()) << c.text;
        EXPECT_NE(r.error().find(c.error), std::string::npos) << c.text << " -> " << r.error();
    }
}

TEST(FastChinook, TruncatedDataAndBadBlockReferencesAreRefused) {
    RETROCHECK_THIRDPARTY_OR_SKIP(dir, "checkers/chinook");
    const fs::path d = scratch("chinook-truncated");
    fs::copy(dir, d, fs::copy_options::recursive);
    const std::string data = slurp(d / "db4");
    spit(d / "db4", data.substr(0, data.size() / 2));
    auto r = ChinookDatabase::open_directory(d);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().find("past the end of " + (d / "db4").string()), std::string::npos)
        << r.error();
    // A block reference beyond the data, in an otherwise valid index.
    spit(d / "db4", data);
    std::string idx = slurp(d / "db4.idx");
    const auto at = idx.find("0/189");
    ASSERT_NE(at, std::string::npos);
    spit(d / "db4.idx", idx.substr(0, at) + "900/189" + idx.substr(at + 5));
    r = ChinookDatabase::open_directory(d);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().find("db4.idx line"), std::string::npos) << r.error();
    // A changed run byte: the walk no longer meets the index.
    spit(d / "db4.idx", idx);
    std::string bad = data;
    bad[100] = static_cast<char>(255);
    spit(d / "db4", bad);
    r = ChinookDatabase::open_directory(d);
    if (static_cast<unsigned char>(data[100]) != 255) {
        ASSERT_FALSE(r.ok());
        EXPECT_NE(r.error().find("decodes to index"), std::string::npos) << r.error();
    }
}

TEST(FastCake, TruncatedDataAndMissingPairsAreRefused) {
    RETROCHECK_THIRDPARTY_OR_SKIP(dir, "checkers/cake");
    const fs::path d = scratch("cake-truncated");
    fs::copy(dir, d, fs::copy_options::recursive);
    const std::string data = slurp(d / "db4.cpr");
    spit(d / "db4.cpr", data.substr(0, data.size() - 500));
    auto r = CakeDatabase::open_directory(d);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().find((d / "db4.idx").string()), std::string::npos) << r.error();
    fs::remove(d / "db4.cpr");
    r = CakeDatabase::open_directory(d);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().find("db4.cpr: missing"), std::string::npos) << r.error();
    fs::remove(d / "db4.idx");
    r = CakeDatabase::open_directory(d);  // 2-3 pieces: fine, 4 pieces now Missing
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ((*r)->probe(fen("W:W16,K26:B25,K4")).status, ProbeStatus::Missing);
}

// Changes the digit of one quiet position's value inside a packed byte (the file still opens)
// and audits that position's slice: exactly that position disagrees with our tables.
template <typename Open>
void expect_audit_finds_changed_value(const fs::path& original, const fs::path& copy, Open open,
                                      int most_significant_first) {
    fs::copy(original, copy, fs::copy_options::recursive);
    const auto db = open(copy);
    ASSERT_TRUE(db.ok()) << db.error();
    std::mt19937_64 rng(3);
    for (int attempt = 0; attempt < 100000; ++attempt) {
        const auto& tables = four_pieces().tables();
        auto it = tables.begin();
        std::advance(it, static_cast<long>(rng() % tables.size()));
        const SliceTable& t = *it->second;
        if (it->first.pieces() < 3) continue;
        const Position pos = t.position(rng() % t.values.size());
        if ((*db)->probe(pos).status != ProbeStatus::Ok) continue;
        const auto where = (*db)->locate(pos);
        if (!where || where->digit < 0) continue;
        // Move the digit by one (mod 3) in its place value.
        std::string bytes = slurp(where->file);
        const int place = most_significant_first ? 4 - where->digit : where->digit;
        int weight = 1;
        for (int i = 0; i < place; ++i) weight *= 3;
        const int x = static_cast<unsigned char>(bytes[where->offset]);
        const int digit = (x / weight) % 3;
        bytes[where->offset] = static_cast<char>(x + ((digit + 1) % 3 - digit) * weight);
        spit(where->file, bytes);
        const auto changed = open(copy);
        ASSERT_TRUE(changed.ok()) << changed.error();
        TableSet one;
        one.add(it->second);
        const CheckersAudit report = audit(**changed, one, 4, 1000);
        EXPECT_EQ(report.total.disagreements, 1u) << checkers::describe(pos);
        bool found = false;
        for (const CheckersAuditExample& e : report.examples)
            found |= e.problem == "disagreement" && e.position == pos;
        EXPECT_TRUE(found) << "the changed value at offset " << where->offset << " of "
                           << where->file << " was not reported for\n"
                           << checkers::describe(pos);
        return;
    }
    FAIL() << "no packed value found to change";
}

TEST(Chinook, AuditFindsOneChangedValue) {
    RETROCHECK_THIRDPARTY_OR_SKIP(dir, "checkers/chinook");
    expect_audit_finds_changed_value(
        dir, scratch("chinook-fault") / "db",
        [](const fs::path& p) { return ChinookDatabase::open_directory(p); }, 1);
}

TEST(Cake, AuditFindsOneChangedValue) {
    RETROCHECK_THIRDPARTY_OR_SKIP(dir, "checkers/cake");
    expect_audit_finds_changed_value(
        dir, scratch("cake-fault") / "db",
        [](const fs::path& p) { return CakeDatabase::open_directory(p); }, 0);
}

}  // namespace
}  // namespace retrocheck::tb::formats
