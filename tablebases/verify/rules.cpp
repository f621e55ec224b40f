#include "tablebases/verify/rules.h"

#include <cstddef>

namespace retrocheck::tb {

std::optional<RuleBreak> judge(const Outcome& stored, std::span<const Outcome> children) {
    const bool distance = stored.has_distance() || stored.is_draw();
    if (children.empty()) {
        if (distance ? stored != Outcome::loss(0) : !stored.is_loss())
            return RuleBreak{"no-move-is-loss-0", -1};
        return std::nullopt;
    }
    int shortest_loss = -1, longest_win = -1, not_win = -1, draw = -1;
    auto at = [&](int k) { return children[static_cast<std::size_t>(k)]; };
    for (int i = 0; i < static_cast<int>(children.size()); ++i) {
        const Outcome& c = at(i);
        if (c.is_loss() && (shortest_loss < 0 || c.plies() < at(shortest_loss).plies()))
            shortest_loss = i;
        if (c.is_win() && (longest_win < 0 || c.plies() > at(longest_win).plies())) longest_win = i;
        if (!c.is_win() && not_win < 0) not_win = i;
        if (c.is_draw() && draw < 0) draw = i;
    }
    if (stored.is_win()) {
        if (shortest_loss < 0) return RuleBreak{"win-has-losing-child", not_win >= 0 ? not_win : 0};
        if (distance && at(shortest_loss).plies() != stored.plies() - 1)
            return RuleBreak{"win-shortest", shortest_loss};
    } else if (stored.is_loss()) {
        if (distance && stored.plies() == 0) return RuleBreak{"no-move-is-loss-0", 0};
        if (not_win >= 0) return RuleBreak{"loss-children-win", not_win};
        if (distance && at(longest_win).plies() != stored.plies() - 1)
            return RuleBreak{"loss-longest", longest_win};
    } else {
        if (shortest_loss >= 0) return RuleBreak{"draw-no-losing-child", shortest_loss};
        if (draw < 0) return RuleBreak{"draw-has-draw-child", 0};
    }
    return std::nullopt;
}

Outcome implied(std::span<const Outcome> children) {
    if (children.empty()) return Outcome::loss(0);
    Outcome best = children.front().parent_view();
    for (const Outcome& c : children)
        if (better(c.parent_view(), best)) best = c.parent_view();
    return best;
}

}  // namespace retrocheck::tb
