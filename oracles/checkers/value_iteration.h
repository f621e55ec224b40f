// The slow, obviously-correct table oracle: enumerate every position of a set of slices by
// brute force (no index), close the set under moves, and iterate the WLD/DTW equations to a
// fixed point:
//   no legal move                      -> loss in 0
//   some child is a loss               -> win in 1 + the shortest such loss
//   every child is a win               -> loss in 1 + the longest such win
//   otherwise                          -> draw (once nothing changes any more)
// Each round recomputes every position from the previous round's values (Jacobi iteration).
#pragma once

#include <unordered_map>
#include <vector>

#include "engine/checkers/position.h"
#include "engine/core/outcome.h"

namespace retrocheck::oracle {

struct MaterialCount {
    int black_men = 0, black_kings = 0, white_men = 0, white_kings = 0;
};

// Every placement of the given material (both sides to move), enumerated square by square.
std::vector<checkers::Position> enumerate_placements(MaterialCount material);

// Values of every position of the given materials and of every material their moves reach.
std::unordered_map<checkers::Position, Outcome> solve_by_value_iteration(
    const std::vector<MaterialCount>& materials);

}  // namespace retrocheck::oracle
