// The two retrograde builders against each other and against the value-iteration oracle,
// which knows nothing of indexes or slices. Fast* names the tests of the fast stage.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <unordered_map>
#include <vector>

#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "oracles/checkers/value_iteration.h"
#include "tablebases/checkers/build.h"
#include "tablebases/checkers/game.h"
#include "tablebases/tests/tables.h"
#include "tablebases/verify/stats.h"

namespace retrocheck::tb {
namespace {

using testing::built_tables;

oracle::MaterialCount material_count(Slice s) {
    return {s.black_men, s.black_kings, s.white_men, s.white_kings};
}

using Truth = std::unordered_map<checkers::Position, Outcome>;

// The oracle's values of the slices and of every slice their moves lead to.
Truth oracle_values(const std::vector<Slice>& slices) {
    std::vector<oracle::MaterialCount> materials;
    for (const Slice& s : slices) materials.push_back(material_count(s));
    return oracle::solve_by_value_iteration(materials);
}

const char* method_name(BuildMethod m) {
    return m == BuildMethod::OutCounting ? "out-counting" : "grandfather";
}

void expect_matches_oracle(const TableSet& built, const Truth& truth, BuildMethod method) {
    int reported = 0;
    std::uint64_t compared = 0;
    for (const auto& [pos, expected] : truth) {
        const auto got = built.probe(pos);
        ASSERT_TRUE(got.has_value()) << name(slice_of(pos)) << " was not built";
        ++compared;
        if (*got != expected && reported++ < 10)
            ADD_FAILURE() << method_name(method) << " builder says " << got->to_string()
                          << ", oracle says " << expected.to_string() << " for\n"
                          << checkers::describe(pos);
    }
    EXPECT_GT(compared, 0u);
}

TEST(FastBuilder, BothMethodsMatchTheOracleUpTo3Pieces) {
    const Truth truth = oracle_values(slices_up_to(3));
    for (BuildMethod method : {BuildMethod::OutCounting, BuildMethod::Grandfather})
        expect_matches_oracle(built_tables(3, method), truth, method);
}

// Promotions in a 4-piece slice, by both methods: a man against three kings, the 4-piece slice
// with a man whose closure is smallest (with the slice the man crowns into, about 540,000
// positions for the oracle; a second 4-piece slice with men doubles the time at least).
TEST(FastBuilder, BothMethodsMatchTheOracleOnAManAgainstThreeKings) {
    const Truth truth = oracle_values({Slice{1, 0, 0, 3}});
    for (BuildMethod method : {BuildMethod::OutCounting, BuildMethod::Grandfather})
        expect_matches_oracle(build_closure({Slice{1, 0, 0, 3}}, method), truth, method);
}

TEST(Builder, MethodsGiveIdenticalTablesUpTo4Pieces) {
    const TableSet& a = built_tables(4, BuildMethod::OutCounting);
    const TableSet& b = built_tables(4, BuildMethod::Grandfather);
    ASSERT_EQ(a.tables().size(), b.tables().size());
    for (const auto& [slice, table] : a.tables())
        EXPECT_EQ(table->values, b.find(slice)->values) << name(slice);
}

TEST(Builder, OneThreadAndAllThreadsGiveIdenticalTables) {
    for (BuildMethod method : {BuildMethod::OutCounting, BuildMethod::Grandfather}) {
        const TableSet& many = built_tables(4, method);
        const TableSet one = [&] {
            tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
            return build_up_to(4, method);
        }();
        for (const auto& [slice, table] : many.tables())
            EXPECT_EQ(table->values, one.find(slice)->values) << name(slice);
    }
}

TEST(Builder, MatchesTheOracleOnSeveral4PieceSlices) {
    expect_matches_oracle(built_tables(4),
                          oracle_values({Slice{0, 2, 0, 2}, Slice{0, 1, 2, 1}, Slice{2, 0, 2, 0}}),
                          BuildMethod::OutCounting);
}

TEST(FastBuilder, KingAgainstKingWhiteToMove) {
    const SideStats<CheckersGame> white =
        table_stats<CheckersGame>(*built_tables(3).find(Slice{0, 1, 0, 1}))[1];
    EXPECT_EQ(white.wins, 230u);
    EXPECT_EQ(white.draws, 654u);
    EXPECT_EQ(white.losses, 108u);
    EXPECT_EQ(white.longest_win_plies, 11);
    // Published too: 140 / 650 / 108 where neither side can capture.
    EXPECT_EQ(white.extra.quiet_wins, 140u);
    EXPECT_EQ(white.extra.quiet_draws, 650u);
    EXPECT_EQ(white.extra.quiet_losses, 108u);
    EXPECT_EQ(white.extra.capture_positions, 992u - 140 - 650 - 108);
    EXPECT_EQ(white.histogram.at(11), white.longest_win_classes);
}

}  // namespace
}  // namespace retrocheck::tb
