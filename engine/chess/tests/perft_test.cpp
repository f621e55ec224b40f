// Perft against every published figure of CHESS.md: the six standard positions and the special
// cases (en passant pins and checks, castling that gives check, promotions). The default tier
// goes as deep as the issue asks (start 5, Kiwipete 4, positions 3-6 to 5); deeper in Slow*.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/perft.h"

namespace retrocheck::chess {
namespace {

struct Published {
    const char* name;
    const char* fen;
    std::vector<std::uint64_t> counts;  // depth 1, 2, ...
    int fast_depth;                     // the default tier checks depths 1..fast_depth
};

const std::vector<Published>& published() {
    static const std::vector<Published> table = {
        {"start",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         {20, 400, 8902, 197281, 4865609, 119060324, 3195901860},
         5},
        {"Kiwipete",
         "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
         {48, 2039, 97862, 4085603, 193690690},
         4},
        {"position 3",
         "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
         {14, 191, 2812, 43238, 674624, 11030083, 178633661},
         5},
        {"position 4",
         "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
         {6, 264, 9467, 422333, 15833292, 706045033},
         5},
        {"position 5",
         "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
         {44, 1486, 62379, 2103487, 89941194},
         5},
        {"position 6",
         "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
         {46, 2079, 89890, 3894594, 164075551},
         5},
    };
    return table;
}

struct Special {
    const char* fen;
    int depth;
    std::uint64_t count;
    const char* why;
};

constexpr Special kSpecial[] = {
    {"3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, 1134888, "illegal en passant"},
    {"8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 6, 1015133, "en passant pinned by a bishop"},
    {"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1440467, "en passant out of check"},
    {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661072, "short castling gives check"},
    {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, 803711, "long castling gives check"},
    {"1k6/1b6/8/8/7R/8/8/4K2R b K - 0 1", 5, 1063513, "castling rights, rook attacked"},
};

Position position_of(const char* fen) {
    const auto pos = parse_fen(fen);
    EXPECT_TRUE(pos.ok()) << fen << ": " << (pos.ok() ? "" : pos.error());
    return pos.ok() ? *pos : Position::start();
}

void expect_depths(const Published& p, int first, int last, PerftOptions options = {}) {
    const Position pos = position_of(p.fen);
    for (int depth = first; depth <= last; ++depth)
        EXPECT_EQ(perft(pos, depth, options), p.counts[static_cast<std::size_t>(depth - 1)])
            << p.name << " depth " << depth << ": " << p.fen;
}

TEST(ChessPerft, PublishedPositionsInTheDefaultTier) {
    for (const Published& p : published()) expect_depths(p, 1, p.fast_depth);
}

TEST(ChessPerft, SpecialCases) {
    for (const Special& s : kSpecial)
        EXPECT_EQ(perft(position_of(s.fen), s.depth), s.count) << s.why << ": " << s.fen;
}

TEST(ChessPerft, DepthZeroIsOneNode) { EXPECT_EQ(perft(Position::start(), 0), 1u); }

// perft() counts the last ply without building the list; this walks legal_moves() and after()
// all the way down, so the list and the count answer to the same figures.
std::uint64_t perft_through_moves(const Position& pos, int depth) {
    if (depth == 0) return 1;
    std::uint64_t nodes = 0;
    for (Move m : legal_moves(pos)) nodes += perft_through_moves(pos.after(m), depth - 1);
    return nodes;
}

TEST(ChessPerft, ThroughLegalMovesAndAfter) {
    for (const Published& p : published())
        EXPECT_EQ(perft_through_moves(position_of(p.fen), 3), p.counts[2]) << p.name;
}

TEST(ChessPerft, DivideSumsToTheTotalAndThreadsAgree) {
    const Position pos = position_of(published()[1].fen);
    std::uint64_t sum = 0;
    const auto divide = perft_divide(pos, 3);
    EXPECT_EQ(divide.size(), 48u);
    for (const auto& [move, n] : divide) sum += n;
    EXPECT_EQ(sum, 97862u);
    EXPECT_EQ(perft(pos, 4, {.threads = 2}), 4085603u);
    EXPECT_EQ(perft(position_of(published()[0].fen), 5, {.threads = 0}), 4865609u);
}

TEST(SlowChessPerft, DeepFigures) {
    const PerftOptions all{.threads = 0};
    expect_depths(published()[0], 6, 7, all);
    expect_depths(published()[1], 5, 5, all);
    expect_depths(published()[2], 6, 7, all);
    expect_depths(published()[3], 6, 6, all);
}

}  // namespace
}  // namespace retrocheck::chess
