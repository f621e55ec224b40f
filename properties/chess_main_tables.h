// Test support for properties over the chess main job's 3-4 piece tables (the ctest fixture
// chess4; RETROCHECK_CHESS4 names the directory): the tables, a random position they hold, its
// value, and the classes a case is counted in.
#pragma once

#include <rapidcheck.h>

#include "engine/chess/position.h"
#include "engine/core/outcome.h"
#include "tablebases/chess/table.h"

namespace retrocheck::chess {

// Loaded once; throws naming the variable or the directory when they are not usable.
const tb::chess::MaterialTableSet& main_job_tables();

// A random legal position of the kings and one or two other pieces, no castling rights (a
// quarter of those with pawns of both sides carry an en passant right).
rc::Gen<Position> table_position();

// pos's value in those tables; a RapidCheck failure when they have none.
Outcome table_value(const Position& pos);

// Tags the case by material and classifies it by result and en passant right.
void classify_value(const Position& pos, const Outcome& v);

}  // namespace retrocheck::chess
