// The streaming verifier (a slice at a time, store/window.h) against the verifier over the whole
// set in memory: the same report, counts, findings, consequences and their causes, on sets with
// corrupted values and on a builder's wrong tables; and the window's memory stays below the set's.
#include <gtest/gtest.h>

#include <random>

#include "tablebases/checkers/build.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/window.h"
#include "tablebases/store/writer.h"
#include "tablebases/tests/corruption.h"
#include "tablebases/tests/scratch.h"
#include "tablebases/tests/tables.h"
#include "tablebases/verify/streaming.h"
#include "tablebases/verify/verifier.h"

namespace retrocheck::tb {
namespace {

using Report = VerifyReport<CheckersGame>;

std::filesystem::path written(const TableSet& set, const std::string& name) {
    const std::filesystem::path dir = testing::scratch(name);
    for (const auto& [s, t] : set.tables()) {
        const auto w = store::write_table(*t, store::table_path(dir, s));
        EXPECT_TRUE(w) << w.error();
    }
    return dir;
}

void expect_same_violations(const std::vector<Violation<CheckersGame>>& a,
                            const std::vector<Violation<CheckersGame>>& b) {
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(describe(a[i]), describe(b[i])) << "#" << i;
        EXPECT_EQ(a[i].finding, b[i].finding) << describe(a[i]);
        EXPECT_EQ(a[i].cause, b[i].cause) << describe(a[i]);
        EXPECT_EQ(a[i].relation, b[i].relation) << describe(a[i]);
    }
}

void expect_same_report(const Report& whole, const Report& streamed) {
    EXPECT_EQ(whole.positions_checked, streamed.positions_checked);
    EXPECT_EQ(whole.violations, streamed.violations);
    EXPECT_EQ(whole.findings, streamed.findings);
    ASSERT_EQ(whole.slices.size(), streamed.slices.size());
    for (std::size_t i = 0; i < whole.slices.size(); ++i) {
        EXPECT_EQ(whole.slices[i].slice, streamed.slices[i].slice);
        EXPECT_EQ(whole.slices[i].positions, streamed.slices[i].positions);
        EXPECT_EQ(whole.slices[i].violations, streamed.slices[i].violations)
            << name(whole.slices[i].slice);
        EXPECT_EQ(whole.slices[i].findings, streamed.slices[i].findings)
            << name(whole.slices[i].slice);
    }
    expect_same_violations(whole.examples, streamed.examples);
    expect_same_violations(whole.consequences, streamed.consequences);
}

// The streamed report of the set written to a folder, with no table kept beyond the slice's
// own needs (spare 0) and with every table kept.
void expect_streamed_as_whole(const TableSet& set, const std::string& folder,
                              std::size_t max_examples) {
    const Report whole = verify(set, max_examples);
    const std::filesystem::path dir = written(set, folder);
    for (const std::uint64_t spare : {std::uint64_t{0}, ~std::uint64_t{0}}) {
        auto window = store::TableWindow<CheckersGame>::open(dir, spare);
        ASSERT_TRUE(window) << window.error();
        store::TableWindow<CheckersGame> w = std::move(window).value();
        std::atomic<std::uint64_t> done{0};
        int seen = 0;
        const auto streamed =
            verify_streaming(w, max_examples, &done, [&](const Slice& s, const SliceTable& t) {
                ++seen;
                EXPECT_EQ(t.values, set.find(s)->values) << name(s);
            });
        ASSERT_TRUE(streamed) << streamed.error();
        expect_same_report(whole, *streamed);
        EXPECT_EQ(seen, static_cast<int>(set.tables().size()));
        EXPECT_EQ(done.load(), w.slots());
    }
}

TEST(FastStreamingVerify, PassesEveryBuiltTableUpTo4PiecesHoldingLessThanTheSet) {
    const TableSet& set = testing::built_tables(4);
    const std::filesystem::path dir = written(set, "stream-clean");
    auto window = store::TableWindow<CheckersGame>::open(dir, 0);
    ASSERT_TRUE(window) << window.error();
    store::TableWindow<CheckersGame> w = std::move(window).value();
    const auto report = verify_streaming(w, 20);
    ASSERT_TRUE(report) << report.error();
    EXPECT_EQ(report->violations, 0u);
    std::uint64_t total = 0;
    for (const auto& [s, t] : set.tables()) total += t->values.size();
    EXPECT_EQ(report->positions_checked, total);
    EXPECT_GT(w.peak_bytes(), 0u);
    EXPECT_LT(w.peak_bytes(), total / 2) << "the window held most of the set at once";
}

TEST(FastStreamingVerify, SameReportAsTheWholeSetWithCorruptedValues) {
    const TableSet& set = testing::built_tables(3);
    for (const std::uint64_t seed : {1u, 2u, 3u, 4u, 5u}) {
        std::mt19937_64 rng(seed);
        std::vector<testing::Corruption> changes;
        for (int attempt = 0; changes.size() < 4 && attempt < 10000; ++attempt)
            if (const auto c = testing::random_corruption(set, rng)) changes.push_back(*c);
        ASSERT_EQ(changes.size(), 4u);
        SCOPED_TRACE("seed " + std::to_string(seed));
        // Three examples of four wrong values: the joined parts are cut as the whole walk is.
        expect_streamed_as_whole(testing::with_changes(set, changes),
                                 "stream-corrupt-" + std::to_string(seed), 3);
    }
}

TEST(StreamingVerify, SameReportAsTheWholeSetOnTheFirstFoundBuilder) {
    expect_streamed_as_whole(testing::built_tables(4, BuildMethod::FirstFoundForTesting),
                             "stream-first-found", 500);
}

TEST(FastStreamingVerify, AMissingSuccessorIsNamed) {
    const std::filesystem::path dir = written(testing::built_tables(3), "stream-gap");
    const Slice gone{0, 1, 0, 1};
    std::filesystem::remove(store::table_path(dir, gone));
    const auto window = store::TableWindow<CheckersGame>::open(dir, 0);
    ASSERT_FALSE(window);
    EXPECT_NE(window.error().find("needs " + name(gone) + ", which is missing"), std::string::npos)
        << window.error();
}

TEST(FastStreamingVerify, ADamagedFileIsNamedWhenItsSliceIsReached) {
    const std::filesystem::path dir = written(testing::built_tables(3), "stream-damaged");
    const std::filesystem::path file = store::table_path(dir, Slice{0, 1, 0, 2});
    std::string bytes = testing::slurp(file);
    bytes[bytes.size() - 3] = static_cast<char>(bytes[bytes.size() - 3] ^ 0x5a);
    testing::spit(file, bytes);
    auto window = store::TableWindow<CheckersGame>::open(dir, 0);
    ASSERT_TRUE(window) << window.error();
    store::TableWindow<CheckersGame> w = std::move(window).value();
    const auto report = verify_streaming(w, 20);
    ASSERT_FALSE(report);
    EXPECT_NE(report.error().find(file.filename().string()), std::string::npos) << report.error();
}

}  // namespace
}  // namespace retrocheck::tb
