// The value-iteration oracle against figures and verdicts published outside this project
// (CHECKERS.md), so that agreement between it and the builders means something.
#include <gtest/gtest.h>

#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "oracles/checkers/value_iteration.h"

namespace retrocheck::oracle {
namespace {

using checkers::Color;

Outcome value_of(const std::unordered_map<checkers::Position, Outcome>& table, const char* fen) {
    return table.at(*checkers::parse_fen(fen));
}

TEST(ValueIteration, EnumeratesThePublishedNumberOfPlacements) {
    // One king against one king: 32 * 31 = 992 placements, each with either side to move.
    EXPECT_EQ(enumerate_placements({0, 1, 0, 1}).size(), 2u * 992u);
    EXPECT_EQ(enumerate_placements({1, 0, 0, 0}).size(), 2u * 28u);
}

TEST(ValueIteration, KingAgainstKingMatchesThePublishedCounts) {
    const auto table = solve_by_value_iteration({{0, 1, 0, 1}});
    int wins = 0, draws = 0, losses = 0, longest = 0;
    int quiet_wins = 0, quiet_draws = 0, quiet_losses = 0;
    for (const auto& pos : enumerate_placements({0, 1, 0, 1})) {
        if (pos.side_to_move() != Color::White) continue;
        const Outcome v = table.at(pos);
        const bool quiet = !checkers::either_side_can_capture(pos);
        wins += v.is_win();
        draws += v.is_draw();
        losses += v.is_loss();
        quiet_wins += quiet && v.is_win();
        quiet_draws += quiet && v.is_draw();
        quiet_losses += quiet && v.is_loss();
        if (v.is_win()) longest = std::max(longest, v.plies());
    }
    EXPECT_EQ(wins, 230);
    EXPECT_EQ(draws, 654);
    EXPECT_EQ(losses, 108);
    EXPECT_EQ(longest, 11);
    EXPECT_EQ(quiet_wins, 140);
    EXPECT_EQ(quiet_draws, 650);
    EXPECT_EQ(quiet_losses, 108);
}

TEST(ValueIteration, PublishedVerdicts) {
    const auto d17 = solve_by_value_iteration({{1, 1, 1, 1}});
    EXPECT_TRUE(value_of(d17, "W:WK17,24:B8,K18").is_loss());  // Oldbury, diagram 17
    EXPECT_TRUE(value_of(d17, "B:WK17,24:B8,K18").is_draw());
}

TEST(SlowValueIteration, PublishedVerdictsWithFivePieces) {
    const auto three_kings = solve_by_value_iteration({{0, 2, 0, 3}});
    EXPECT_TRUE(value_of(three_kings, "W:WK22,K23,K24:BK31,K32").is_win());
    EXPECT_TRUE(value_of(three_kings, "B:WK22,K23,K24:BK31,K32").is_loss());
}

TEST(ValueIteration, TheEquationsHoldAtTheFixedPoint) {
    const auto table = solve_by_value_iteration({{1, 0, 1, 0}, {0, 1, 1, 0}});
    for (const auto& [pos, v] : table) {
        const auto moves = checkers::legal_moves(pos);
        if (moves.empty()) {
            EXPECT_EQ(v, Outcome::loss(0));
            continue;
        }
        Outcome best = Outcome::loss(0);
        bool first = true;
        for (const auto& m : moves) {
            const Outcome through = table.at(pos.after(m)).parent_view();
            if (first || better(through, best)) best = through;
            first = false;
        }
        EXPECT_EQ(v, best) << checkers::format_fen(pos);
    }
}

}  // namespace
}  // namespace retrocheck::oracle
