// Chess move generator speed: perft with bulk counting at the last ply, one thread, in nodes
// per second: from the start (depth 6) and Kiwipete (depth 5), as issue 12 measures them.
//   build/release/bin/bench_chess_perft
// bench/perft_vs_stockfish.py runs the same perfts beside Debian's stockfish `go perft`.
#include <benchmark/benchmark.h>

#include "engine/chess/fen.h"
#include "engine/chess/perft.h"

namespace {

using namespace retrocheck::chess;

void run_perft(benchmark::State& state, const char* fen) {
    const Position pos = *parse_fen(fen);
    const int depth = static_cast<int>(state.range(0));
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        nodes = perft(pos, depth, {.threads = 1});
        benchmark::DoNotOptimize(nodes);
    }
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["nodes_per_second"] = benchmark::Counter(
        static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

void ChessPerftStart(benchmark::State& state) { run_perft(state, kStartFen.data()); }
void ChessPerftKiwipete(benchmark::State& state) {
    run_perft(state, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
}

BENCHMARK(ChessPerftStart)->ArgName("depth")->Arg(6)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(ChessPerftKiwipete)
    ->ArgName("depth")
    ->Arg(5)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
