// Basic vocabulary of English checkers: colours, squares and bitboards.
//
// Squares follow PDN numbering (CHECKERS.md): 1..32, row r (0 = Black's back row) holds
// squares 4r+1..4r+4. Internally a Square is that number minus one, and bit i of a Bitboard
// is square i+1.
#pragma once

#include <bit>
#include <cstdint>

namespace retrocheck::checkers {

using Bitboard = std::uint32_t;

enum class Color : std::uint8_t { Black = 0, White = 1 };

constexpr Color operator~(Color c) { return c == Color::Black ? Color::White : Color::Black; }
// "black" / "white" (JSON, FEN messages), and "Black" / "White" (text for people).
constexpr const char* to_string(Color c) { return c == Color::Black ? "black" : "white"; }
constexpr const char* title(Color c) { return c == Color::Black ? "Black" : "White"; }

enum class Square : std::uint8_t {};

inline constexpr int kSquares = 32;

constexpr Square square_from_pdn(int n) { return static_cast<Square>(n - 1); }
constexpr int pdn(Square s) { return static_cast<int>(s) + 1; }
constexpr int index_of(Square s) { return static_cast<int>(s); }
constexpr Bitboard bit(Square s) { return Bitboard{1} << static_cast<unsigned>(s); }
constexpr bool valid_pdn(int n) { return n >= 1 && n <= kSquares; }

// The square of the lowest set bit; b must not be empty.
constexpr Square lowest_square(Bitboard b) { return static_cast<Square>(std::countr_zero(b)); }
constexpr int popcount(Bitboard b) { return std::popcount(b); }

// Square reflected through the centre of the board (the colour-flip symmetry).
constexpr Square rotated(Square s) { return static_cast<Square>(31 - static_cast<int>(s)); }
constexpr Bitboard rotated(Bitboard b) {
    b = ((b >> 1) & 0x55555555u) | ((b & 0x55555555u) << 1);
    b = ((b >> 2) & 0x33333333u) | ((b & 0x33333333u) << 2);
    b = ((b >> 4) & 0x0F0F0F0Fu) | ((b & 0x0F0F0F0Fu) << 4);
    b = ((b >> 8) & 0x00FF00FFu) | ((b & 0x00FF00FFu) << 8);
    return (b >> 16) | (b << 16);
}

}  // namespace retrocheck::checkers
