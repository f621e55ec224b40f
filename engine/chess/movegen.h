// Legal move generation: pins and checks are worked out once per position, so every generated
// move is legal (no make-and-test). Castling is not out of, through or into check; en passant is
// tested by removing both pawns, which catches the pin along the rank.
#pragma once

#include "engine/chess/move.h"
#include "engine/chess/position.h"

namespace retrocheck::chess {

// Appends every legal move of pos to out (promotions as four moves: Q, R, B, N).
void generate_moves(const Position& pos, MoveList& out);

MoveList legal_moves(const Position& pos);

// The number of legal moves, without building the list: perft's last ply.
int count_moves(const Position& pos);

// Appends every legal capture and promotion of pos (en passant included) to out; the number of
// its other legal moves (a tablebase's moves that keep the material).
int generate_captures_counting_rest(const Position& pos, MoveList& out);

// Every square a piece of `side` attacks, with the board's occupancy `occ` (the king's own
// square left out of it: where a king may not step).
Bitboard attacked_by(const Position& pos, Color side, Bitboard occ);

}  // namespace retrocheck::chess
