// The two retrograde builders against each other and against the value-iteration oracle,
// which knows nothing of indexes or slices.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "oracles/checkers/value_iteration.h"
#include "tablebases/build/builder.h"

namespace retrocheck::tb {
namespace {

using checkers::Color;

oracle::MaterialCount material(Slice s) {
    return {s.black_men, s.black_kings, s.white_men, s.white_kings};
}

void expect_matches_oracle(const TableSet& built, const std::vector<Slice>& slices) {
    std::vector<oracle::MaterialCount> materials;
    for (const Slice& s : slices) materials.push_back(material(s));
    const auto truth = oracle::solve_by_value_iteration(materials);
    int reported = 0;
    std::uint64_t compared = 0;
    for (const auto& [pos, expected] : truth) {
        const auto got = built.probe(pos);
        ASSERT_TRUE(got.has_value()) << name(slice_of(pos)) << " was not built";
        ++compared;
        if (*got != expected && reported++ < 10)
            ADD_FAILURE() << "builder says " << got->to_string() << ", oracle says "
                          << expected.to_string() << " for\n"
                          << checkers::describe(pos);
    }
    EXPECT_GT(compared, 0u);
}

TEST(Builder, BothMethodsMatchTheOracleUpTo3Pieces) {
    for (BuildMethod method : {BuildMethod::OutCounting, BuildMethod::Grandfather}) {
        const TableSet built = build_up_to(3, method);
        expect_matches_oracle(built, slices_up_to(3));
    }
}

TEST(Builder, MethodsGiveIdenticalTablesUpTo4Pieces) {
    const TableSet a = build_up_to(4, BuildMethod::OutCounting);
    const TableSet b = build_up_to(4, BuildMethod::Grandfather);
    ASSERT_EQ(a.tables().size(), b.tables().size());
    for (const auto& [slice, table] : a.tables())
        EXPECT_EQ(table->values, b.find(slice)->values) << name(slice);
}

TEST(Builder, OneThreadAndAllThreadsGiveIdenticalTables) {
    for (BuildMethod method : {BuildMethod::OutCounting, BuildMethod::Grandfather}) {
        const TableSet many = build_up_to(4, method);
        const TableSet one = [&] {
            tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
            return build_up_to(4, method);
        }();
        for (const auto& [slice, table] : many.tables())
            EXPECT_EQ(table->values, one.find(slice)->values) << name(slice);
    }
}

TEST(Builder, MatchesTheOracleOnSeveral4PieceSlices) {
    const TableSet built = build_up_to(4, BuildMethod::OutCounting);
    expect_matches_oracle(built, {Slice{0, 2, 0, 2}, Slice{0, 1, 2, 1}, Slice{2, 0, 2, 0}});
}

TEST(Builder, KingAgainstKingWhiteToMove) {
    const TableSet built = build_up_to(2, BuildMethod::OutCounting);
    const SliceTable& t = *built.find(Slice{0, 1, 0, 1});
    int wins = 0, draws = 0, losses = 0;
    for (std::uint64_t i = 0; i < t.index.size(); ++i) {
        const Outcome v = decode(t.values[t.index.size() + i]);
        wins += v.is_win();
        draws += v.is_draw();
        losses += v.is_loss();
    }
    EXPECT_EQ(wins, 230);
    EXPECT_EQ(draws, 654);
    EXPECT_EQ(losses, 108);
}

}  // namespace
}  // namespace retrocheck::tb
