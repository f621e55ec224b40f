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
    checkers::Position position(std::uint64_t i, checkers::Color side_to_move) const;

  private:
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
