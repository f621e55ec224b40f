// Basic vocabulary of chess: colours, piece types, pieces, squares and bitboards.
//
// Squares are little-endian rank-file (CHESS.md): a1 = 0, b1 = 1, ..., h8 = 63, and bit i of a
// Bitboard is square i.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>

namespace retrocheck::chess {

using Bitboard = std::uint64_t;

enum class Color : std::uint8_t { White = 0, Black = 1 };

constexpr Color operator~(Color c) { return c == Color::White ? Color::Black : Color::White; }
constexpr int index_of(Color c) { return static_cast<int>(c); }
constexpr std::size_t slot(Color c) { return static_cast<std::size_t>(c); }
// "white" / "black" (JSON, messages), and "White" / "Black" (text for people).
constexpr const char* to_string(Color c) { return c == Color::White ? "white" : "black"; }
constexpr const char* title(Color c) { return c == Color::White ? "White" : "Black"; }

enum class PieceType : std::uint8_t { Pawn = 0, Knight, Bishop, Rook, Queen, King };
inline constexpr int kPieceTypes = 6;
constexpr int index_of(PieceType t) { return static_cast<int>(t); }
constexpr std::size_t slot(PieceType t) { return static_cast<std::size_t>(t); }
constexpr PieceType piece_type(int i) { return static_cast<PieceType>(i); }

// 'P','N','B','R','Q','K' (upper case: the FEN letter of a White piece).
constexpr char letter(PieceType t) { return "PNBRQK"[index_of(t)]; }

struct Piece {
    Color color = Color::White;
    PieceType type = PieceType::Pawn;
    friend constexpr bool operator==(Piece, Piece) = default;
};

// The FEN letter: upper case for White, lower case for Black.
constexpr char fen_letter(Piece p) {
    const char c = letter(p.type);
    return p.color == Color::White ? c : static_cast<char>(c - 'A' + 'a');
}

enum class Square : std::uint8_t {};
inline constexpr int kSquares = 64;

constexpr int index_of(Square s) { return static_cast<int>(s); }
// Array subscripts.
constexpr std::size_t slot(Square s) { return static_cast<std::size_t>(s); }
constexpr Square square_at(int i) { return static_cast<Square>(i); }
constexpr Square square_at(std::size_t i) { return static_cast<Square>(i); }
constexpr int file_of(Square s) { return index_of(s) & 7; }   // 0 = a
constexpr int rank_of(Square s) { return index_of(s) >> 3; }  // 0 = rank 1
constexpr Square make_square(int file, int rank) { return square_at(rank * 8 + file); }
constexpr bool on_board(int file, int rank) {
    return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}
// The same square seen from the other side (a1 <-> a8): the colour flip.
constexpr Square flip_rank(Square s) { return square_at(index_of(s) ^ 56); }
// The same square in the mirror of the files (a1 <-> h1).
constexpr Square flip_file(Square s) { return square_at(index_of(s) ^ 7); }
// rank as seen by `c`: a White pawn starts on relative rank 1, a Black one on relative rank 1.
constexpr int relative_rank(Color c, Square s) {
    return c == Color::White ? rank_of(s) : 7 - rank_of(s);
}

inline std::string square_name(Square s) {
    return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

constexpr Bitboard bit(Square s) { return Bitboard{1} << index_of(s); }
constexpr int popcount(Bitboard b) { return std::popcount(b); }
// The square of the lowest set bit; b must not be empty.
constexpr Square lowest_square(Bitboard b) { return square_at(std::countr_zero(b)); }
constexpr Square pop_lowest(Bitboard& b) {
    const Square s = lowest_square(b);
    b &= b - 1;
    return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

inline constexpr Bitboard kFileA = 0x0101010101010101ull;
inline constexpr Bitboard kFileH = kFileA << 7;
inline constexpr Bitboard kRank1 = 0xFFull;
inline constexpr Bitboard kRank8 = kRank1 << 56;
constexpr Bitboard rank_bb(int rank) { return kRank1 << (8 * rank); }
constexpr Bitboard file_bb(int file) { return kFileA << file; }

// Castling rights as four bits.
enum CastlingRight : std::uint8_t {
    kWhiteShort = 1,
    kWhiteLong = 2,
    kBlackShort = 4,
    kBlackLong = 8,
};
inline constexpr std::uint8_t kAllCastling = 15;

}  // namespace retrocheck::chess
