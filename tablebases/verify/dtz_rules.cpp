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
            if (wld_of(c.wdl) != Wld::Loss) continue;
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
            if (wld_of(c.wdl) != Wld::Win) return std::nullopt;  // loss-children-win
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

ImpliedDtz implied_dtz50(std::span<const DtzChild> children, bool in_check) {
    if (children.empty()) return in_check ? ImpliedDtz{Wdl5::Loss, -1, -1} : ImpliedDtz{};
    // Each move as plies to the zeroing move for its mover: > 0 it wins, < 0 it loses, 0 draws.
    const auto worth = [](const DtzChild& c) {
        if (c.mated) return 1;
        if (c.zeroing) {
            switch (c.wdl) {
                case Wdl5::Loss:
                    return 1;
                case Wdl5::BlessedLoss:
                    return kFiftyMovePlies + 1;
                case Wdl5::CursedWin:
                    return -(kFiftyMovePlies + 1);
                case Wdl5::Win:
                    return -1;
                default:
                    return 0;
            }
        }
        const Wld r = wld_of(c.wdl);
        return r == Wld::Loss ? std::abs(c.dtz) + 1 : r == Wld::Win ? -(std::abs(c.dtz) + 1) : 0;
    };
    int best = 0, shortest_win = 0, longest_loss = 0, draw = -1;
    for (int i = 0; i < static_cast<int>(children.size()); ++i) {
        const int w = worth(children[static_cast<std::size_t>(i)]);
        if (w > 0 && (shortest_win == 0 || w < shortest_win)) {
            shortest_win = w;
            best = i;
        } else if (w == 0 && draw < 0) {
            draw = i;
        } else if (w < 0 && w < longest_loss) {
            longest_loss = w;
            if (shortest_win == 0 && draw < 0) best = i;
        }
    }
    if (shortest_win > 0)
        return {shortest_win > kFiftyMovePlies ? Wdl5::CursedWin : Wdl5::Win, shortest_win, best};
    if (draw >= 0) return {Wdl5::Draw, 0, draw};
    return {-longest_loss > kFiftyMovePlies ? Wdl5::BlessedLoss : Wdl5::Loss, longest_loss, best};
}

}  // namespace retrocheck::tb::chess
