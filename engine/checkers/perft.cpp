#include "engine/checkers/perft.h"

#include <algorithm>

#include "engine/checkers/movegen.h"
#include "engine/checkers/movegen_impl.h"
#include "engine/checkers/notation.h"
#include "engine/core/parallel_perft.h"

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

}  // namespace

std::uint64_t perft(const Position& pos, int depth, PerftOptions options) {
    if (options.threads == 1 || depth < 4) return perft_serial(pos, depth, options.duplicates);
    // Split a few plies down so the work comes in many similar pieces.
    return parallel_perft(
        pos, depth, std::min(3, depth - 3), options.threads,
        [&](const Position& p, const auto& f) {
            MoveList moves;
            generate_moves(p, moves);
            if (options.duplicates == DuplicatePaths::Drop) drop_duplicate_paths(moves);
            for (const Move& m : moves) f(p.after(m));
        },
        [&](const Position& p, int d) { return perft_serial(p, d, options.duplicates); });
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
