// Chess material index speed, one thread, in calls per second: index() of positions met in any
// of their symmetric images (a retrograde build of a 5-piece table calls it ~10^9 times) and
// position() of slots spread evenly over the table, broken ones included (~10^8 calls: once a
// slot a pass), on KQvKR, KPvKP and KQRvKR; and a builder's settling work on a slot: its position
// and the slots of all its parents (ChessGame::for_each_parent_slot, ~2 * 10^9 parents in a
// KQRvKR build). Rates are per CPU second, which a busy machine disturbs less than wall time;
// `valid` is the share of slots that are not broken.
//   build/release/bin/bench_chess_index
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "tablebases/chess/game.h"
#include "tablebases/chess/index.h"

namespace {

using namespace retrocheck::chess;
using retrocheck::tb::chess::ChessBuildTable;
using retrocheck::tb::chess::ChessGame;
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

// The slots of legal positions a fixed prime stride apart, both sides to move, as a level of a
// build meets them: the position decoded from its slot, then every parent's slot.
void ChessParentSlots(benchmark::State& state, const char* name) {
    const ChessBuildTable table(*Material::parse(name));
    std::vector<std::uint64_t> ids;
    constexpr std::uint64_t kStride = 1'000'003;
    for (std::uint64_t id = 0; ids.size() < 4096; id = (id + kStride) % table.stored_slots())
        if (table.position(id)) ids.push_back(id);
    std::uint64_t sum = 0, parents = 0;
    for (auto _ : state) {
        for (const std::uint64_t id : ids) {
            const Position pos = table.settled_position(id);
            ChessGame::for_each_parent_slot(table, pos, id, [&](std::uint64_t slot, auto) {
                sum += slot;
                ++parents;
            });
        }
        benchmark::DoNotOptimize(sum);
    }
    state.counters["parents"] =
        benchmark::Counter(static_cast<double>(parents) / static_cast<double>(state.iterations()));
    state.counters["slots_per_second"] = benchmark::Counter(
        static_cast<double>(ids.size()), benchmark::Counter::kIsIterationInvariantRate);
}

BENCHMARK_CAPTURE(ChessIndexOf, KQvKR, "KQvKR");
BENCHMARK_CAPTURE(ChessIndexOf, KPvKP, "KPvKP");
BENCHMARK_CAPTURE(ChessIndexOf, KQRvKR, "KQRvKR");
BENCHMARK_CAPTURE(ChessPositionOf, KQvKR, "KQvKR");
BENCHMARK_CAPTURE(ChessPositionOf, KPvKP, "KPvKP");
BENCHMARK_CAPTURE(ChessPositionOf, KQRvKR, "KQRvKR");
BENCHMARK_CAPTURE(ChessParentSlots, KQvKR, "KQvKR");
BENCHMARK_CAPTURE(ChessParentSlots, KQRvKR, "KQRvKR");

}  // namespace

BENCHMARK_MAIN();
