// The capture resolver: exact values of every position from a source that stores only
// positions where neither side has a capture (Chinook, Cake, Kingsrow, our capture-free export).
//
// A position is one of these kinds:
//   quiet    neither side has a capture: the source's value;
//   capture  the side to move has a capture: captures are mandatory, so its value is the best
//            over its capture moves, each leading to fewer pieces;
//   no moves a loss in 0;
//   bare     the side not to move has no pieces (outside every database): any move wins in 1;
//   threat   only the side not to move has a capture: the side to move has only quiet moves,
//            which can lead to further threat positions and back (kings stepping in and out of
//            threats), so naive recursion may never end. The resolver collects the graph of
//            threat positions reachable through quiet moves, values its border (quiet and
//            capture positions, and positions without moves) and solves the graph by
//            retrograde analysis, levels of distance in order, like the builders.
// Recursion only goes to positions with fewer pieces (through a capture), so every probe
// ends; work (positions expanded) is also bounded, and a probe over the bound returns
// TooMuchWork instead of a value. A slice the source lacks gives Missing, never a guess.
#pragma once

#include <cstdint>

#include "tablebases/probe/source.h"

namespace retrocheck::tb {

struct ResolverLimits {
    std::uint64_t max_work = 2'000'000;  // positions expanded in one probe
};

class CaptureResolver final : public TableSource {
  public:
    explicit CaptureResolver(const TableSource& source, ResolverLimits limits = {})
        : source_(source), limits_(limits) {}

    ProbeResult probe(const checkers::Position& pos) const override {
        std::uint64_t work = 0;
        return resolve(pos, work);
    }
    bool has_distance() const override { return source_.has_distance(); }

    // The value and the work it took (positions expanded).
    ProbeResult resolve(const checkers::Position& pos, std::uint64_t& work) const;

  private:
    class Search;
    const TableSource& source_;
    ResolverLimits limits_;
};

}  // namespace retrocheck::tb
