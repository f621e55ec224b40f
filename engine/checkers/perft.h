// Perft: the number of leaf nodes of the legal move tree, with bulk counting at the last ply.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/checkers/position.h"

namespace retrocheck::checkers {

enum class DuplicatePaths {
    Count,  // every capture path is a move: the published perft convention
    Drop,   // paths with the same effect count once
};

struct PerftOptions {
    DuplicatePaths duplicates = DuplicatePaths::Count;
    int threads = 1;  // 0: every hardware thread
};

std::uint64_t perft(const Position& pos, int depth, PerftOptions options = {});

// Nodes below each root move, in generation order, keyed by the move in PDN.
std::vector<std::pair<std::string, std::uint64_t>> perft_divide(const Position& pos, int depth,
                                                                PerftOptions options = {});

}  // namespace retrocheck::checkers
