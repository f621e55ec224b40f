// RapidCheck generators for chess positions (random legal positions of chosen material, and
// positions reached by random playouts from the start and the perft suite), how a failing
// position or move is shown (FEN and a board diagram; UCI), and how a run is classified.
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <ostream>
#include <vector>

#include "engine/chess/move.h"
#include "engine/chess/position.h"

namespace retrocheck::chess {

// RapidCheck prints counterexamples with these (found by argument-dependent lookup).
void showValue(const Position& pos, std::ostream& os);
void showValue(const Move& m, std::ostream& os);

namespace gen {

// An integer of [min, max), every value equally likely whatever RapidCheck's size (inRange alone
// narrows the range for the small sizes of the early cases); shrinks towards min.
rc::Gen<int> uniform(int min, int max);

// A seed for a random engine: any 64-bit value, not shrunk.
rc::Gen<std::uint64_t> seed();

// A random legal position: the two kings plus `pieces` others (0..6 asked for; up to 30 work)
// of random types and colours, no pawn on rank 1 or 8, either side to move. Kings and rooks
// often stand on their home squares (three positions in ten are laid out to castle, mostly for
// the side to move), with castling rights usually granted where they do. A quarter of those
// with two pieces or more begin from a pawn that has just gone two squares past an enemy pawn,
// with the en passant square set. Clocks are random. Illegal draws are redrawn inside the
// generator (one RapidCheck draw a position). It shrinks by taking a piece off, dropping a
// castling right or the en passant square, or resetting the clocks.
rc::Gen<Position> position_with(int pieces);

// position_with(n), n from 0 to 6 equally likely.
rc::Gen<Position> any_material();

// The start position and the other five positions of the perft suite (CHESS.md).
const std::vector<Position>& playout_roots();

// Up to max_plies random legal moves from one of playout_roots(), stopping early at mate or
// stalemate. It shrinks to earlier roots, or to fewer plies of the same line (a prefix).
rc::Gen<Position> playout(int max_plies = 100);

// any_material() or playout(), half and half.
rc::Gen<Position> mixed_position();

}  // namespace gen

// The position with its castling rights taken away (always legal if pos is).
Position without_castling(const Position& pos);

// Tags a property run with the piece count, and whether the side to move is in check (or mated
// or stalemated) and can castle, capture en passant or promote.
void classify(const Position& pos);

}  // namespace retrocheck::chess
