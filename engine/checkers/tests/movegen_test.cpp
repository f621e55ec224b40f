// Hand-checked positions for the rules that perft from the start reaches late or never.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"

namespace retrocheck::checkers {
namespace {

std::vector<std::string> moves_of(const std::string& fen) {
    const auto pos = parse_fen(fen);
    EXPECT_TRUE(pos.ok()) << fen << ": " << (pos.ok() ? "" : pos.error());
    std::vector<std::string> out;
    if (!pos) return out;
    for (const Move& m : legal_moves(*pos)) out.push_back(format_move(m));
    std::sort(out.begin(), out.end());
    return out;
}

using Moves = std::vector<std::string>;

TEST(Movegen, StartPosition) {
    EXPECT_EQ(moves_of("B:W21-32:B1-12"),
              (Moves{"10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"}));
}

TEST(Movegen, CaptureIsMandatory) {
    // Black man 18 can take 22 (landing 25); its quiet moves are not legal.
    EXPECT_EQ(moves_of("B:W22:B18,1"), (Moves{"18x25"}));
}

TEST(Movegen, MenCaptureForwardOnly) {
    // The white man on 14 stands behind the black man on 18, which cannot take it backwards.
    EXPECT_EQ(moves_of("B:W14:B18"), (Moves{"18-22", "18-23"}));
}

TEST(Movegen, MultiJumpMustContinueToTheEnd) {
    EXPECT_EQ(moves_of("B:W14,23:B10"), (Moves{"10x17"}));
    EXPECT_EQ(moves_of("B:W15,24:B10"), (Moves{"10x19x28"}));
}

TEST(Movegen, PromotionEndsTheMove) {
    // White man 11 jumps 7 and is crowned on 2; as a king it could go on over 6 to 9, but
    // crowning ends the move.
    EXPECT_EQ(moves_of("W:W11:B6,7"), (Moves{"11x2"}));
}

TEST(Movegen, KingsMoveAndCaptureBackwards) {
    EXPECT_EQ(moves_of("B:WK1:BK18"), (Moves{"18-14", "18-15", "18-22", "18-23"}));
    EXPECT_EQ(moves_of("B:W14:BK18"), (Moves{"18x9"}));
}

TEST(Movegen, FreeChoiceAmongSequences) {
    // From 10 over 15 to 19, the capture must go on, over 23 to 26 or over 24 to 28: both
    // complete sequences are legal.
    EXPECT_EQ(moves_of("B:W15,24,23:B10"), (Moves{"10x19x26", "10x19x28"}));
}

TEST(Movegen, KingCircleGivesTwoPathsWithOneEffect) {
    // King on 10 around four white men (14,15,22,23) either way: two paths, one effect,
    // ending back on 10.
    const auto pos = parse_fen("B:W14,15,22,23:BK10");
    ASSERT_TRUE(pos.ok());
    MoveList moves = legal_moves(*pos);
    ASSERT_EQ(moves.size(), 2u);
    EXPECT_TRUE(same_effect(moves[0], moves[1]));
    EXPECT_FALSE(moves[0] == moves[1]);
    EXPECT_EQ(moves[0].to(), moves[0].from);
    drop_duplicate_paths(moves);
    EXPECT_EQ(moves.size(), 1u);
}

TEST(Movegen, NoMovesWhenBlockedOrEmpty) {
    EXPECT_TRUE(moves_of("W:W:B1").empty());
    // Black man 5 can only go to 9, which is taken, and the jump over 9 lands on 14, also taken.
    EXPECT_TRUE(moves_of("B:W9,14:B5").empty());
}

TEST(Movegen, CountMatchesGenerate) {
    for (const char* fen :
         {"B:W21-32:B1-12", "B:W14,15,22,23:BK10", "W:WK17,24:B8,K18", "B:W15,24,23:B10"}) {
        const auto pos = parse_fen(fen);
        ASSERT_TRUE(pos.ok());
        EXPECT_EQ(count_moves(*pos), legal_moves(*pos).size()) << fen;
    }
}

}  // namespace
}  // namespace retrocheck::checkers
