// Retrograde moves ("un-moves"): the positions one quiet move before pos. These are the
// predecessors of pos inside its material, which a retrograde tablebase builder walks. A parent
// counts when a legal move that neither captures nor promotes leads from it to pos, the clocks
// aside. Tables model no castling rights (CHESS.md), so pos has none and neither has a parent;
// a parent's clocks are 0 and 1.
//
// En passant rights make different positions of one board (Position keeps a right only when a
// pawn can capture to it, pseudo-legally), and the rules follow from that:
//  - a position with a right was reached only by the double push past it: that is its one
//    un-move;
//  - a double push that leaves a right leads to the position with it, so a position without
//    one has no parent by a double push that would have left one;
//  - every parent comes once without a right and once with each right it can have (the pawn of
//    the side that has just moved there having gone two squares past one of the mover's pawns).
#pragma once

#include <cassert>

#include "engine/chess/attacks.h"
#include "engine/chess/position.h"

namespace retrocheck::chess {

namespace detail {

// f(parent), then f of each of its en passant variants. `pushed` are the pawns of the side not
// to move in parent standing on their fourth rank, the only ones that can have just gone two
// squares (they are the same in every parent of one position).
template <typename F>
void with_en_passant_variants(const Position& parent, Bitboard pushed, F& f) {
    f(parent);
    if (!pushed) return;
    const Color us = parent.side_to_move(), them = ~us;
    const Bitboard empty = ~parent.occupied(), ours = parent.pieces(us, PieceType::Pawn);
    // The skipped square and the pawn's origin behind it are both empty (double_push_problem),
    // and a pawn of ours attacks the skipped square (en_passant_capturable).
    for (Bitboard skipped = push(us, pushed) & empty & push(them, empty); skipped;) {
        const Square ep = pop_lowest(skipped);
        if (pawn_attacks(them, ep) & ours) f(parent.with_en_passant(ep));
    }
}

}  // namespace detail

// Calls f(PieceType t, Square to, Bitboard origins) once for every piece of the mover that has
// un-moves: its type t on `to` goes back to each square `from` of origins (not empty), giving a
// legal parent (pos.taken_back(t, to, from)) without any en passant right. pos must be legal and
// without castling rights.
template <typename F>
void for_each_unmove_set(const Position& pos, F&& f) {
    assert(pos.castling() == 0);
    const Color waiting = pos.side_to_move(), mover = ~waiting;  // mover: who moves in a parent
    const Bitboard occ = pos.occupied(), empty = ~occ, own = pos.pieces(mover);
    const Square king = pos.king(waiting);

    // In a parent it is the mover's turn, so the waiting king must not be in check there. A check
    // by a knight, pawn or king is gone only if that piece moved; a check along a line also if
    // the move uncovered it.
    const Bitboard leaper_checks = ((knight_attacks(king) & pos.pieces(PieceType::Knight)) |
                                    (pawn_attacks(waiting, king) & pos.pieces(PieceType::Pawn)) |
                                    (king_attacks(king) & pos.pieces(PieceType::King))) &
                                   own;
    if (more_than_one(leaper_checks)) return;
    const Bitboard queens = pos.pieces(PieceType::Queen);
    const Bitboard diagonal = (pos.pieces(PieceType::Bishop) | queens) & own;
    const Bitboard straight = (pos.pieces(PieceType::Rook) | queens) & own;
    const Bitboard diagonal_view = bishop_attacks(king, occ),
                   straight_view = rook_attacks(king, occ);
    // Every parent in which the mover's piece of type t on `to` came from one of `origins`
    // (empty squares from which it reaches `to`).
    const auto take_back = [&](PieceType t, Square to, Bitboard origins) {
        const Bitboard here = bit(to);
        if (leaper_checks & ~here) return;
        // What the waiting king sees along lines once `to` is empty.
        const Bitboard d = diagonal_view & here ? bishop_attacks(king, occ ^ here) : diagonal_view;
        const Bitboard s = straight_view & here ? rook_attacks(king, occ ^ here) : straight_view;
        if (const Bitboard sliders = ((d & diagonal) | (s & straight)) & ~here) {
            if (more_than_one(sliders)) return;
            origins &= between(king, lowest_square(sliders));  // the move uncovered this check
        }
        // Nor may the piece give check from its origin.
        switch (t) {
            case PieceType::Pawn:
                origins &= ~pawn_attacks(waiting, king);
                break;
            case PieceType::Knight:
                origins &= ~knight_attacks(king);
                break;
            case PieceType::Bishop:
                origins &= ~d;
                break;
            case PieceType::Rook:
                origins &= ~s;
                break;
            case PieceType::Queen:
                origins &= ~(d | s);
                break;
            case PieceType::King:
                origins &= ~king_attacks(king);
                break;
        }
        if (origins) f(t, to, origins);
    };

    if (const auto ep = pos.en_passant()) {
        take_back(PieceType::Pawn, lowest_square(push(mover, bit(*ep))), push(waiting, bit(*ep)));
        return;
    }
    for (Bitboard b = pos.pieces(mover, PieceType::Knight); b;) {
        const Square to = pop_lowest(b);
        take_back(PieceType::Knight, to, knight_attacks(to) & empty);
    }
    for (Bitboard b = pos.pieces(mover, PieceType::Bishop); b;) {
        const Square to = pop_lowest(b);
        take_back(PieceType::Bishop, to, bishop_attacks(to, occ) & empty);
    }
    for (Bitboard b = pos.pieces(mover, PieceType::Rook); b;) {
        const Square to = pop_lowest(b);
        take_back(PieceType::Rook, to, rook_attacks(to, occ) & empty);
    }
    for (Bitboard b = pos.pieces(mover, PieceType::Queen); b;) {
        const Square to = pop_lowest(b);
        take_back(PieceType::Queen, to, queen_attacks(to, occ) & empty);
    }
    const Square mover_king = pos.king(mover);
    take_back(PieceType::King, mover_king, king_attacks(mover_king) & empty);

    // A pawn on its second rank has no square behind it to come from; one on its fourth may
    // have come two squares, unless that would have left an en passant right.
    const Bitboard second = rank_bb(mover == Color::White ? 1 : 6);
    const Bitboard fourth = rank_bb(mover == Color::White ? 3 : 4);
    for (Bitboard b = pos.pieces(mover, PieceType::Pawn) & ~second; b;) {
        const Square to = pop_lowest(b);
        const Bitboard one = push(waiting, bit(to)) & empty;
        Bitboard two = (bit(to) & fourth) ? push(waiting, one) & empty : 0;
        if (two && en_passant_capturable(pos, waiting, lowest_square(one))) two = 0;
        take_back(PieceType::Pawn, to, one | two);
    }
}

// Calls f(PieceType t, Square to, Square from) once for every un-move of pos
// (for_each_unmove_set, one square at a time).
template <typename F>
void for_each_unmove(const Position& pos, F&& f) {
    for_each_unmove_set(pos, [&](PieceType t, Square to, Bitboard origins) {
        while (origins) f(t, to, pop_lowest(origins));
    });
}

// The pawns of the side to move in pos's parents that may have just gone two squares: those of
// the side waiting in pos on its fourth rank. Without them no parent has an en passant right.
inline Bitboard pushed_pawns(const Position& pos) {
    const Color waiting = pos.side_to_move();
    return pos.pieces(waiting, PieceType::Pawn) & rank_bb(waiting == Color::White ? 3 : 4);
}

// Calls f(const Position& parent) once for every distinct legal position from which a legal
// move that is neither a capture nor a promotion leads to pos (clocks aside). pos must be legal
// and without castling rights. Every parent has the other side to move, no castling rights,
// clocks 0 and 1; each one is given without and with each possible en passant right.
// No allocation: the parents are built from pos by editing its bitboards.
template <typename F>
void for_each_parent(const Position& pos, F&& f) {
    const Bitboard pushed = pushed_pawns(pos);
    for_each_unmove(pos, [&](PieceType t, Square to, Square from) {
        detail::with_en_passant_variants(pos.taken_back(t, to, from), pushed, f);
    });
}

}  // namespace retrocheck::chess
