// Shrinking a failing position to the fewest pieces that still fail: what check-movegen and
// check-probe report, so that the user reads a position of three pieces, not of eleven. The
// property tests' generators shrink through the same steps (properties/checkers_gen.h).
#pragma once

#include <functional>
#include <vector>

#include "engine/checkers/position.h"

namespace retrocheck::checkers {

// Every well-formed position one step simpler than pos, pieces first: each piece taken off (while
// more than min_pieces remain), then each king made a man, in square order.
std::vector<Position> simpler(const Position& pos, int min_pieces = 0);

// The first simpler position that is still failing, again and again, until none is: a local
// minimum, first of pieces, then of kings. failing(pos) must hold. Deterministic.
Position shrink(const Position& pos, const std::function<bool(const Position&)>& failing);

}  // namespace retrocheck::checkers
