// Random positions are well formed with the pieces asked for; shrinking ends at a position that
// still fails and from which no single step (a piece removed, a king made a man) still fails.
#include <gtest/gtest.h>

#include <set>

#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/random_position.h"
#include "engine/checkers/shrink.h"

namespace retrocheck::checkers {
namespace {

TEST(RandomPosition, IsWellFormedWithThePiecesAsked) {
    std::mt19937_64 rng(1);
    std::set<Color> sides;
    int kings = 0, men = 0;
    for (int n = 0; n <= 24; ++n)
        for (int i = 0; i < 200; ++i) {
            const Position p = random_position(rng, n);
            ASSERT_TRUE(p.is_ok()) << describe(p);
            ASSERT_EQ(p.piece_count(), n);
            sides.insert(p.side_to_move());
            kings += popcount(p.kings());
            men += popcount(p.occupied() & ~p.kings());
        }
    EXPECT_EQ(sides.size(), 2u);
    EXPECT_GT(kings, 0);
    EXPECT_GT(men, 0);
    // The same seed, the same positions.
    std::mt19937_64 a(7), b(7);
    for (int i = 0; i < 50; ++i) EXPECT_EQ(random_position(a, 9), random_position(b, 9));
}

TEST(RandomPosition, PlayoutsAreLegalLines) {
    std::mt19937_64 rng(2);
    for (int i = 0; i < 200; ++i) {
        const Position p = random_playout(rng, 60);
        ASSERT_TRUE(p.is_ok()) << describe(p);
        EXPECT_LE(p.piece_count(), 24);
    }
}

// No single step from p (a piece off, a king made a man) is well formed and still failing.
void expect_local_minimum(const Position& p, const std::function<bool(const Position&)>& failing) {
    for (int s = 0; s < kSquares; ++s) {
        const Bitboard b = bit(static_cast<Square>(s));
        for (const Position q : {p.without(b & p.occupied()), p.uncrowned(b & p.kings())})
            EXPECT_FALSE(q != p && q.is_ok() && failing(q)) << describe(p) << "square " << s + 1;
    }
}

TEST(Shrink, AMandatoryCaptureShrinksToTheCapturerAndItsVictim) {
    const auto must_capture = [](const Position& p) {
        const MoveList moves = legal_moves(p);
        return !moves.empty() && moves[0].is_capture();
    };
    std::mt19937_64 rng(3);
    int shrunk = 0;
    for (int i = 0; i < 2000 && shrunk < 100; ++i) {
        const Position p = random_position(rng, 12);
        if (!must_capture(p)) continue;
        ++shrunk;
        const Position s = shrink(p, must_capture);
        EXPECT_TRUE(must_capture(s));
        EXPECT_EQ(s.piece_count(), 2) << describe(p) << describe(s);
        EXPECT_EQ(popcount(s.pieces(s.side_to_move())), 1) << describe(s);
        expect_local_minimum(s, must_capture);
        EXPECT_EQ(shrink(p, must_capture), s);  // deterministic
    }
    EXPECT_EQ(shrunk, 100);
}

TEST(Shrink, KeepsWhatTheFailureNeedsAndNoMore) {
    // Fails while Black has at least three kings and White has a man.
    const auto failing = [](const Position& p) {
        return popcount(p.kings(Color::Black)) >= 3 && p.men(Color::White) != 0;
    };
    std::mt19937_64 rng(4);
    int shrunk = 0;
    for (int i = 0; i < 5000 && shrunk < 50; ++i) {
        const Position p = random_position(rng, 16);
        if (!failing(p)) continue;
        ++shrunk;
        const Position s = shrink(p, failing);
        EXPECT_EQ(popcount(s.kings(Color::Black)), 3) << describe(s);
        EXPECT_EQ(popcount(s.pieces(Color::Black)), 3) << describe(s);
        EXPECT_EQ(popcount(s.pieces(Color::White)), 1) << describe(s);
        EXPECT_EQ(s.kings(Color::White), 0u) << describe(s);
        expect_local_minimum(s, failing);
    }
    EXPECT_EQ(shrunk, 50);
}

}  // namespace
}  // namespace retrocheck::checkers
