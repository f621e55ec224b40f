// Shrinking a failing position to the fewest pieces that still fail: what check-movegen and
// check-probe report, so that the user reads a position of three pieces, not of eleven.
#pragma once

#include <functional>

#include "engine/checkers/position.h"

namespace retrocheck::checkers {

// A position reached from pos by removing pieces and turning kings into men, one step at a
// time, each step well formed (is_ok) and still `failing`, until no single step is: a local
// minimum, first of pieces, then of kings. failing(pos) must hold. Each candidate is tried once
// per round, in square order, so the result is deterministic.
Position shrink(const Position& pos, const std::function<bool(const Position&)>& failing);

}  // namespace retrocheck::checkers
