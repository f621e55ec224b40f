// A slice is a material signature: black men, black kings, white men, white kings. The side to
// move is part of the position, not of the slice. Captures lead to slices with fewer pieces and
// promotions to slices with fewer men, so building in order of (pieces, men) ascending always
// finds the slices a move can leave to already finished.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/checkers/position.h"

namespace retrocheck::tb {

struct Slice {
    std::uint8_t black_men = 0, black_kings = 0, white_men = 0, white_kings = 0;

    constexpr int pieces() const { return black_men + black_kings + white_men + white_kings; }
    constexpr int men() const { return black_men + white_men; }
    // Build order: fewer pieces first, then fewer men.
    friend constexpr auto operator<=>(const Slice& a, const Slice& b) {
        if (auto c = a.pieces() <=> b.pieces(); c != 0) return c;
        if (auto c = a.men() <=> b.men(); c != 0) return c;
        return std::tie(a.black_men, a.black_kings, a.white_men, a.white_kings) <=>
               std::tie(b.black_men, b.black_kings, b.white_men, b.white_kings);
    }
    friend constexpr bool operator==(const Slice&, const Slice&) = default;
};

Slice slice_of(const checkers::Position& pos);

// The slice with the colours exchanged (the colour-flip symmetry).
constexpr Slice flipped(Slice s) {
    return {s.white_men, s.white_kings, s.black_men, s.black_kings};
}

// "bm1bk0wm0wk1": black men, black kings, white men, white kings.
std::string name(Slice s);
std::optional<Slice> parse_slice(std::string_view text);
// For people, White first: "2K+1M v 1K" (White: two kings and a man; Black: one king); a side
// without pieces is "0".
std::string material(Slice s);

// Every slice with 0..max_pieces pieces (at most 12 a side), in build order.
std::vector<Slice> slices_up_to(int max_pieces);

// The slices that moves from s can lead to, other than s itself: one capture or more, with or
// without a crowning, or a crowning alone.
std::vector<Slice> successors(Slice s);

}  // namespace retrocheck::tb
