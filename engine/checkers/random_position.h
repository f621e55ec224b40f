// Random checkers positions for the commands that check other people's code (check-movegen,
// check-probe): seeded and reproducible. (The tests' RapidCheck generators are in properties/.)
#pragma once

#include <random>

#include "engine/checkers/position.h"

namespace retrocheck::checkers {

// A well-formed position (is_ok) with `pieces` pieces (0-24), each side at most 12: squares
// uniform, colours split at random, a piece a king with probability 1/2 (always on its own
// promotion row), either side to move.
Position random_position(std::mt19937_64& rng, int pieces);

// The position after up to max_plies random legal moves from the start.
Position random_playout(std::mt19937_64& rng, int max_plies);

}  // namespace retrocheck::checkers
