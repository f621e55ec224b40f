#include "engine/checkers/perft.h"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_reduce.h>

#include <algorithm>
#include <functional>
#include <memory>

#include "engine/checkers/movegen.h"
#include "engine/checkers/movegen_impl.h"
#include "engine/checkers/notation.h"

namespace retrocheck::checkers {
namespace {

// Children built straight from bitboards, leaves counted in bulk.
template <Color Us>
std::uint64_t perft_bitboard(const Position& pos, int depth) {
    if (depth == 1) return detail::count<Us>(pos);
    std::uint64_t nodes = 0;
    detail::for_each_child<Us>(
        pos, [&](const Position& child) { nodes += perft_bitboard<~Us>(child, depth - 1); });
    return nodes;
}

std::uint64_t perft_counting(const Position& pos, int depth) {
    return pos.side_to_move() == Color::Black ? perft_bitboard<Color::Black>(pos, depth)
                                              : perft_bitboard<Color::White>(pos, depth);
}

std::uint64_t perft_unique(const Position& pos, int depth) {
    MoveList moves;
    generate_moves(pos, moves);
    drop_duplicate_paths(moves);
    if (depth == 1) return moves.size();
    std::uint64_t nodes = 0;
    for (const Move& m : moves) nodes += perft_unique(pos.after(m), depth - 1);
    return nodes;
}

std::uint64_t perft_serial(const Position& pos, int depth, DuplicatePaths duplicates) {
    if (depth == 0) return 1;
    return duplicates == DuplicatePaths::Count ? perft_counting(pos, depth)
                                               : perft_unique(pos, depth);
}

// The positions `split` plies below pos, one per path: their perfts sum to the whole.
void frontier(const Position& pos, int split, DuplicatePaths duplicates,
              std::vector<Position>& out) {
    if (split == 0) {
        out.push_back(pos);
        return;
    }
    MoveList moves;
    generate_moves(pos, moves);
    if (duplicates == DuplicatePaths::Drop) drop_duplicate_paths(moves);
    for (const Move& m : moves) frontier(pos.after(m), split - 1, duplicates, out);
}

std::unique_ptr<tbb::global_control> limit_threads(int threads) {
    if (threads <= 0) return nullptr;
    return std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                 static_cast<std::size_t>(threads));
}

}  // namespace

std::uint64_t perft(const Position& pos, int depth, PerftOptions options) {
    if (options.threads == 1 || depth < 4) return perft_serial(pos, depth, options.duplicates);
    const auto control = limit_threads(options.threads);
    // Split a few plies down so the work comes in many similar pieces.
    const int split = std::min(3, depth - 3);
    std::vector<Position> jobs;
    frontier(pos, split, options.duplicates, jobs);
    return tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, jobs.size(), 1), std::uint64_t{0},
        [&](const tbb::blocked_range<std::size_t>& r, std::uint64_t sum) {
            for (std::size_t i = r.begin(); i != r.end(); ++i)
                sum += perft_serial(jobs[i], depth - split, options.duplicates);
            return sum;
        },
        std::plus<>());
}

std::vector<std::pair<std::string, std::uint64_t>> perft_divide(const Position& pos, int depth,
                                                                PerftOptions options) {
    std::vector<std::pair<std::string, std::uint64_t>> out;
    if (depth < 1) return out;
    MoveList moves;
    generate_moves(pos, moves);
    if (options.duplicates == DuplicatePaths::Drop) drop_duplicate_paths(moves);
    for (const Move& m : moves)
        out.emplace_back(format_move(m), perft(pos.after(m), depth - 1, options));
    return out;
}

}  // namespace retrocheck::checkers
