// A chess move is its effect: from, to, the promotion piece, and whether it is castling (told
// as the king's move, e1g1) or an en passant capture. Packed in 16 bits.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "engine/chess/types.h"

namespace retrocheck::chess {

enum class MoveKind : std::uint8_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

class Move {
  public:
    constexpr Move() = default;
    static constexpr Move make(Square from, Square to, MoveKind kind = MoveKind::Normal,
                               PieceType promotion = PieceType::Knight) {
        const int promo = kind == MoveKind::Promotion ? index_of(promotion) - 1 : 0;
        return Move(static_cast<std::uint16_t>(index_of(from) | index_of(to) << 6 | promo << 12 |
                                               static_cast<int>(kind) << 14));
    }

    constexpr Square from() const { return square_at(bits_ & 63); }
    constexpr Square to() const { return square_at(bits_ >> 6 & 63); }
    constexpr MoveKind kind() const { return static_cast<MoveKind>(bits_ >> 14); }
    // Knight, Bishop, Rook or Queen; meaningful only for a promotion.
    constexpr PieceType promotion() const { return piece_type((bits_ >> 12 & 3) + 1); }
    constexpr bool is_promotion() const { return kind() == MoveKind::Promotion; }
    constexpr std::uint16_t bits() const { return bits_; }

    friend constexpr bool operator==(Move, Move) = default;
    friend constexpr auto operator<=>(Move a, Move b) { return a.bits_ <=> b.bits_; }

  private:
    constexpr explicit Move(std::uint16_t bits) : bits_(bits) {}
    std::uint16_t bits_ = 0;
};

// No legal chess position has more than 218 moves.
inline constexpr int kMaxMoves = 256;

class MoveList {
  public:
    MoveList() {}  // the moves are left unset, not zeroed: a list is made for every position
    MoveList(const MoveList& other) : size_(other.size_) {
        std::copy(other.begin(), other.end(), moves_);
    }
    MoveList& operator=(const MoveList& other) {
        size_ = other.size_;
        std::copy(other.begin(), other.end(), moves_);
        return *this;
    }
    void push(Move m) { moves_[size_++] = m; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Move& operator[](std::size_t i) const { return moves_[i]; }
    const Move* begin() const { return moves_; }
    const Move* end() const { return moves_ + size_; }
    bool contains(Move m) const {
        for (Move x : *this)
            if (x == m) return true;
        return false;
    }

  private:
    // In a union, so that no constructor runs for them: each one is set by push() before it is
    // read.
    union {
        Move moves_[kMaxMoves];
    };
    std::size_t size_ = 0;
};

}  // namespace retrocheck::chess
