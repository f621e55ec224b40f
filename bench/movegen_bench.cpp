// Move generator speed: perft with bulk counting at the last ply (nodes per second), and move
// generation per position over a fixed set of positions.
//   build/release/bin/bench_movegen --benchmark_filter=Perft/12
#include <benchmark/benchmark.h>

#include <vector>

#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/perft.h"

namespace {

using namespace retrocheck::checkers;

void Perft(benchmark::State& state) {
    const int depth = static_cast<int>(state.range(0));
    const int threads = static_cast<int>(state.range(1));
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        nodes = perft(Position::start(), depth, {.threads = threads});
        benchmark::DoNotOptimize(nodes);
    }
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["nodes_per_second"] = benchmark::Counter(
        static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(Perft)
    ->ArgNames({"depth", "threads"})
    ->Args({10, 1})
    ->Args({12, 1})
    ->Args({12, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(0.5);

// Positions met in perft from the start, a few plies deep: a mix of quiet and capture nodes.
std::vector<Position> sample_positions() {
    std::vector<Position> out;
    std::vector<Position> frontier{Position::start()};
    for (int ply = 0; ply < 6; ++ply) {
        std::vector<Position> next;
        for (const Position& p : frontier)
            for (const Move& m : legal_moves(p)) next.push_back(p.after(m));
        frontier = std::move(next);
    }
    for (std::size_t i = 0; i < frontier.size(); i += 7) out.push_back(frontier[i]);
    return out;
}

void GenerateMoves(benchmark::State& state) {
    const auto positions = sample_positions();
    MoveList moves;
    for (auto _ : state) {
        for (const Position& p : positions) {
            moves.clear();
            generate_moves(p, moves);
            benchmark::DoNotOptimize(moves.size());
        }
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(positions.size()));
}
BENCHMARK(GenerateMoves);

void CountMoves(benchmark::State& state) {
    const auto positions = sample_positions();
    for (auto _ : state)
        for (const Position& p : positions) benchmark::DoNotOptimize(count_moves(p));
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(positions.size()));
}
BENCHMARK(CountMoves);

}  // namespace

BENCHMARK_MAIN();
