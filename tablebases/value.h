// A position's value in memory and in our files: the DTW or DTM in plies (even: a loss, odd: a
// win), the code's largest number a draw and the next kUnknown, which exists only while a table
// is being built (and, in a finished chess table, marks a slot without a position).
//
// Checkers tables hold one byte a position (Value: distances up to 253 plies, its DTW never
// comes near); chess DTM tables two (WideValue: 5-piece mates run past 253 plies, KPPvKP's), a
// file of them one byte when every distance fits (store/format.h).
#pragma once

#include <cassert>
#include <concepts>
#include <cstdint>
#include <limits>

#include "engine/core/outcome.h"

namespace retrocheck::tb {

using Value = std::uint8_t;
using WideValue = std::uint16_t;

template <std::unsigned_integral Code>
inline constexpr Code kDrawOf = std::numeric_limits<Code>::max();
template <std::unsigned_integral Code>
inline constexpr Code kUnknownOf = kDrawOf<Code> - 1;
template <std::unsigned_integral Code>
inline constexpr int kMaxPliesOf = kDrawOf<Code> - 2;

inline constexpr Value kDraw = kDrawOf<Value>;
inline constexpr Value kUnknown = kUnknownOf<Value>;
inline constexpr int kMaxPlies = kMaxPliesOf<Value>;

// o must be a draw or carry a distance of at most kMaxPliesOf<Code>.
template <std::unsigned_integral Code = Value>
constexpr Code encode(const Outcome& o) {
    assert(o.is_draw() || (o.has_distance() && o.plies() <= kMaxPliesOf<Code>));
    return o.is_draw() ? kDrawOf<Code> : static_cast<Code>(o.plies());
}
constexpr bool is_unknown(std::unsigned_integral auto v) { return v == kUnknownOf<decltype(v)>; }

// A two-byte value and a one-byte one, for files that store a WideValue table in a byte when
// every value fits (store/format.h): a draw stays a draw, kUnknown stays kUnknown.
constexpr bool fits_a_byte(WideValue v) {
    return v <= kMaxPlies || v == kUnknownOf<WideValue> || v == kDrawOf<WideValue>;
}
// v must fit a byte.
constexpr Value narrowed(WideValue v) {
    assert(fits_a_byte(v));
    return v == kDrawOf<WideValue>      ? kDraw
           : v == kUnknownOf<WideValue> ? kUnknown
                                        : static_cast<Value>(v);
}
constexpr WideValue widened(Value v) {
    return v == kDraw ? kDrawOf<WideValue> : v == kUnknown ? kUnknownOf<WideValue> : WideValue{v};
}

// v must be a draw or a distance (not kUnknownOf<Code>).
template <std::unsigned_integral Code>
constexpr Outcome decode(Code v) {
    if (v == kDrawOf<Code>) return Outcome::draw();
    return v % 2 ? Outcome::win(v) : Outcome::loss(v);
}

}  // namespace retrocheck::tb
