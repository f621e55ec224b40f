#include "engine/checkers/position.h"

#include <cassert>

#include "engine/checkers/rules.h"

namespace retrocheck::checkers {

Position Position::flipped() const {
    return from_bitboards(rotated(white_), rotated(black_), rotated(kings_), ~side_);
}

bool Position::is_ok() const {
    if ((black_ & white_) != 0) return false;
    if ((kings_ & ~(black_ | white_)) != 0) return false;
    if ((men(Color::Black) & rules::promotion_row(Color::Black)) != 0) return false;
    if ((men(Color::White) & rules::promotion_row(Color::White)) != 0) return false;
    if (popcount(black_) > 12 || popcount(white_) > 12) return false;
    return side_ == Color::Black || side_ == Color::White;
}

std::uint64_t Position::hash() const {
    // A strong 64-bit mix (splitmix64 finaliser) of the packed words.
    std::uint64_t x = (std::uint64_t{black_} << 32 | white_) * 0x9E3779B97F4A7C15ull;
    x ^= (std::uint64_t{kings_} << 1 | static_cast<std::uint64_t>(side_)) + 0xBF58476D1CE4E5B9ull;
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBull;
    x ^= x >> 31;
    return x;
}

}  // namespace retrocheck::checkers
