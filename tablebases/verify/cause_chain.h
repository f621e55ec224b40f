// Consequences name their causes, and causes can be consequences in turn. Followed far enough, a
// chain of causes ends at a finding or comes back on itself: several wrong values that each look
// like the consequence of the next. A cycle has no finding of its own, so its first member in
// walk order stands as one. Each member decides this alone, by following its own chain, so the
// answer does not depend on the order positions are looked at or on the number of threads.
#pragma once

#include <algorithm>
#include <optional>
#include <vector>

namespace retrocheck::tb {

// Whether `start`, a consequence of `cause`, lies on a cycle of causes on which no member comes
// before it (`before`, walk order). `cause_of(x)` is x's cause, nothing when x is a finding.
// After `limit` steps without an answer, false: the chain is taken to end at a finding.
template <typename T, typename CauseOf, typename Before>
bool first_on_a_cycle(const T& start, T cause, CauseOf&& cause_of, Before&& before, int limit) {
    std::vector<T> chain{start};
    for (int step = 0; step < limit; ++step) {
        if (cause == start)
            return std::none_of(chain.begin(), chain.end(),
                                [&](const T& t) { return before(t, start); });
        if (std::find(chain.begin(), chain.end(), cause) != chain.end())
            return false;  // a cycle further on, which start leads into
        chain.push_back(cause);
        const std::optional<T> next = cause_of(cause);
        if (!next) return false;
        cause = *next;
    }
    return false;
}

}  // namespace retrocheck::tb
