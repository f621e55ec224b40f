// One byte per position in memory and in our files: the DTW in plies (even: a loss, odd: a
// win), or kDraw. kUnknown exists only while a table is being built.
#pragma once

#include <cassert>
#include <cstdint>

#include "engine/core/outcome.h"

namespace retrocheck::tb {

using Value = std::uint8_t;
inline constexpr Value kDraw = 255;
inline constexpr Value kUnknown = 254;
inline constexpr int kMaxPlies = 253;

// o must be a draw or carry a distance of at most kMaxPlies.
constexpr Value encode(const Outcome& o) {
    assert(o.is_draw() || (o.has_distance() && o.plies() <= kMaxPlies));
    return o.is_draw() ? kDraw : static_cast<Value>(o.plies());
}
constexpr Outcome decode(Value v) {
    if (v == kDraw) return Outcome::draw();
    return v % 2 ? Outcome::win(v) : Outcome::loss(v);
}

}  // namespace retrocheck::tb
