#include "tablebases/verify/dtz_rules.h"

#include <algorithm>
#include <cstdlib>

namespace retrocheck::tb::chess {

namespace {

// The 50-move rule: a zeroing move within 100 plies keeps a win a win.
constexpr int kFiftyMovePlies = 100;

}  // namespace

std::optional<DtzBreak> judge_dtz(Wdl5 wdl, int dtz, std::span<const DtzChild> children) {
    const Wld result = wld_of(wdl);
    if (result == Wld::Draw) {
        if (dtz != 0) return DtzBreak{"dtz-draw-is-0", 0, 0, -1};
        return std::nullopt;
    }
    if ((result == Wld::Win) != (dtz > 0) || dtz == 0) return DtzBreak{"dtz-sign", 0, 0, -1};
    const int value = std::abs(dtz);
    // [low, high]: what the true |dtz| can be given the children as read.
    int low = 0, high = 0, bound = -1;
    if (children.empty()) {
        low = high = 1;  // checkmated
    } else if (result == Wld::Win) {
        for (int i = 0; i < static_cast<int>(children.size()); ++i) {
            const DtzChild& c = children[static_cast<std::size_t>(i)];
            if (c.wld != Wld::Loss) continue;
            const bool one = c.zeroing || c.mated;
            const int lo = one ? 1 : std::abs(c.dtz) + 1, hi = one ? 1 : std::abs(c.dtz) + 2;
            high = bound < 0 ? hi : std::min(high, hi);
            if (bound < 0 || lo < low) {
                low = lo;
                bound = i;
            }
        }
        if (bound < 0) return std::nullopt;  // win-has-losing-child
    } else {
        low = high = 1;
        for (int i = 0; i < static_cast<int>(children.size()); ++i) {
            const DtzChild& c = children[static_cast<std::size_t>(i)];
            if (c.wld != Wld::Win) return std::nullopt;  // loss-children-win
            if (c.zeroing) continue;
            const int lo = std::abs(c.dtz) + 1;
            if (lo > low) {
                low = lo;
                bound = i;
            }
            high = std::max(high, std::abs(c.dtz) + 2);
        }
    }
    // The value read may be one below the truth.
    if (value < std::max(1, low - 1) || value > high)
        return DtzBreak{"dtz-zeroing-line", low, high, bound};
    const bool fifty = wdl == Wdl5::Win || wdl == Wdl5::Loss;
    if (fifty ? (value > kFiftyMovePlies || low > kFiftyMovePlies)
              : (value <= kFiftyMovePlies || high <= kFiftyMovePlies))
        return DtzBreak{"dtz-50-move", low, high, bound};
    return std::nullopt;
}

}  // namespace retrocheck::tb::chess
