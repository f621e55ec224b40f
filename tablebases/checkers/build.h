// Retrograde builders: the values (WLD and DTW) of every position of one slice, both sides to
// move, given the finished tables of the slices its moves can leave to.
//
// Both methods settle positions level by level, in order of distance: level n holds the
// positions that are a win in n (n odd) or a loss in n (n even). A position settled at level
// n hands its in-slice parents a candidate:
//   - a loss in n makes every parent a win in n+1 at the latest;
//   - a win in n may make a parent a loss, once all its moves are known to lose for it.
//   Out-counting keeps a counter of undecided in-slice moves per position and decrements it;
//   grandfather (forward check) regenerates the parent's moves and looks at all their values.
// Moves that leave the slice (captures, crownings) are valued from the finished tables; they
// may put a position on a later level than the in-slice moves alone would.
//
// Passes run over index ranges on the TBB pool (a tbb::global_control set by the caller bounds
// the threads); the tables do not depend on the number of threads.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "tablebases/build/method.h"
#include "tablebases/checkers/table.h"

namespace retrocheck::tb {

// Throws std::runtime_error when a move leaves to a slice that `done` does not hold, when a
// distance exceeds what one byte can store, or when the slice has 2^32 positions or more.
SliceTable build_slice(Slice slice, const TableSet& done, BuildMethod method,
                       BuildStats* stats = nullptr, BuildProgress* progress = nullptr);

// Every slice with up to max_pieces pieces, in build order, into one set.
TableSet build_up_to(int max_pieces, BuildMethod method);

// The given slices and every slice their moves lead to, directly or not, in build order.
TableSet build_closure(const std::vector<Slice>& slices, BuildMethod method);
// Those slices in build order, without building them.
std::vector<Slice> closure(const std::vector<Slice>& slices);

}  // namespace retrocheck::tb
