// What a retrograde build (retrograde.h) settles, level by level: a metric's values as codes,
// even a loss and odd a win, the shortest win and the longest loss taken, a code final once its
// level is reached. A loss at code c makes a parent a win at c + kWinStep, a win at c makes a
// parent whose every move wins for the opponent a loss at c + 1 or more.
//
//  - DTM (DTW for checkers), the plies to mate: the code is the distance (0 checkmated, odd a
//    win), the value our tables store (value.h): a byte for checkers, two for chess.
//  - DTZ50, the plies to the next zeroing move (a capture or pawn move) under the 50-move rule
//    (Syzygy's metric, CHESS.md "Metrics"): plies k, code 2k for a loss and 2k + 1 for a win, 0
//    checkmated. A loss in k makes a parent a win in k + 1 (code + 3), a win in k a parent's loss
//    in k + 1 (code + 1). Moves that zero are the build's exits, valued by the child's result
//    alone. Past 100 plies a win is cursed and a loss blessed; 16 bits a code.
#pragma once

#include <cstdint>

#include "tablebases/value.h"

namespace retrocheck::tb {

template <typename C>
struct DistanceMetric {
    using Code = C;
    static constexpr Code kDraw = kDrawOf<C>, kUnknown = kUnknownOf<C>;
    static constexpr int kMaxCode = kMaxPliesOf<C>;
    static constexpr int kWinStep = 1;
    static constexpr const char* kName = "dtm";

    static constexpr int plies(int code) { return code; }
};
using DtmMetric = DistanceMetric<Value>;          // checkers
using WideDtmMetric = DistanceMetric<WideValue>;  // chess

struct Dtz50Metric {
    using Code = std::uint16_t;
    static constexpr Code kDraw = 0xFFFF, kUnknown = 0xFFFE;
    static constexpr int kMaxCode = 0xFFFD;
    static constexpr int kWinStep = 3;
    static constexpr const char* kName = "dtz";

    static constexpr int win(int plies) { return 2 * plies + 1; }
    static constexpr int loss(int plies) { return 2 * plies; }
    static constexpr int plies(int code) { return code / 2; }
    static constexpr bool is_win(int code) { return code % 2 == 1; }
};

// What a move that leaves the slice is worth to its mover, as G::exit_code gives it: a code of
// the metric, or one of these.
inline constexpr int kExitDraw = -1;
inline constexpr int kExitMissing = -2;  // the set of finished tables lacks the child's

}  // namespace retrocheck::tb
