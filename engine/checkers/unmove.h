// Retrograde moves: the positions one quiet, non-crowning move before pos. These are exactly
// the predecessors of pos with the same material, which is what a retrograde tablebase builder
// walks inside a slice. A predecessor counts only when its move was legal there, that is when
// the mover had no capture (captures are mandatory).
#pragma once

#include "engine/checkers/bitboard.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/position.h"

namespace retrocheck::checkers {

namespace detail {
template <Direction D, typename F>
void unsteps(const Position& pos, Bitboard pieces, bool kings, F& f) {
    const Color mover = ~pos.side_to_move();
    const Bitboard empty = pos.empty();
    for (Bitboard b = pieces; b; b &= b - 1) {
        const Bitboard to = b & (~b + 1);
        const Bitboard from = step<D>(to) & empty;
        if (!from) continue;
        const Bitboard black = mover == Color::Black ? (pos.pieces(Color::Black) ^ to ^ from)
                                                     : pos.pieces(Color::Black);
        const Bitboard white = mover == Color::White ? (pos.pieces(Color::White) ^ to ^ from)
                                                     : pos.pieces(Color::White);
        const Bitboard k = kings ? (pos.kings() ^ to ^ from) : pos.kings();
        const Position before = Position::from_bitboards(black, white, k, mover);
        if (!has_capture(before, mover)) f(before);
    }
}
}  // namespace detail

// Calls f(parent) for every position from which one legal quiet move without crowning
// leads to pos.
template <typename F>
void for_each_quiet_parent(const Position& pos, F&& f) {
    const Color mover = ~pos.side_to_move();
    const Bitboard men = pos.men(mover), kings = pos.kings(mover);
    // A man came from behind it; a king from any side.
    if (mover == Color::Black) {
        detail::unsteps<Direction::UpLeft>(pos, men, false, f);
        detail::unsteps<Direction::UpRight>(pos, men, false, f);
    } else {
        detail::unsteps<Direction::DownLeft>(pos, men, false, f);
        detail::unsteps<Direction::DownRight>(pos, men, false, f);
    }
    detail::unsteps<Direction::UpLeft>(pos, kings, true, f);
    detail::unsteps<Direction::UpRight>(pos, kings, true, f);
    detail::unsteps<Direction::DownLeft>(pos, kings, true, f);
    detail::unsteps<Direction::DownRight>(pos, kings, true, f);
}

}  // namespace retrocheck::checkers
