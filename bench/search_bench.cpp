// Search speed: nodes per second over the bench positions (engine/checkers/search/
// bench_positions.h), each from a cleared searcher, without tables and with every table up to
// 4 pieces in memory.
//   build/release/bin/bench_search
#include <benchmark/benchmark.h>

#include "engine/checkers/notation.h"
#include "engine/checkers/search/bench_positions.h"
#include "engine/checkers/search/search.h"
#include "tablebases/checkers/build.h"
#include "tablebases/probe/search_probe.h"

namespace {

using namespace retrocheck;

void Search(benchmark::State& state) {
    const int depth = static_cast<int>(state.range(0));
    const bool with_tables = state.range(1) != 0;
    static const tb::TableSet tables = tb::build_up_to(4, tb::BuildMethod::OutCounting);
    const tb::MemorySource source(tables);
    tb::SearchProbe probe(source, 4);
    checkers::Searcher searcher(checkers::kBenchTtMegabytes, with_tables ? &probe : nullptr);
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        for (const char* fen : checkers::kBenchPositions) {
            searcher.clear();
            nodes += searcher.search(*checkers::parse_fen(fen), {depth, 0}).nodes;
        }
    }
    state.counters["nodes/s"] =
        benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
    state.SetLabel(with_tables ? "tables up to 4 pieces" : "no tables");
}
BENCHMARK(Search)
    ->Args({checkers::kBenchDepth, 0})
    ->Args({checkers::kBenchDepth, 1})
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
