// A move is its effect (from, to, the captured set) plus the landing path it takes, which
// notation needs. Two capture paths with the same effect are different moves that lead to the
// same position; same_effect() tells them apart from identical moves.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <new>
#include <span>
#include <type_traits>

#include "engine/checkers/types.h"

namespace retrocheck::checkers {

// A capture takes at most 12 pieces, so a path has at most 12 landings.
inline constexpr int kMaxLandings = 12;

struct Move {
    Square from{};
    std::uint8_t n_landings = 0;
    Bitboard captured = 0;
    std::array<Square, kMaxLandings> landings{};

    Square to() const { return landings[n_landings - 1u]; }
    bool is_capture() const { return captured != 0; }
    std::span<const Square> path() const { return {landings.data(), n_landings}; }

    static Move step(Square from, Square to) {
        Move m;
        m.from = from;
        m.n_landings = 1;
        m.landings[0] = to;
        return m;
    }

    // Identical moves: same start, same path, same captures.
    friend bool operator==(const Move& a, const Move& b) {
        if (a.from != b.from || a.n_landings != b.n_landings || a.captured != b.captured)
            return false;
        for (int i = 0; i < a.n_landings; ++i)
            if (a.landings[static_cast<std::size_t>(i)] != b.landings[static_cast<std::size_t>(i)])
                return false;
        return true;
    }
};

// Same from, to and captured set: the moves lead to the same position.
inline bool same_effect(const Move& a, const Move& b) {
    return a.from == b.from && a.to() == b.to() && a.captured == b.captured;
}

// The move as seen on the colour-flipped board (rotated 180 degrees).
Move rotated(const Move& m);

static_assert(std::is_trivially_copyable_v<Move> && std::is_trivially_destructible_v<Move>);

// A list of moves with room for the usual case inline; it grows on the heap for the rare
// position with more capture paths than that, so no legal move is ever dropped.
class MoveList {
  public:
    static constexpr std::size_t kInline = 64;

    MoveList() = default;
    MoveList(const MoveList& other);
    MoveList& operator=(const MoveList& other);

    void push_back(const Move& m) {
        if (size_ == capacity_) grow();
        ::new (static_cast<void*>(data_ + size_)) Move(m);
        ++size_;
    }
    void clear() { size_ = 0; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Move& operator[](std::size_t i) const { return data_[i]; }
    Move& operator[](std::size_t i) { return data_[i]; }
    const Move* begin() const { return data_; }
    const Move* end() const { return data_ + size_; }
    Move* begin() { return data_; }
    Move* end() { return data_ + size_; }
    void resize_down(std::size_t n) { size_ = n < size_ ? n : size_; }

  private:
    void grow();

    // Raw storage: a list is made at every node of a search, and zeroing 64 moves there would
    // cost more than generating them.
    alignas(Move) unsigned char inline_[kInline * sizeof(Move)];
    std::unique_ptr<Move[]> heap_;
    Move* data_ = reinterpret_cast<Move*>(inline_);
    std::size_t size_ = 0;
    std::size_t capacity_ = kInline;
};

}  // namespace retrocheck::checkers
