// Chess material index speed, one thread, in calls per second: index() of positions met in any
// of their symmetric images (a retrograde build of a 5-piece table calls it ~10^9 times) and
// position() of slots spread evenly over the table, broken ones included (~10^8 calls: once a
// slot a pass), on KQvKR, KPvKP and KQRvKR. Rates are per CPU second, which a busy machine
// disturbs less than wall time; `valid` is the share of slots that are not broken.
//   build/release/bin/bench_chess_index
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "tablebases/chess/index.h"

namespace {

using namespace retrocheck::chess;
using retrocheck::tb::chess::Material;
using retrocheck::tb::chess::MaterialIndex;

// n positions of random valid slots, either side to move, each turned by a random symmetry of
// the material, so that index() cannot count on meeting canonical positions.
std::vector<Position> sample(const MaterialIndex& index, std::size_t n) {
    std::mt19937_64 rng(20261123);
    const int symmetries = index.material().pawns() ? 2 : 8;
    std::vector<Position> out;
    while (out.size() < n) {
        const Color side = out.size() % 2 ? Color::Black : Color::White;
        const auto pos = index.position(rng() % index.size(), side);
        if (!pos) continue;
        const int k = static_cast<int>(rng() % static_cast<std::uint64_t>(symmetries));
        out.push_back(pos->transformed(k));
    }
    return out;
}

void ChessIndexOf(benchmark::State& state, const char* name) {
    const MaterialIndex index(*Material::parse(name));
    const std::vector<Position> positions = sample(index, 4096);
    std::uint64_t sum = 0;
    for (auto _ : state) {
        for (const Position& p : positions) sum += index.index(p);
        benchmark::DoNotOptimize(sum);
    }
    state.counters["calls_per_second"] = benchmark::Counter(
        static_cast<double>(positions.size()), benchmark::Counter::kIsIterationInvariantRate);
}

// Slots a fixed prime stride apart, so that a second's run samples every king pair alike (a
// pass reads them in order, but spends most of its time away from the diagonal all the same).
void ChessPositionOf(benchmark::State& state, const char* name) {
    const MaterialIndex index(*Material::parse(name));
    constexpr int kBatch = 4096;
    constexpr std::uint64_t kStride = 1'000'003;
    std::uint64_t i = 0, valid = 0, calls = 0;
    for (auto _ : state) {
        for (int n = 0; n < kBatch; ++n) {
            const auto pos = index.position(i, n % 2 ? Color::Black : Color::White);
            valid += pos.has_value();
            benchmark::DoNotOptimize(pos);
            i += kStride;
            while (i >= index.size()) i -= index.size();
        }
        calls += kBatch;
    }
    state.counters["valid"] = static_cast<double>(valid) / static_cast<double>(calls);
    state.counters["calls_per_second"] = benchmark::Counter(
        static_cast<double>(kBatch), benchmark::Counter::kIsIterationInvariantRate);
}

BENCHMARK_CAPTURE(ChessIndexOf, KQvKR, "KQvKR");
BENCHMARK_CAPTURE(ChessIndexOf, KPvKP, "KPvKP");
BENCHMARK_CAPTURE(ChessIndexOf, KQRvKR, "KQRvKR");
BENCHMARK_CAPTURE(ChessPositionOf, KQvKR, "KQvKR");
BENCHMARK_CAPTURE(ChessPositionOf, KPvKP, "KPvKP");
BENCHMARK_CAPTURE(ChessPositionOf, KQRvKR, "KQRvKR");

}  // namespace

BENCHMARK_MAIN();
