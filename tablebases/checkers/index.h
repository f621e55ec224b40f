// A perfect (gap-free) combinatorial index of the positions of one slice with one side to
// move: index(position(i, side)) == i for every i < size(), and size() is the exact number of
// placements, so slice sizes can be checked against published totals.
//
// Scheme (version kIndexScheme): positions are grouped by j, the number of black men on the
// squares both colours' men may use (5-28). Within a group the index is a mixed-radix number
// of five combination ranks: black men on 1-4, black men on 5-28, white men on their legal
// squares not taken by black men, black kings on the squares still empty, white kings on the
// rest. Each rank is the colex rank of the pieces' squares counted among the squares
// available to them.
#pragma once

#include <array>
#include <cstdint>

#include "engine/checkers/position.h"
#include "tablebases/checkers/slice.h"

namespace retrocheck::tb {

inline constexpr std::uint32_t kIndexScheme = 1;

class SliceIndex {
  public:
    explicit SliceIndex(Slice slice);

    Slice slice() const { return slice_; }
    // Positions with one given side to move.
    std::uint64_t size() const { return size_; }

    // pos must belong to slice(); the side to move is not part of the index.
    std::uint64_t index(const checkers::Position& pos) const;

    // The part of a position's index its men decide (their group, their ranks and the squares
    // they leave), so that positions with the same men are ranked by their kings alone:
    // index(men_part(p), kings of q) == index(q) for every q of the slice with p's men.
    struct MenPart {
        std::uint64_t offset, rank, black_kings_radix, white_kings_radix;
        checkers::Bitboard empty;
    };
    MenPart men_part(const checkers::Position& pos) const;
    std::uint64_t index(const MenPart& men, checkers::Bitboard black_kings,
                        checkers::Bitboard white_kings) const;
    checkers::Position position(std::uint64_t i, checkers::Color side_to_move) const;

    // The positions of consecutive indices from i on, with one side to move: each from the last
    // by moving the innermost kings (White's, else Black's) to their next combination (the next
    // index's, where the index does not carry into another rank), else by position().
    class Walk {
      public:
        Walk(const SliceIndex& index, std::uint64_t i, checkers::Color side);
        const checkers::Position& position() const { return pos_; }
        void next();  // to index i + 1, which must be below size()

      private:
        void load();
        const SliceIndex* index_;
        std::uint64_t i_;
        checkers::Color side_;
        checkers::Position pos_;
        // The pieces that stay, the squares the moving kings choose from, their choice as bits
        // of those squares, and the steps left before their rank carries.
        checkers::Bitboard black_ = 0, white_ = 0, kings_ = 0, available_ = 0, picks_ = 0;
        bool white_moves_ = true;
        std::uint64_t left_ = 0;
    };

  private:
    // An index taken apart: the pieces, and the innermost kings' rank, choices and count.
    struct Parts {
        checkers::Bitboard black_men, white_men, black_kings, white_kings;
        std::uint64_t wk_rank, bk_rank, wk_count, bk_count;
        checkers::Bitboard wk_picks, bk_picks;  // as bits of the squares left to them
    };
    Parts parts(std::uint64_t i) const;

    struct Group {
        std::uint64_t offset, low_men, mid_men, white_men, black_kings, white_kings;
    };
    Slice slice_;
    std::uint64_t size_ = 0;
    int first_j_ = 0;
    std::array<Group, 13> groups_{};
    int n_groups_ = 0;
};

// Binomial coefficient C(n, k) for 0 <= n <= 32; 0 when k < 0 or k > n.
std::uint64_t binomial(int n, int k);

}  // namespace retrocheck::tb
