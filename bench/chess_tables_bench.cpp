// Chess tablebase speed: building one material per method (positions per second; KQvKR, and the
// 5-piece KQRvKR, one iteration of minutes), and probing tables read from our files at random
// legal positions (probes per second).
//   build/release/bin/bench_chess_tables --benchmark_filter='Build/.*KQvKR'
//   build/release/bin/bench_chess_tables --benchmark_filter=Probe
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "tablebases/chess/build.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/writer.h"

namespace {

using namespace retrocheck::tb;
using retrocheck::tb::chess::Material;
using retrocheck::tb::chess::MaterialTableSet;

Material material(const char* name) {
    auto m = Material::parse(name);
    if (!m) throw std::invalid_argument(name);
    return *m;
}

const char* const kMaterials[] = {"KQvKR", "KQRvKR"};

// The materials a material's moves lead to, finished (built once a material).
const MaterialTableSet& successors_of(const Material& m) {
    static std::map<Material, MaterialTableSet> done;
    auto it = done.find(m);
    if (it == done.end()) {
        std::vector<Material> next = m.successors();
        it = done.emplace(m, chess::build_closure(next, BuildMethod::OutCounting)).first;
    }
    return it->second;
}

void Build(benchmark::State& state) {
    const Material m = material(kMaterials[state.range(0)]);
    const auto method = state.range(1) == 0 ? BuildMethod::OutCounting : BuildMethod::Grandfather;
    const MaterialTableSet& done = successors_of(m);
    BuildStats stats;
    for (auto _ : state) {
        chess::MaterialTable t = chess::build_material(m, done, method, &stats);
        benchmark::DoNotOptimize(t.values.data());
    }
    state.SetLabel(m.name() + (method == BuildMethod::OutCounting ? " outcount" : " grandfather"));
    state.counters["positions"] = static_cast<double>(stats.positions);
    state.counters["positions_per_second"] = benchmark::Counter(
        static_cast<double>(stats.positions), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(Build)
    ->ArgNames({"material", "method"})
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();

// Random legal positions of KQvKR, KPvKP and their successors, probed in tables read back from
// our files.
void ProbeFromFiles(benchmark::State& state) {
    static const MaterialTableSet tables = [] {
        const auto dir = std::filesystem::temp_directory_path() /
                         ("retrocheck-chess-bench-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir);
        const MaterialTableSet built =
            chess::build_closure({material("KQvKR"), material("KPvKP")}, BuildMethod::OutCounting);
        for (const auto& [m, t] : built.tables())
            if (!store::write_table(*t, store::table_path(dir, m)))
                throw std::runtime_error("cannot write " + m.name());
        auto loaded = store::load_directory<retrocheck::tb::chess::ChessGame>(dir, 4);
        std::filesystem::remove_all(dir);
        if (!loaded) throw std::runtime_error("cannot read the tables back");
        return std::move(*loaded);
    }();
    std::vector<retrocheck::chess::Position> positions;
    std::mt19937_64 rng(1);
    std::vector<const chess::MaterialTable*> list;
    for (const auto& [m, t] : tables.tables()) list.push_back(t.get());
    while (positions.size() < 100000) {
        const chess::MaterialTable* t = list[rng() % list.size()];
        if (auto p = t->position(rng() % t->values.size()); p && chess::legal_slot(*p))
            positions.push_back(*p);
    }
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(tables.probe(positions[i]));
        if (++i == positions.size()) i = 0;
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(ProbeFromFiles);

}  // namespace

BENCHMARK_MAIN();
