// The four castlings as data: which right each needs, where the king and the rook start and
// land, and its FEN letter. Move generation, copy-make, the legality check and the generators
// all read this one table.
#pragma once

#include <array>
#include <cstdint>

#include "engine/chess/types.h"

namespace retrocheck::chess {

struct Castling {
    std::uint8_t right;  // a CastlingRight bit
    Color color;
    Square king_from, king_to, rook_from, rook_to;
    char letter;  // in FEN: K, Q, k, q
};

namespace detail {
constexpr Square at(int file, int rank) { return make_square(file, rank); }
}  // namespace detail

// In CastlingRight bit order (K, Q, k, q).
inline constexpr std::array<Castling, 4> kCastlings = {{
    {kWhiteShort, Color::White, detail::at(4, 0), detail::at(6, 0), detail::at(7, 0),
     detail::at(5, 0), 'K'},
    {kWhiteLong, Color::White, detail::at(4, 0), detail::at(2, 0), detail::at(0, 0),
     detail::at(3, 0), 'Q'},
    {kBlackShort, Color::Black, detail::at(4, 7), detail::at(6, 7), detail::at(7, 7),
     detail::at(5, 7), 'k'},
    {kBlackLong, Color::Black, detail::at(4, 7), detail::at(2, 7), detail::at(0, 7),
     detail::at(3, 7), 'q'},
}};

// The castling a castling move (the king's move, e1g1) makes.
constexpr const Castling& castling_to(Square king_to) {
    for (const Castling& c : kCastlings)
        if (c.king_to == king_to) return c;
    return kCastlings[0];  // not reached for a castling move
}

}  // namespace retrocheck::chess
