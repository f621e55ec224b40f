// Attack sets: tables for the leapers and pawns, magic bitboards for the sliders, and the line
// and between sets that pins and check blocks need. The tables are filled once, before main.
#pragma once

#include <array>

#include "engine/chess/types.h"

namespace retrocheck::chess {

namespace detail {
struct Magic {
    Bitboard mask = 0;
    Bitboard magic = 0;
    const Bitboard* table = nullptr;
    unsigned shift = 0;
    std::size_t index(Bitboard occupied) const {
        return static_cast<std::size_t>(((occupied & mask) * magic) >> shift);
    }
};
struct Tables {
    std::array<Bitboard, kSquares> knight{}, king{};
    std::array<std::array<Bitboard, kSquares>, 2> pawn{};  // [colour][square]: squares attacked
    std::array<Magic, kSquares> bishop{}, rook{};
    // between[a][b]: the squares strictly between a and b on a common line, else empty.
    // line[a][b]: the whole line through a and b (edge to edge), else empty.
    std::array<std::array<Bitboard, kSquares>, kSquares> between{}, line{};
};
// Filled once, on first use (the magics' search takes a few hundred milliseconds: a command that
// plays no chess does not pay it, and one that does pays it while reading its first FEN).
const Tables& built_tables();
// Inline, so a lookup costs a guard check, not a call: this is the hot path of every move
// generator and builder.
inline const Tables& tables() {
    static const Tables& t = built_tables();
    return t;
}
}  // namespace detail

inline Bitboard knight_attacks(Square s) { return detail::tables().knight[slot(s)]; }
inline Bitboard king_attacks(Square s) { return detail::tables().king[slot(s)]; }
// The squares a pawn of colour c on s attacks (not where it pushes).
inline Bitboard pawn_attacks(Color c, Square s) { return detail::tables().pawn[slot(c)][slot(s)]; }
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
    const detail::Magic& m = detail::tables().bishop[slot(s)];
    return m.table[m.index(occupied)];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
    const detail::Magic& m = detail::tables().rook[slot(s)];
    return m.table[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
    return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}
inline Bitboard between(Square a, Square b) { return detail::tables().between[slot(a)][slot(b)]; }
inline Bitboard line_through(Square a, Square b) { return detail::tables().line[slot(a)][slot(b)]; }

// Every set square of `pawns` of colour c shifted one rank forward (toward the opponent).
constexpr Bitboard push(Color c, Bitboard pawns) {
    return c == Color::White ? pawns << 8 : pawns >> 8;
}

}  // namespace retrocheck::chess
