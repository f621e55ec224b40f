// Perft from the start position against the published figures in CHECKERS.md. Convention
// under test: every capture path is a separate move (DuplicatePaths::Count); the figures with
// duplicate paths dropped are tested separately.
#include <gtest/gtest.h>

#include <cstdint>

#include "engine/checkers/movegen.h"
#include "engine/checkers/perft.h"

namespace retrocheck::checkers {
namespace {

constexpr std::uint64_t kPublished[] = {1,        7,        49,        302,        1469,
                                        7361,     36768,    179740,    845931,     3963680,
                                        18391564, 85242128, 388623673, 1766623630, 7978439499};

TEST(Perft, StartPositionDepths1To10) {
    for (int depth = 0; depth <= 10; ++depth)
        EXPECT_EQ(perft(Position::start(), depth), kPublished[depth]) << "depth " << depth;
}

// perft() builds children straight from bitboards; this walks the public legal_moves() and
// Position::after() instead, so both paths answer to the published figures.
std::uint64_t perft_through_moves(const Position& pos, int depth) {
    if (depth == 0) return 1;
    std::uint64_t nodes = 0;
    for (const Move& m : legal_moves(pos)) nodes += perft_through_moves(pos.after(m), depth - 1);
    return nodes;
}

TEST(Perft, ThroughLegalMovesAndAfter) {
    for (int depth = 0; depth <= 9; ++depth)
        EXPECT_EQ(perft_through_moves(Position::start(), depth), kPublished[depth])
            << "depth " << depth;
}

TEST(Perft, ThreadsGiveTheSameCount) {
    EXPECT_EQ(perft(Position::start(), 9, {.threads = 2}), kPublished[9]);
    EXPECT_EQ(perft(Position::start(), 9, {.threads = 0}), kPublished[9]);
}

TEST(Perft, DivideAtDepth3SumsToTheTotal) {
    const auto divide = perft_divide(Position::start(), 3);
    ASSERT_EQ(divide.size(), 7u);
    std::uint64_t sum = 0;
    for (const auto& [move, n] : divide) sum += n;
    EXPECT_EQ(sum, 302u);
}

TEST(Perft, DroppingDuplicatePathsChangesNothingBeforeDepth12) {
    EXPECT_EQ(perft(Position::start(), 9, {.duplicates = DuplicatePaths::Drop}), kPublished[9]);
}

TEST(SlowPerft, StartPositionDepths11To13) {
    for (int depth = 11; depth <= 13; ++depth)
        EXPECT_EQ(perft(Position::start(), depth, {.threads = 0}), kPublished[depth])
            << "depth " << depth;
}

TEST(SlowPerft, DuplicatePathsDroppedAtDepth12And13) {
    const PerftOptions unique{.duplicates = DuplicatePaths::Drop, .threads = 0};
    EXPECT_EQ(perft(Position::start(), 12, unique), 388617999u);
    EXPECT_EQ(perft(Position::start(), 13, unique), 1766564893u);
}

}  // namespace
}  // namespace retrocheck::checkers
