#include "tablebases/checkers/build.h"

#include "tablebases/build/driver.h"
#include "tablebases/checkers/game.h"

namespace retrocheck::tb {

SliceTable build_slice(Slice slice, const TableSet& done, BuildMethod method, BuildStats* stats,
                       BuildProgress* progress) {
    return tb::build_slice<CheckersGame>(slice, done, method, stats, progress);
}

TableSet build_up_to(int max_pieces, BuildMethod method) {
    return tb::build_closure<CheckersGame>(slices_up_to(max_pieces), method);
}

TableSet build_closure(const std::vector<Slice>& slices, BuildMethod method) {
    return tb::build_closure<CheckersGame>(slices, method);
}

std::vector<Slice> closure(const std::vector<Slice>& slices) {
    return tb::closure<CheckersGame>(slices);
}

}  // namespace retrocheck::tb
