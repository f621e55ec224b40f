#include "engine/chess/perft.h"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_reduce.h>

#include <algorithm>
#include <functional>
#include <memory>

#include "engine/chess/movegen.h"

namespace retrocheck::chess {
namespace {

std::uint64_t perft_serial(const Position& pos, int depth) {
    if (depth == 0) return 1;
    if (depth == 1) return static_cast<std::uint64_t>(count_moves(pos));
    MoveList moves;
    generate_moves(pos, moves);
    std::uint64_t nodes = 0;
    for (Move m : moves) nodes += perft_serial(pos.after(m), depth - 1);
    return nodes;
}

// The positions `split` plies below pos, one per path: their perfts sum to the whole.
void frontier(const Position& pos, int split, std::vector<Position>& out) {
    if (split == 0) {
        out.push_back(pos);
        return;
    }
    for (Move m : legal_moves(pos)) frontier(pos.after(m), split - 1, out);
}

}  // namespace

std::uint64_t perft(const Position& pos, int depth, PerftOptions options) {
    if (options.threads == 1 || depth < 5) return perft_serial(pos, depth);
    std::unique_ptr<tbb::global_control> control;
    if (options.threads > 0)
        control =
            std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                  static_cast<std::size_t>(options.threads));
    const int split = std::min(2, depth - 4);
    std::vector<Position> jobs;
    frontier(pos, split, jobs);
    return tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, jobs.size(), 1), std::uint64_t{0},
        [&](const tbb::blocked_range<std::size_t>& r, std::uint64_t sum) {
            for (std::size_t i = r.begin(); i != r.end(); ++i)
                sum += perft_serial(jobs[i], depth - split);
            return sum;
        },
        std::plus<>());
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth,
                                                         PerftOptions options) {
    std::vector<std::pair<Move, std::uint64_t>> out;
    if (depth < 1) return out;
    for (Move m : legal_moves(pos)) out.emplace_back(m, perft(pos.after(m), depth - 1, options));
    return out;
}

}  // namespace retrocheck::chess
