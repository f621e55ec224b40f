#include "tablebases/build/builder.h"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <limits>
#include <set>
#include <vector>

#include "tablebases/checkers/game.h"
#include "tablebases/build/retrograde.h"

namespace retrocheck::tb {

SliceTable build_slice(Slice slice, const TableSet& done, BuildMethod method, BuildStats* stats,
                       BuildProgress* progress) {
    return detail::Retrograde<CheckersGame>(slice, done, method, progress).run(stats);
}

namespace {
TableSet build_in_order(const std::vector<Slice>& slices, BuildMethod method) {
    TableSet set;
    for (const Slice& s : slices)
        set.add(std::make_shared<const SliceTable>(build_slice(s, set, method)));
    return set;
}
}  // namespace

TableSet build_up_to(int max_pieces, BuildMethod method) {
    return build_in_order(slices_up_to(max_pieces), method);
}

std::vector<Slice> closure(const std::vector<Slice>& slices) {
    std::set<Slice> all;
    std::vector<Slice> todo = slices;
    while (!todo.empty()) {
        const Slice s = todo.back();
        todo.pop_back();
        if (!all.insert(s).second) continue;
        for (const Slice& t : successors(s)) todo.push_back(t);
    }
    return {all.begin(), all.end()};  // std::set orders by Slice's build order
}

TableSet build_closure(const std::vector<Slice>& slices, BuildMethod method) {
    return build_in_order(closure(slices), method);
}

}  // namespace retrocheck::tb
