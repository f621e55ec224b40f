// Random chess positions for the commands that check other people's code (check-movegen):
// seeded and reproducible, legal (Position::is_ok), and rich in what move generators get wrong:
// castling rights, en passant rights, pins, checks and promotions.
#pragma once

#include <random>

#include "engine/chess/position.h"

namespace retrocheck::chess {

// A legal position with two kings and `pieces` more (0-30; each side at most 15 and 8 pawns):
// squares uniform, types weighted toward pawns, either side to move; a castling right wherever
// a king and rook stand on their squares (each kept with probability 3/4), and an en passant
// right wherever the side not to move has a pawn that can just have made a double push and a
// pawn of the side to move can capture it (kept with probability 3/4).
Position random_position(std::mt19937_64& rng, int pieces);

// The position after up to max_plies random legal moves from the start.
Position random_playout(std::mt19937_64& rng, int max_plies);

}  // namespace retrocheck::chess
