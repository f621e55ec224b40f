// Perft: the number of leaf nodes of the legal move tree, with bulk counting at the last ply.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/chess/move.h"
#include "engine/chess/position.h"

namespace retrocheck::chess {

struct PerftOptions {
    int threads = 1;  // 0: every hardware thread
};

std::uint64_t perft(const Position& pos, int depth, PerftOptions options = {});

// Nodes below each root move, in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth,
                                                         PerftOptions options = {});

}  // namespace retrocheck::chess
