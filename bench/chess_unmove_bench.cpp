// Chess retrograde move generator speed, one thread, in parents per second: for_each_parent over
// a fixed set of random legal positions (the same every run), in KQRvKR (no pawns: no en passant
// rights) and KRPvKP (pawns: double pushes and en passant variants).
//   build/release/bin/bench_chess_unmove
#include <benchmark/benchmark.h>

#include <cstdint>
#include <initializer_list>
#include <random>
#include <vector>

#include "engine/chess/position.h"
#include "engine/chess/unmove.h"

namespace {

using namespace retrocheck::chess;

// `count` legal positions with these pieces on random squares, either side to move (drawn from
// a fixed seed; illegal draws are drawn again).
std::vector<Position> random_positions(std::initializer_list<Piece> pieces, int count) {
    std::mt19937_64 rng(20240607);
    std::vector<Position> out;
    while (static_cast<int>(out.size()) < count) {
        Setup s;
        s.side = rng() % 2 ? Color::Black : Color::White;
        Bitboard taken = 0;
        for (const Piece p : pieces) {
            Square sq;
            do {
                sq = square_at(static_cast<int>(rng() % kSquares));
            } while ((taken & bit(sq)) ||
                     (p.type == PieceType::Pawn && (bit(sq) & (kRank1 | kRank8))));
            taken |= bit(sq);
            s.board[slot(sq)] = p;
        }
        const Position pos = Position::from_setup(s);
        if (pos.is_ok()) out.push_back(pos);
    }
    return out;
}

void run(benchmark::State& state, const std::vector<Position>& positions) {
    std::uint64_t parents = 0;
    for (auto _ : state) {
        parents = 0;
        for (const Position& pos : positions)
            for_each_parent(pos, [&](const Position& parent) {
                benchmark::DoNotOptimize(parent);
                ++parents;
            });
    }
    state.counters["positions"] = static_cast<double>(positions.size());
    state.counters["parents"] = static_cast<double>(parents);
    state.counters["parents_per_second"] = benchmark::Counter(
        static_cast<double>(parents), benchmark::Counter::kIsIterationInvariantRate);
}

constexpr Piece white(PieceType t) { return {Color::White, t}; }
constexpr Piece black(PieceType t) { return {Color::Black, t}; }

void ChessUnmoveKQRvKR(benchmark::State& state) {
    static const std::vector<Position> positions =
        random_positions({white(PieceType::King), white(PieceType::Queen), white(PieceType::Rook),
                          black(PieceType::King), black(PieceType::Rook)},
                         10'000);
    run(state, positions);
}

void ChessUnmoveKRPvKP(benchmark::State& state) {
    static const std::vector<Position> positions =
        random_positions({white(PieceType::King), white(PieceType::Rook), white(PieceType::Pawn),
                          black(PieceType::King), black(PieceType::Pawn)},
                         10'000);
    run(state, positions);
}

BENCHMARK(ChessUnmoveKQRvKR)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(ChessUnmoveKRPvKP)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
