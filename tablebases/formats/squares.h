// What the Chinook and Cake formats share: where a value is stored, the "d" square numbering (d =
// (s-1) XOR 3, the order within each row reversed), the 180-degree rotation with colours swapped
// that both use to normalise positions, and colex ranks of square sets.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "engine/checkers/position.h"
#include "engine/core/outcome.h"

namespace retrocheck::tb::formats {

// Where a stored value lives: the data file, the byte's offset and, for a packed byte, which
// of its digits (-1: a run byte).
struct StoredByte {
    std::filesystem::path file;
    std::uint64_t offset = 0;
    int digit = -1;
    Wld value = Wld::Draw;
};

// Both formats address data in 1024-byte blocks, hold at most 8 pieces here, and mark a
// uniform slice's value with + (win), = (draw) or - (loss) for the side to move.
inline constexpr std::uint64_t kBlock = 1024;
inline constexpr int kMaxPieces = 8;
constexpr Wld value_of_char(char v) {
    return v == '+' ? Wld::Win : v == '-' ? Wld::Loss : Wld::Draw;
}

// The d numbers (ascending) of each kind of piece.
struct DSquares {
    std::vector<int> black_men, black_kings, white_men, white_kings;
};

// The pieces of pos as d numbers. (Both formats' "reversal", the board rotated 180 degrees with
// colours and side to move swapped, is Position::flipped().)
DSquares d_squares(const checkers::Position& pos);

// C(x1,1) + C(x2,2) + ... for x1 < x2 < ...; 0 for the empty set.
std::uint64_t colex_rank(const std::vector<int>& ascending);

// The k-subset (ascending) of colex rank r.
std::vector<int> colex_unrank(std::uint64_t r, int k);

// How many of xs are below (or above) d.
int count_below(const std::vector<int>& xs, int d);
int count_above(const std::vector<int>& xs, int d);

}  // namespace retrocheck::tb::formats
