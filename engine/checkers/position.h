// A checkers position: a small immutable value (three bitboards and the side to move).
// Children come from copy-make with after(); there is no undo.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <functional>

#include "engine/checkers/move.h"
#include "engine/checkers/rules.h"
#include "engine/checkers/types.h"

namespace retrocheck::checkers {

class Position {
  public:
    constexpr Position() = default;

    // No validation: callers that take outside input check is_ok() (the FEN parser does).
    static constexpr Position from_bitboards(Bitboard black, Bitboard white, Bitboard kings,
                                             Color side_to_move) {
        Position p;
        p.black_ = black;
        p.white_ = white;
        p.kings_ = kings;
        p.side_ = side_to_move;
        return p;
    }
    // Black men on 1-12, White men on 21-32, Black to move.
    static constexpr Position start() {
        return from_bitboards(0x00000FFFu, 0xFFF00000u, 0, Color::Black);
    }

    constexpr Bitboard pieces(Color c) const { return c == Color::Black ? black_ : white_; }
    constexpr Bitboard kings() const { return kings_; }
    constexpr Bitboard kings(Color c) const { return pieces(c) & kings_; }
    constexpr Bitboard men(Color c) const { return pieces(c) & ~kings_; }
    constexpr Bitboard occupied() const { return black_ | white_; }
    constexpr Bitboard empty() const { return ~(black_ | white_); }
    constexpr Color side_to_move() const { return side_; }
    constexpr int piece_count() const { return popcount(black_ | white_); }

    // The same position without the pieces on `squares`, or with the kings there made men.
    // Not checked: is_ok() says whether the result is a position.
    constexpr Position without(Bitboard squares) const {
        return from_bitboards(black_ & ~squares, white_ & ~squares, kings_ & ~squares, side_);
    }
    constexpr Position uncrowned(Bitboard squares) const {
        return from_bitboards(black_, white_, kings_ & ~squares, side_);
    }

    // The position after m, which must be legal here.
    Position after(const Move& m) const { return after(bit(m.from), bit(m.to()), m.captured); }

    // The same, from the move's effect as bitboards: the single squares `from` and `to` and
    // the captured set. Inline, for generators that build children without Move objects.
    Position after(Bitboard from, Bitboard to, Bitboard captured) const {
        Position p = *this;
        Bitboard& us = side_ == Color::Black ? p.black_ : p.white_;
        Bitboard& them = side_ == Color::Black ? p.white_ : p.black_;
        us = (us & ~from) | to;
        them &= ~captured;
        p.kings_ &= ~(captured | from);
        if ((kings_ & from) || (to & rules::promotion_row(side_))) p.kings_ |= to;
        p.side_ = ~side_;
        assert(p.is_ok());
        return p;
    }

    // Board rotated 180 degrees, colours swapped, the other side to move: the mirror position,
    // which has the same value with the roles of the colours exchanged.
    Position flipped() const;

    // The position is well formed: no square has two pieces, kings are pieces, no man stands
    // on its own promotion row, and neither side has more than 12 pieces.
    bool is_ok() const;

    std::uint64_t hash() const;

    friend constexpr bool operator==(const Position&, const Position&) = default;

  private:
    Bitboard black_ = 0;
    Bitboard white_ = 0;
    Bitboard kings_ = 0;
    Color side_ = Color::Black;
};

}  // namespace retrocheck::checkers

template <>
struct std::hash<retrocheck::checkers::Position> {
    std::size_t operator()(const retrocheck::checkers::Position& p) const noexcept {
        return static_cast<std::size_t>(p.hash());
    }
};
