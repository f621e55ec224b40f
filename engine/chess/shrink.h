// Shrinking a failing chess position to the fewest pieces that still fail: what check-movegen
// reports, so that the user reads a position of four pieces, not of twenty.
#pragma once

#include <functional>
#include <vector>

#include "engine/chess/position.h"

namespace retrocheck::chess {

// Every legal position one step simpler than pos: each piece but the kings taken off (castling
// rights that lose their rook dropped, the en passant right kept where it still stands), then
// each castling right dropped, then the en passant right dropped.
std::vector<Position> simpler(const Position& pos);

// The first simpler position that is still failing, again and again, until none is: a local
// minimum, first of pieces, then of rights. failing(pos) must hold. Deterministic.
Position shrink(const Position& pos, const std::function<bool(const Position&)>& failing);

}  // namespace retrocheck::chess
