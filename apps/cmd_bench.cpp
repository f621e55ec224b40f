// `retrocheck bench [--depth D] [--tt-mb M] [--json]`: searches the fixed bench positions without
// tables, each from a cleared searcher, and prints the total node count (the same binary gives the
// same count every run) and the rate.
#include <fmt/format.h>

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/output.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/search/bench_positions.h"
#include "engine/checkers/search/search.h"

namespace retrocheck::app {

Command add_bench(CLI::App& app) {
    struct Args {
        int depth = checkers::kBenchDepth;
        std::size_t tt_mb = checkers::kBenchTtMegabytes;
        bool json = false;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand("bench", "Search fixed positions: node count and speed");
    cmd->add_option("--depth", args->depth, "Depth of every search")
        ->check(CLI::Range(1, checkers::kMaxSearchDepth));
    cmd->add_option("--tt-mb", args->tt_mb, "Transposition table size in MiB")
        ->check(CLI::Range(1, 1 << 16));
    cmd->add_flag("--json", args->json, "Print one JSON object");
    return {cmd, [args] {
                checkers::Searcher searcher(args->tt_mb);
                std::uint64_t total = 0;
                const auto t0 = std::chrono::steady_clock::now();
                nlohmann::json positions = nlohmann::json::array();
                for (const char* fen : checkers::kBenchPositions) {
                    const auto pos = checkers::parse_fen(fen);
                    if (!pos) return fail(fmt::format("bench position '{}': {}", fen, pos.error()));
                    searcher.clear();
                    const auto r = searcher.search(*pos, {args->depth, 0});
                    total += r.nodes;
                    positions.push_back({{"fen", fen},
                                         {"nodes", r.nodes},
                                         {"best_move", move_json(r.best_move)},
                                         {"score", r.score}});
                    if (!args->json)
                        fmt::print("{:>12}  {:<8} {:<16} {}\n", grouped(r.nodes),
                                   r.best_move ? checkers::format_move(*r.best_move) : "-",
                                   checkers::format_score(r.score), fen);
                }
                const double seconds = seconds_since(t0);
                const double rate = per_second(total, seconds);
                if (args->json) {
                    print_json({{"depth", args->depth},
                                {"nodes", total},
                                {"seconds", json_seconds(seconds)},
                                {"nodes_per_second", static_cast<std::uint64_t>(rate)},
                                {"positions", positions}});
                    return kExitOk;
                }
                fmt::print("bench: depth {}, {} positions\n", args->depth,
                           checkers::kBenchPositions.size());
                fmt::print("nodes: {}\n", total);
                fmt::print("time: {}, {}\n", seconds_text(seconds), rate_text(rate, "nodes"));
                return kExitOk;
            }};
}

}  // namespace retrocheck::app
