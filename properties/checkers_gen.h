// RapidCheck generators for checkers positions, and how a failing position is shown: FEN and
// a board diagram.
#pragma once

#include <rapidcheck.h>

#include <functional>
#include <ostream>

#include "engine/checkers/move.h"
#include "engine/checkers/position.h"
#include "engine/checkers/threats.h"  // the kinds of positions the generators aim at

namespace retrocheck::checkers {

// RapidCheck prints counterexamples with this (found by argument-dependent lookup).
void showValue(const Position& pos, std::ostream& os);
void showValue(const Move& m, std::ostream& os);

namespace gen {

// A random legal position with exactly n pieces (0..24): at most 12 a side, kings and men
// mixed, no man on its own promotion row, either side to move.
rc::Gen<Position> position_with(int pieces);

// A random legal position with 1 to 24 pieces, every count equally likely.
rc::Gen<Position> any_position();

// A position reached by up to max_plies random legal moves from the start.
rc::Gen<Position> playout(int max_plies = 120);

// Either of the two above, half and half.
rc::Gen<Position> mixed_position();

// A random legal position of min_pieces..max_pieces pieces (drawn like position_with) for which
// keep(pos) holds, found by rejection sampling: one RapidCheck draw seeds the search, so a rare
// kind of position costs a microsecond a try, not a RapidCheck draw a try. It shrinks by taking
// a piece off or uncrowning a king while keep still holds and at least min_pieces remain.
// Throws rc::GenerationFailure after max_tries rejected positions.
rc::Gen<Position> position_where(int min_pieces, int max_pieces,
                                 std::function<bool(const Position&)> keep,
                                 int max_tries = 1'000'000);

}  // namespace gen

// Tags a property run with the piece count and whether a capture is on the board.
void classify(const Position& pos);

}  // namespace retrocheck::checkers
