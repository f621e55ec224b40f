// What the evaluations count a piece as, in centipawns (a pawn is 100; the king is not counted),
// and a side's material in those units: one table for the general evaluation and the endgame
// evaluators alike.
#pragma once

#include <array>

#include "engine/chess/position.h"

namespace retrocheck::chess {

inline constexpr std::array<int, kPieceTypes> kPieceValue = {100, 320, 330, 500, 900, 0};

constexpr int piece_value(PieceType t) { return kPieceValue[slot(t)]; }

// c's material: every piece, or (pawns false) its pieces without the pawns.
inline int material_value(const Position& pos, Color c, bool pawns = true) {
    int sum = 0;
    for (int t = pawns ? 0 : 1; t < kPieceTypes; ++t)
        sum += kPieceValue[static_cast<std::size_t>(t)] * popcount(pos.pieces(c, piece_type(t)));
    return sum;
}

}  // namespace retrocheck::chess
