// The build driver, once for every table game (tablebases/game.h): a slice's table from the
// retrograde solver (retrograde.h), and a set of slices built in dependency order, each slice
// after every slice its moves can leave to. A game's build.cpp calls it with the game's names.
#pragma once

#include <memory>
#include <vector>

#include "tablebases/build/method.h"
#include "tablebases/build/retrograde.h"
#include "tablebases/game.h"

namespace retrocheck::tb {

// Throws std::runtime_error when a move leaves to a slice that `done` does not hold, when a
// distance exceeds what one byte can store, or when the slice has 2^32 slots or more.
template <RetrogradeGame G>
typename G::StoredTable build_slice(const typename G::Slice& slice, const typename G::Tables& done,
                                    BuildMethod method, BuildStats* stats = nullptr,
                                    BuildProgress* progress = nullptr) {
    // The solver's arrays are freed before finish() (a build's peak is the larger of the two).
    typename G::Table table = detail::Retrograde<G>(slice, done, method, progress).run(stats);
    return G::finish(std::move(table), stats);
}

// The same table, its successors handed over a group at a time (folded_exits.h) instead of in
// one set: a build whose successors do not fit in memory together. Out-counting only (throws
// std::invalid_argument for grandfather); throws as above, and when the groups miss a
// successor or hold one twice.
template <RetrogradeGame G>
typename G::StoredTable build_slice(const typename G::Slice& slice,
                                    const SuccessorGroups<G>& groups, BuildMethod method,
                                    BuildStats* stats = nullptr,
                                    BuildProgress* progress = nullptr) {
    const typename G::Tables none;
    typename G::Table table =
        detail::Retrograde<G>(slice, none, method, progress, &groups).run(stats);
    return G::finish(std::move(table), stats);
}

// The slices and every slice their moves lead to, built in order into one set.
template <RetrogradeGame G>
typename G::Tables build_closure(const std::vector<typename G::Slice>& slices, BuildMethod method) {
    typename G::Tables set;
    for (const auto& s : closure<G>(slices))
        set.add(std::make_shared<const typename G::StoredTable>(build_slice<G>(s, set, method)));
    return set;
}

}  // namespace retrocheck::tb
