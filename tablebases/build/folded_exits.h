// A slice's exits valued ahead of its build, for successors that do not fit in memory together:
// the build is handed its successors a group at a time (SuccessorGroups), and one pass over the
// slice's positions a group folds what the moves into that group's tables are worth into the
// position's own value slot (the shortest win, else the longest loss) and a bit (an exit draws).
// The seeding pass then reads the folded verdict instead of the tables, which are gone by then:
// the slice's memory and one group's is the most a build holds. The table is the same, byte for
// byte, as a build with every successor in memory (tests/folded_exits_test.cpp).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "tablebases/build/metric.h"

namespace retrocheck::tb {

// visit(tables) once with each group of a slice's successors in memory, every successor in one
// group; a group that cannot be read throws (std::runtime_error, naming the file).
template <typename G>
using SuccessorGroups = std::function<void(const std::function<void(const typename G::Tables&)>&)>;

namespace detail {

// exit(child) for every move of p to a slice other than `slice`: the game's for_each_leaving
// where it has one, else its exits, those into `slice` itself (a phased game's moves into its
// earlier phases) left out.
template <typename G, typename Exit>
void for_each_leaving(const typename G::Position& p, const typename G::Slice& slice, Exit&& exit) {
    if constexpr (requires { G::for_each_leaving(p, exit); }) {
        G::for_each_leaving(p, exit);
    } else {
        G::for_each_exit(p, [&](const typename G::Position& child) {
            if (!(G::slice_of(child) == slice)) exit(child);
        });
    }
}

template <typename Metric>
class FoldedExits {
  public:
    using Code = typename Metric::Code;

    // Before the first group: the slice's slots, and its name for the errors.
    void start(std::uint64_t slots, std::string slice) {
        draws_.assign((slots + 63) / 64, 0);
        slice_ = std::move(slice);
    }

    // An exit worth `code` (a metric code or kExitDraw) folded into slot id's value v, by the
    // thread that owns id's word of 64 slots; false for a code past the metric's (which the
    // build refuses whether it is folded or not).
    [[nodiscard]] bool fold(Code& v, std::uint64_t id, int code) {
        if (code > Metric::kMaxCode) return false;
        if (code == kExitDraw) {
            draws_[id / 64] |= std::uint64_t{1} << (id % 64);
        } else if (code % 2) {  // a win: the shortest
            if (v == Metric::kUnknown || v % 2 == 0 || code < v) v = static_cast<Code>(code);
        } else if (v == Metric::kUnknown || (v % 2 == 0 && code > v)) {  // a loss: the longest
            v = static_cast<Code>(code);
        }
        return true;
    }
    void count_folded(std::uint64_t n) { folded_.fetch_add(n, std::memory_order_relaxed); }

    // What the folded exits of slot id offer (read from its value slot v, left kUnknown), into
    // e's shortest_win, longest_loss and draw (retrograde.h's Exits). Throws for a position
    // whose exits none of the groups valued (a successor missing).
    template <typename Exits>
    void take(Code& v, std::uint64_t id, Exits& e) const {
        const Code f = v;
        v = Metric::kUnknown;
        const bool draw = draws_[id / 64] >> (id % 64) & 1;
        if (e.folded > 0 && f == Metric::kUnknown && !draw)
            throw std::runtime_error("slice " + slice_ +
                                     ": a position's moves to other slices were valued by none "
                                     "of the successors handed to the build (a successor "
                                     "missing)");
        if (draw) e.draw = true;
        if (f != Metric::kUnknown) {
            if (f % 2)
                e.shortest_win = std::min(e.shortest_win, static_cast<int>(f));
            else
                e.longest_loss = std::max(e.longest_loss, static_cast<int>(f));
        }
    }
    void count_taken(std::uint64_t n) { taken_.fetch_add(n, std::memory_order_relaxed); }

    // After the build: every exit the seed met was folded from exactly one group, else an error
    // naming the slice (a move to a slice none of the groups holds, or a slice in two groups).
    void check() const {
        if (folded_.load() != taken_.load())
            throw std::runtime_error(
                "slice " + slice_ + ": its positions have " + std::to_string(taken_.load()) +
                " moves to other slices, and the successors handed to the build valued " +
                std::to_string(folded_.load()) + " (a successor missing, or given twice)");
    }

  private:
    std::vector<std::uint64_t> draws_;  // a bit a slot: some exit draws
    std::string slice_;
    std::atomic<std::uint64_t> folded_{0}, taken_{0};
};

}  // namespace detail
}  // namespace retrocheck::tb
