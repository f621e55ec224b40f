// `retrocheck bench [--game G] [--depth D] [--tt-mb M] [--json]`: searches the game's fixed
// bench positions without tables, each from a cleared searcher, and prints the total node count
// (the same binary gives the same count every run) and the rate.
#include <fmt/format.h>

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/output.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/search/bench_positions.h"
#include "engine/checkers/search/search.h"
#include "engine/chess/fen.h"
#include "engine/chess/notation.h"
#include "engine/chess/search/bench_positions.h"
#include "engine/chess/search/search.h"
#include "tablebases/chess/kpk_bitbase.h"

namespace retrocheck::app {

namespace {

struct Args {
    int depth = checkers::kBenchDepth;  // chess: kBenchDepth of chess unless given
    std::size_t tt_mb = checkers::kBenchTtMegabytes;
    const CLI::Option* depth_option = nullptr;
    std::string game = "checkers";
    bool json = false;
};

// One game's bench: its positions, its searcher, its notation.
template <class Positions, class Parse, class Search, class MoveText>
int bench(const Args& a, int depth, const Positions& fens, Parse parse, Search search,
          MoveText move_text) {
    std::uint64_t total = 0;
    const auto t0 = std::chrono::steady_clock::now();
    nlohmann::json positions = nlohmann::json::array();
    for (const char* fen : fens) {
        const auto pos = parse(fen);
        if (!pos) return fail(fmt::format("bench position '{}': {}", fen, pos.error()));
        const auto r = search(*pos, depth);
        total += r.nodes;
        const std::string best = r.best_move ? move_text(*pos, *r.best_move) : "-";
        positions.push_back({{"fen", fen},
                             {"nodes", r.nodes},
                             {"best_move", r.best_move ? nlohmann::json(best) : nullptr},
                             {"score", r.score}});
        if (!a.json)
            fmt::print("{:>12}  {:<8} {:<16} {}\n", grouped(r.nodes), best,
                       search::format_score(r.score), fen);
    }
    const double seconds = seconds_since(t0);
    const double rate = per_second(total, seconds);
    if (a.json) {
        print_json({{"game", a.game},
                    {"depth", depth},
                    {"nodes", total},
                    {"seconds", json_seconds(seconds)},
                    {"nodes_per_second", static_cast<std::uint64_t>(rate)},
                    {"positions", positions}});
        return kExitOk;
    }
    fmt::print("bench: {}, depth {}, {} positions\n", a.game, depth, fens.size());
    fmt::print("nodes: {}\n", total);
    fmt::print("time: {}, {}\n", seconds_text(seconds), rate_text(rate, "nodes"));
    return kExitOk;
}

}  // namespace

Command add_bench(CLI::App& app) {
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand("bench", "Search fixed positions: node count and speed");
    cmd->add_option("--game", args->game, "checkers or chess")
        ->check(CLI::IsMember({"checkers", "chess"}));
    args->depth_option =
        cmd->add_option("--depth", args->depth, "Depth of every search (chess: 9 unless given)")
            ->check(CLI::Range(1, search::kMaxSearchDepth));
    cmd->add_option("--tt-mb", args->tt_mb, "Transposition table size in MiB")
        ->check(CLI::Range(1, 1 << 16));
    cmd->add_flag("--json", args->json, "Print one JSON object");
    return {cmd, [args] {
                const Args& a = *args;
                if (a.game == "chess") {
                    const auto knowledge =
                        chess::endgames::Registry::standard(tb::chess::kpk_bitbase());
                    chess::Searcher searcher({a.tt_mb, nullptr, &knowledge});
                    return bench(
                        a, a.depth_option->count() ? a.depth : chess::kBenchDepth,
                        chess::kBenchPositions,
                        [](const char* fen) { return chess::parse_fen(fen); },
                        [&](const chess::Position& p, int depth) {
                            searcher.clear();
                            search::SearchLimits limits;
                            limits.depth = depth;
                            return searcher.search(p, limits);
                        },
                        [](const chess::Position& p, chess::Move m) {
                            return chess::format_san(p, m);
                        });
                }
                checkers::Searcher searcher(a.tt_mb);
                return bench(
                    a, a.depth, checkers::kBenchPositions,
                    [](const char* fen) { return checkers::parse_fen(fen); },
                    [&](const checkers::Position& p, int depth) {
                        searcher.clear();
                        search::SearchLimits limits;
                        limits.depth = depth;
                        return searcher.search(p, limits);
                    },
                    [](const checkers::Position&, const checkers::Move& m) {
                        return checkers::format_move(m);
                    });
            }};
}

}  // namespace retrocheck::app
