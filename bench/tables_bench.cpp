// Tablebase speed: building one slice per method (positions per second), and probing our files
// at random positions with a warm block cache (probes per second).
//   build/release/bin/bench_tables
//   build/release/bin/bench_tables --benchmark_filter=Build
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>
#include <random>
#include <vector>

#include "tablebases/checkers/build.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/file_source.h"
#include "tablebases/store/writer.h"

namespace {

using namespace retrocheck::tb;

// Every slice up to 4 pieces, and the 5-piece all-king slice bk3/wk2, whose moves leave only to
// those (it has no men to crown).
const TableSet& finished() {
    static const TableSet set = [] {
        TableSet s = build_up_to(4, BuildMethod::OutCounting);
        s.add(std::make_shared<SliceTable>(
            build_slice(Slice{0, 3, 0, 2}, s, BuildMethod::OutCounting)));
        return s;
    }();
    return set;
}

const Slice kSlices[] = {Slice{0, 2, 0, 2}, Slice{1, 1, 1, 1}, Slice{0, 3, 0, 2}};

void Build(benchmark::State& state) {
    const Slice slice = kSlices[state.range(0)];
    const auto method = state.range(1) == 0 ? BuildMethod::OutCounting : BuildMethod::Grandfather;
    const TableSet& done = finished();
    BuildStats stats;
    for (auto _ : state) {
        SliceTable t = build_slice(slice, done, method, &stats);
        benchmark::DoNotOptimize(t.values.data());
    }
    state.SetLabel(name(slice) +
                   (method == BuildMethod::OutCounting ? " outcount" : " grandfather"));
    state.counters["positions"] = static_cast<double>(stats.positions);
    state.counters["positions_per_second"] = benchmark::Counter(
        static_cast<double>(stats.positions), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(Build)
    ->ArgNames({"slice", "method"})
    ->ArgsProduct({{0, 1, 2}, {0, 1}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// Random probes of files up to 4 pieces, every block cached after the first pass.
void ProbeFromFiles(benchmark::State& state) {
    static const std::filesystem::path dir = [] {
        const auto d = std::filesystem::temp_directory_path() /
                       ("retrocheck-bench-" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        for (const auto& [s, t] : finished().tables())
            if (s.pieces() <= 4)
                (void)retrocheck::tb::store::write_table(*t, store::table_path(d, s));
        return d;
    }();
    const auto source = store::FileSource::open(dir, 1 << 20);
    std::vector<retrocheck::checkers::Position> positions;
    std::mt19937_64 rng(1);
    std::vector<const SliceTable*> tables;
    for (const auto& [s, t] : finished().tables())
        if (s.pieces() <= 4) tables.push_back(t.get());
    for (int i = 0; i < 100000; ++i) {
        const SliceTable* t = tables[rng() % tables.size()];
        positions.push_back(t->position(rng() % t->values.size()));
    }
    for (const auto& p : positions) benchmark::DoNotOptimize((*source)->probe(p));  // warm up
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize((*source)->probe(positions[i]));
        i = (i + 1) % positions.size();
    }
    state.counters["probes_per_second"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(ProbeFromFiles);

}  // namespace

BENCHMARK_MAIN();
