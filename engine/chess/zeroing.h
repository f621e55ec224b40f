// The 50-move counter's reset: what DTZ counts plies to.
#pragma once

#include "engine/chess/position.h"

namespace retrocheck::chess {

// Whether move m of pos zeroes the 50-move counter: a capture (en passant too) or a pawn move.
inline bool zeroing(const Position& pos, Move m) {
    return m.kind() == MoveKind::EnPassant || (pos.occupied() & bit(m.to())) ||
           (pos.pieces(PieceType::Pawn) & bit(m.from()));
}

}  // namespace retrocheck::chess
