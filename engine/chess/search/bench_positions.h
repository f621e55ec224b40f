// The fixed positions `retrocheck bench --game chess` searches, from the opening through the
// middlegame (Kiwipete) to the endings the endgame knowledge covers: the node count over them is
// the chess search's determinism fingerprint.
#pragma once

#include <array>
#include <cstddef>

namespace retrocheck::chess {

inline constexpr int kBenchDepth = 9;

inline constexpr std::array<const char*, 8> kBenchPositions = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1",
    "8/8/8/3k4/8/8/8/R3K3 w - - 0 1",
    "8/3k4/5K2/8/4BN2/8/8/8 w - - 0 1",
    "8/8/1k6/8/8/8/K5P1/8 w - - 0 1",
};

}  // namespace retrocheck::chess
