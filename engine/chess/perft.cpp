#include "engine/chess/perft.h"

#include <algorithm>

#include "engine/chess/movegen.h"
#include "engine/core/parallel_perft.h"

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

}  // namespace

std::uint64_t perft(const Position& pos, int depth, PerftOptions options) {
    if (options.threads == 1 || depth < 5) return perft_serial(pos, depth);
    return parallel_perft(
        pos, depth, std::min(2, depth - 4), options.threads,
        [](const Position& p, const auto& f) {
            for (Move m : legal_moves(p)) f(p.after(m));
        },
        perft_serial);
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth,
                                                         PerftOptions options) {
    std::vector<std::pair<Move, std::uint64_t>> out;
    if (depth < 1) return out;
    for (Move m : legal_moves(pos)) out.emplace_back(m, perft(pos.after(m), depth - 1, options));
    return out;
}

}  // namespace retrocheck::chess
