// Prover speed. ProverNodes: nodes per second proving a fixed set of 5-piece positions with the
// tables up to 4 pieces in memory (each proven, certificate included). CorpusEntry: the time to
// prove each entry of corpus/checkers.tsv beyond the tables, with the 2-5 piece tables of the main
// job (RETROCHECK_TABLES5, default build/release/tables/check5) and the corpus's budget of 60 s.
//   build/release/bin/bench_prove
//   build/release/bin/bench_prove --benchmark_filter=ProverNodes
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

#include "corpus/corpus_file.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/prove/prover.h"
#include "tablebases/checkers/build.h"
#include "tablebases/probe/search_probe.h"
#include "tablebases/store/directory.h"

namespace {

using namespace retrocheck;
namespace pv = checkers::prove;

// Five pieces with the 4-piece tables: wins, losses and draws a few hundred to a few hundred
// thousand nodes deep.
constexpr const char* kProverPositions[] = {
    "W:WK25,K22:BK14,13,K2",    // Lasker's diagram 103: a loss
    "B:WK11,K13:BK3,K4,K29",    // three kings against two that draw
    "W:WK22,K23,K24:BK31,K32",  // three kings against two that win
    "B:W20,16,K2:BK25,K10",     // W. Grey: a draw
    "B:WK3,K4,5:BK14,K16",      // a draw
};

void ProverNodes(benchmark::State& state) {
    static const tb::TableSet tables = tb::build_up_to(4, tb::BuildMethod::OutCounting);
    const tb::MemorySource source(tables);
    tb::SearchProbe probe(source, 4);
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        for (const char* fen : kProverPositions) {
            const pv::Proof p =
                pv::prove_value(*checkers::parse_fen(fen), &probe, {0, 60, std::size_t{1} << 22});
            if (!p.proven()) state.SkipWithError((std::string(fen) + ": not proven").c_str());
            nodes += p.nodes;
        }
    }
    state.counters["nodes/s"] =
        benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
    state.SetLabel("5 pieces, tables up to 4 in memory");
}
BENCHMARK(ProverNodes)->Unit(benchmark::kMillisecond);

// One benchmark an entry the tables do not hold, registered at start-up.
void register_corpus() {
    const char* env = std::getenv("RETROCHECK_TABLES5");
    const std::filesystem::path dir = env ? env : "build/release/tables/check5";
    const std::filesystem::path file =
        std::filesystem::path(RETROCHECK_SOURCE_DIR) / "corpus" / "checkers.tsv";
    auto entries = corpus::read_corpus(file);
    if (!entries) {
        std::cerr << entries.error() << "\n";
        return;
    }
    static auto loaded = tb::store::load_directory<tb::CheckersGame>(dir, 5);
    if (!loaded) {
        std::cerr << "no 2-5 piece tables (" << loaded.error() << "): CorpusEntry skipped\n";
        return;
    }
    for (const corpus::Entry& e : *entries) {
        if (e.position.piece_count() <= 5) continue;
        benchmark::RegisterBenchmark(
            ("CorpusEntry/line" + std::to_string(e.line) + "/" + checkers::format_fen(e.position))
                .c_str(),
            [e](benchmark::State& state) {
                const tb::MemorySource source(*loaded);
                tb::SearchProbe probe(source, 5);
                pv::Proof p;
                for (auto _ : state)
                    p = pv::prove_value(e.position, &probe, {0, 60, std::size_t{20} << 20});
                state.counters["nodes"] = static_cast<double>(p.nodes);
                state.SetLabel(std::string(pv::to_string(p.verdict)) + " (published " +
                               e.verdict.to_string() + ")");
            })
            ->Iterations(1)
            ->Unit(benchmark::kSecond);
    }
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    register_corpus();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
