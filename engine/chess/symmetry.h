// The 8 symmetries of the board, on squares and on bitboards. Symmetry k: bit 0 mirrors the
// files (a <-> h), bit 1 the ranks (1 <-> 8), bit 2 then reflects in the a1-h8 diagonal. Without
// pawns all 8 keep a position's value; with pawns only 0 and 1 do (CHESS.md, "Symmetry").
#pragma once

#include <utility>

#include "engine/chess/types.h"

namespace retrocheck::chess {

constexpr Square transform(Square s, int k) {
    int f = file_of(s), r = rank_of(s);
    if (k & 1) f = 7 - f;
    if (k & 2) r = 7 - r;
    if (k & 4) std::swap(f, r);
    return make_square(f, r);
}

constexpr Bitboard flip_ranks(Bitboard b) { return __builtin_bswap64(b); }

constexpr Bitboard flip_files(Bitboard b) {
    constexpr Bitboard k1 = 0x5555555555555555ULL, k2 = 0x3333333333333333ULL,
                       k4 = 0x0F0F0F0F0F0F0F0FULL;
    b = ((b >> 1) & k1) | ((b & k1) << 1);
    b = ((b >> 2) & k2) | ((b & k2) << 2);
    return ((b >> 4) & k4) | ((b & k4) << 4);
}

// Reflection in the a1-h8 diagonal.
constexpr Bitboard flip_diagonal(Bitboard b) {
    constexpr Bitboard k1 = 0x5500550055005500ULL, k2 = 0x3333000033330000ULL,
                       k4 = 0x0F0F0F0F00000000ULL;
    Bitboard t = k4 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    t = k2 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    t = k1 & (b ^ (b << 7));
    return b ^ t ^ (t >> 7);
}

// transform() on every square of b.
constexpr Bitboard transform(Bitboard b, int k) {
    if (k & 1) b = flip_files(b);
    if (k & 2) b = flip_ranks(b);
    if (k & 4) b = flip_diagonal(b);
    return b;
}

}  // namespace retrocheck::chess
