#include "tablebases/verify/dtz_rules.h"

#include <cstdlib>

namespace retrocheck::tb::chess {

namespace {

// The 50-move rule: a zeroing move within 100 plies keeps a win a win.
constexpr int kFiftyMovePlies = 100;

}  // namespace

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
