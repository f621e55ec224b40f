// Random chess positions are legal, with the pieces asked for, and hold what move generators get
// wrong (castling and en passant rights, checks); shrinking ends at a legal position that still
// fails and from which no single step (a piece off, a right dropped) still fails.
#include <gtest/gtest.h>

#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/random_position.h"
#include "engine/chess/shrink.h"

namespace retrocheck::chess {
namespace {

TEST(ChessRandomPosition, IsLegalWithThePiecesAskedAndEveryRight) {
    std::mt19937_64 rng(1);
    int castling = 0, en_passant = 0, checks = 0, sides[2] = {0, 0};
    for (int n = 0; n <= 30; ++n)
        for (int i = 0; i < 100; ++i) {
            const Position p = random_position(rng, n);
            ASSERT_TRUE(p.is_ok()) << describe(p) << *p.problem();
            ASSERT_EQ(popcount(p.occupied()), n + 2) << describe(p);
            castling += p.castling() != 0;
            en_passant += p.en_passant().has_value();
            checks += p.in_check();
            ++sides[slot(p.side_to_move())];
        }
    EXPECT_GT(castling, 0);
    EXPECT_GT(en_passant, 0);
    EXPECT_GT(checks, 0);
    EXPECT_GT(sides[0], 0);
    EXPECT_GT(sides[1], 0);
    std::mt19937_64 a(7), b(7);
    for (int i = 0; i < 50; ++i) EXPECT_EQ(random_position(a, 9), random_position(b, 9));
}

TEST(ChessRandomPosition, PlayoutsAreLegalLines) {
    std::mt19937_64 rng(2);
    for (int i = 0; i < 200; ++i) {
        const Position p = random_playout(rng, 80);
        ASSERT_TRUE(p.is_ok()) << describe(p);
    }
}

// Whether pos has an en passant capture among its legal moves.
bool can_take_en_passant(const Position& pos) {
    for (const Move m : legal_moves(pos))
        if (m.kind() == MoveKind::EnPassant) return true;
    return false;
}

TEST(ChessShrink, AnEnPassantCaptureShrinksToTheTwoPawnsAndTheKings) {
    std::mt19937_64 rng(3);
    int shrunk = 0;
    for (int i = 0; i < 20000 && shrunk < 50; ++i) {
        const Position p = random_position(rng, 14);
        if (!can_take_en_passant(p)) continue;
        ++shrunk;
        const Position s = shrink(p, can_take_en_passant);
        ASSERT_TRUE(s.is_ok()) << describe(s);
        EXPECT_TRUE(can_take_en_passant(s)) << describe(s);
        EXPECT_EQ(popcount(s.occupied()), 4) << describe(p) << describe(s);
        EXPECT_EQ(s.castling(), 0) << describe(s);
        for (const Position& q : simpler(s))
            EXPECT_FALSE(can_take_en_passant(q)) << describe(s) << describe(q);
        EXPECT_EQ(shrink(p, can_take_en_passant), s);  // deterministic
    }
    EXPECT_EQ(shrunk, 50);
}

TEST(ChessShrink, StepsKeepThePositionLegal) {
    // Taking the rook off drops its castling right; taking the double-pushed pawn off drops the
    // en passant right.
    const Position p = *parse_fen("r3k2r/8/8/3pP3/8/8/8/4K3 w kq d6 0 1");
    for (const Position& q : simpler(p)) EXPECT_TRUE(q.is_ok()) << describe(q);
    int without_rook_a8 = 0;
    for (const Position& q : simpler(p))
        if (!q.piece_on(make_square(0, 7))) {
            ++without_rook_a8;
            EXPECT_EQ(q.castling() & kBlackLong, 0) << describe(q);
        }
    EXPECT_EQ(without_rook_a8, 1);
}

}  // namespace
}  // namespace retrocheck::chess
