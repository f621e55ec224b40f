// A chess position: a small value (bitboards by colour and piece type, the side to move,
// castling rights, the en passant square, the two clocks and a Zobrist hash). Children come from
// copy-make: Position::after(move).
//
// The en passant square is kept only when a pawn of the side to move attacks it (as Stockfish
// does), so two positions with the same moves available compare equal and hash the same; a FEN
// that names an en passant square no pawn can capture to is read without it.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "engine/chess/material_key.h"
#include "engine/chess/move.h"
#include "engine/chess/types.h"
#include "engine/chess/zobrist.h"

namespace retrocheck::chess {

// The board as a parser or a generator lays it out; Position::from_setup makes it a position.
struct Setup {
    std::array<std::optional<Piece>, kSquares> board{};
    Color side = Color::White;
    std::uint8_t castling = 0;         // CastlingRight bits
    std::optional<Square> en_passant;  // as written; dropped when no pawn can capture
    int halfmove = 0, fullmove = 1;
};

class Position {
  public:
    static Position start();
    // Unchecked: the caller asks problem() / is_ok() before trusting it.
    static Position from_setup(const Setup& setup);
    // Kings and pieces placed one by one (no castling, no en passant, clocks 0 and 1): the fast
    // way for an index to lay a position out. Unchecked, like from_setup.
    static Position empty(Color side);
    void place(Square s, Piece p) { put(s, p); }
    Setup setup() const;

    Bitboard pieces(Color c) const { return by_color_[slot(c)]; }
    Bitboard pieces(PieceType t) const { return by_type_[slot(t)]; }
    Bitboard pieces(Color c, PieceType t) const { return pieces(c) & pieces(t); }
    Bitboard occupied() const { return pieces(Color::White) | pieces(Color::Black); }
    int piece_count() const { return popcount(occupied()); }
    std::optional<Piece> piece_on(Square s) const;
    Square king(Color c) const { return lowest_square(pieces(c, PieceType::King)); }

    Color side_to_move() const { return side_; }
    std::uint8_t castling() const { return castling_; }
    std::optional<Square> en_passant() const {
        if (ep_ == kNoSquare) return std::nullopt;
        return square_at(ep_);
    }
    int halfmove_clock() const { return halfmove_; }
    int fullmove_number() const { return fullmove_; }
    std::uint64_t hash() const { return hash_; }
    // Which pieces are on the board, not where (material_key.h); kept incrementally.
    MaterialKey material_key() const { return material_key_; }

    // Pieces of either colour that attack s, with `occupied` as the blockers.
    Bitboard attackers_to(Square s, Bitboard occupied) const;
    Bitboard checkers() const { return attackers_to(king(side_), occupied()) & pieces(~side_); }
    bool in_check() const { return checkers() != 0; }

    // The position after a legal move (copy-make; the hash is updated incrementally).
    Position after(Move m) const;
    // The side to move passes (a search's null move): the other side to move, no en passant
    // right, the halfmove clock one on. Not a legal move: the side to move must not be in check.
    Position passed() const;

    // Retrograde steps for engine/chess/unmove.h, unchecked like from_setup (problem() judges
    // the result); the hash is updated incrementally.
    // The piece of type t on `to`, which belongs to the side that has just moved
    // (~side_to_move()), put back on the empty square `from`; that side to move, no castling or
    // en passant right, the clocks at 0 and 1.
    Position taken_back(PieceType t, Square to, Square from) const;
    // This position with en passant square ep (replacing any other): it is one when
    // double_push_problem() has nothing against it and en_passant_capturable() holds.
    Position with_en_passant(Square ep) const;

    // Colours swapped, ranks mirrored, the other side to move: the same game seen from the
    // other chair.
    Position flipped() const;
    // Files mirrored (a <-> h). Only a position without castling rights has a mirror image.
    Position mirrored() const;
    // Symmetry k of the board (symmetry.h) applied to every piece; no castling rights, and no
    // en passant right unless k only mirrors the files. Only the ones CHESS.md names keep the
    // value: all 8 without pawns, 0 and 1 with them.
    Position transformed(int k) const;

    // "KQRvKR": White's pieces, then Black's, each king first, then Q R B N P.
    std::string material() const;

    // The Zobrist hash computed from scratch (hash() is kept incrementally).
    std::uint64_t computed_hash() const;

    // The first thing that makes this no legal chess position, in words naming the square or
    // field (one king a side, no pawn on rank 1 or 8, the side not to move not in check,
    // castling rights and the en passant square consistent with the board); nothing if legal.
    std::optional<std::string> problem() const;
    bool is_ok() const { return !problem(); }

    friend bool operator==(const Position& a, const Position& b) {
        return a.by_color_ == b.by_color_ && a.by_type_ == b.by_type_ && a.side_ == b.side_ &&
               a.castling_ == b.castling_ && a.ep_ == b.ep_ && a.halfmove_ == b.halfmove_ &&
               a.fullmove_ == b.fullmove_;
    }

  private:
    static constexpr std::uint8_t kNoSquare = 64;
    PieceType type_on(Square s) const;  // s must be occupied
    void put(Square s, Piece p) {
        by_color_[slot(p.color)] |= bit(s);
        by_type_[slot(p.type)] |= bit(s);
        hash_ ^= zobrist::piece(p, s);
        material_key_ += material_unit(p);
    }
    void remove(Square s, Piece p) {
        by_color_[slot(p.color)] &= ~bit(s);
        by_type_[slot(p.type)] &= ~bit(s);
        hash_ ^= zobrist::piece(p, s);
        material_key_ -= material_unit(p);
    }
    MaterialKey computed_material_key() const;

    std::array<Bitboard, 2> by_color_{};
    std::array<Bitboard, kPieceTypes> by_type_{};
    std::uint64_t hash_ = 0;
    MaterialKey material_key_ = 0;
    std::uint16_t halfmove_ = 0, fullmove_ = 1;
    Color side_ = Color::White;
    std::uint8_t castling_ = 0;
    std::uint8_t ep_ = kNoSquare;
};

// Why `ep` cannot be the en passant square of this board with its side to move (no double push
// of the other side could have skipped it); nothing if it can.
std::optional<std::string> double_push_problem(const Position& pos, Square ep);

// Whether a pawn of `side` could capture en passant to `ep` (pseudo-legally) in this board.
bool en_passant_capturable(const Position& pos, Color side, Square ep);

}  // namespace retrocheck::chess
