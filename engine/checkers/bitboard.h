// Board geometry on 32-bit bitboards. Bit i is PDN square i+1; "down" is toward square 32
// (Black's forward direction), "left" is column a as Black's side is drawn at the top.
//
// On an even row (0-based from Black's side) the dark squares stand on columns 1,3,5,7, on an odd
// row on 0,2,4,6. A one-square step therefore shifts by 4 or by 3/5 depending on the row parity,
// and the masks below drop the squares that would step off the board sideways.
#pragma once

#include "engine/checkers/types.h"

namespace retrocheck::checkers {

enum class Direction : std::uint8_t { DownLeft, DownRight, UpLeft, UpRight };

namespace geometry {
inline constexpr Bitboard kEvenRows = 0x0F0F0F0Fu;
inline constexpr Bitboard kOddRows = 0xF0F0F0F0u;
inline constexpr Bitboard kEvenRowsNotRight = 0x07070707u;  // even rows, not column 7
inline constexpr Bitboard kOddRowsNotLeft = 0xE0E0E0E0u;    // odd rows, not column 0
}  // namespace geometry

// Every square of b moved one step in direction D; steps off the board vanish.
template <Direction D>
constexpr Bitboard step(Bitboard b) {
    using namespace geometry;
    if constexpr (D == Direction::DownLeft)
        return ((b & kEvenRows) << 4) | ((b & kOddRowsNotLeft) << 3);
    else if constexpr (D == Direction::DownRight)
        return ((b & kEvenRowsNotRight) << 5) | ((b & kOddRows) << 4);
    else if constexpr (D == Direction::UpLeft)
        return ((b & kEvenRows) >> 4) | ((b & kOddRowsNotLeft) >> 5);
    else
        return ((b & kEvenRowsNotRight) >> 3) | ((b & kOddRows) >> 4);
}

template <Direction D>
constexpr Direction opposite() {
    if constexpr (D == Direction::DownLeft)
        return Direction::UpRight;
    else if constexpr (D == Direction::DownRight)
        return Direction::UpLeft;
    else if constexpr (D == Direction::UpLeft)
        return Direction::DownRight;
    else
        return Direction::DownLeft;
}

// Forward for a man of colour c: Black moves down, White moves up.
template <Color C>
inline constexpr Direction kForwardLeft =
    C == Color::Black ? Direction::DownLeft : Direction::UpLeft;
template <Color C>
inline constexpr Direction kForwardRight =
    C == Color::Black ? Direction::DownRight : Direction::UpRight;
template <Color C>
inline constexpr Direction kBackwardLeft =
    C == Color::Black ? Direction::UpLeft : Direction::DownLeft;
template <Color C>
inline constexpr Direction kBackwardRight =
    C == Color::Black ? Direction::UpRight : Direction::DownRight;

}  // namespace retrocheck::checkers
