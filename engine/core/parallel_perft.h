// Perft on many threads, for any game: the positions `split` plies below the root (one per
// path, so their perfts sum to the whole) are counted in parallel on the TBB pool, each by the
// game's own serial perft. `threads` bounds the pool while it runs (0: every hardware thread).
#pragma once

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_reduce.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace retrocheck {

// for_each_child(pos, f) calls f(child) once per move; serial(pos, depth) counts the leaves.
template <class Position, class ForEachChild, class Serial>
std::uint64_t parallel_perft(const Position& root, int depth, int split, int threads,
                             ForEachChild for_each_child, Serial serial) {
    std::unique_ptr<tbb::global_control> control;
    if (threads > 0)
        control = std::make_unique<tbb::global_control>(
            tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
    std::vector<Position> jobs;
    std::function<void(const Position&, int)> collect = [&](const Position& pos, int plies) {
        if (plies == 0) {
            jobs.push_back(pos);
            return;
        }
        for_each_child(pos, [&](const Position& child) { collect(child, plies - 1); });
    };
    collect(root, split);
    return tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, jobs.size(), 1), std::uint64_t{0},
        [&](const tbb::blocked_range<std::size_t>& r, std::uint64_t sum) {
            for (std::size_t i = r.begin(); i != r.end(); ++i)
                sum += serial(jobs[i], depth - split);
            return sum;
        },
        std::plus<>());
}

}  // namespace retrocheck
