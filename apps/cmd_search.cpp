// `retrocheck search [FEN] [--depth D] [--time S] [--db DIR] [--db-format F] [--tt-mb M]
// [--json]`: iterative deepening from a position, with tables at the interior nodes.
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/output.h"
#include "apps/search_output.h"
#include "apps/search_tables.h"
#include "engine/checkers/diagram.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/search/search.h"

namespace retrocheck::app {

Command add_search(CLI::App& app) {
    struct Args {
        std::string fen = checkers::format_fen(checkers::Position::start());
        int depth = 0;
        double seconds = 0;
        bool json = false;
        SearchArgs search;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand("search", "Search a position (iterative deepening, tables)");
    cmd->add_option("fen", args->fen, "The position (default: the start)");
    cmd->add_option("--depth", args->depth, "Last iteration (default 15, or 64 with --time)")
        ->check(CLI::Range(1, checkers::kMaxSearchDepth));
    cmd->add_option("--time", args->seconds,
                    "Seconds: no iteration starts after, one running "
                    "is abandoned")
        ->check(CLI::PositiveNumber);
    cmd->add_flag("--json", args->json, "Print one JSON object");
    add_search_options(cmd, args->search);
    return {
        cmd, [args] {
            const auto pos = fen_argument(args->fen);
            if (!pos) return fail(pos.error());
            auto tables = open_search_tables(args->search);
            if (!tables) return fail(tables.error());
            checkers::SearchLimits limits;  // its depth is the default
            if (args->depth > 0)
                limits.depth = args->depth;
            else if (args->seconds > 0)
                limits.depth = checkers::kMaxSearchDepth;
            limits.seconds = args->seconds;
            checkers::Searcher searcher(args->search.tt_mb, (*tables)->probe.get());
            if (!args->json) {
                fmt::print("{}", checkers::describe(*pos));
                fmt::print("{:>5}  {:<22} {:>9} {:>14}  {}\n", "depth", "score", "seconds", "nodes",
                           "principal variation");
            }
            const auto r = searcher.search(*pos, limits, [&](const checkers::Iteration& it) {
                if (args->json) return;
                fmt::print("{:>5}  {:<22} {:>9.3f} {:>14}  {}\n", it.depth,
                           score_text(it.score, it.kind), it.seconds, grouped(it.nodes),
                           pv_text(it.pv));
                std::fflush(stdout);
            });
            if (const int e = probe_errors(**tables)) return e;
            // Probes a capture resolver gave up on were searched on instead.
            const std::uint64_t over_work = (*tables)->probe ? (*tables)->probe->over_work() : 0;
            const double hit_rate =
                r.tt_probes ? static_cast<double>(r.tt_hits) / static_cast<double>(r.tt_probes)
                            : 0.0;
            if (args->json) {
                nlohmann::json out = {{"fen", checkers::format_fen(*pos)},
                                      {"best_move", move_json(r.best_move)},
                                      {"score", r.score},
                                      {"score_text", checkers::format_score(r.score)},
                                      {"score_kind", checkers::to_string(r.kind)},
                                      {"depth", r.depth},
                                      {"nodes", r.nodes},
                                      {"table_probes", r.table_probes},
                                      {"tt_hit_rate", hit_rate},
                                      {"out_of_time", r.out_of_time},
                                      {"probes_over_work", over_work},
                                      {"pv", pv_json(r.pv)},
                                      {"iterations", nlohmann::json::array()}};
                for (const checkers::Iteration& it : r.iterations)
                    out["iterations"].push_back({{"depth", it.depth},
                                                 {"score", it.score},
                                                 {"score_kind", checkers::to_string(it.kind)},
                                                 {"nodes", it.nodes},
                                                 {"seconds", it.seconds},
                                                 {"pv", pv_json(it.pv)}});
                fmt::print("{}\n", out.dump());
                return 0;
            }
            if (!r.best_move) {
                fmt::print("no legal move: the side to move has lost\n");
                return 0;
            }
            fmt::print("best move: {}\n", checkers::format_move(*r.best_move));
            fmt::print("score: {} ({})\n", checkers::format_score(r.score),
                       checkers::to_string(r.kind));
            fmt::print(
                "nodes: {}, table probes: {}, TT hit rate: {:.1f}% ({} of {} lookups)"
                "{}\n",
                grouped(r.nodes), grouped(r.table_probes), 100 * hit_rate, grouped(r.tt_hits),
                grouped(r.tt_probes),
                r.out_of_time ? ", last iteration abandoned at the time limit" : "");
            if (over_work > 0)
                fmt::print("{} positions over the resolver's work bound were searched instead\n",
                           grouped(over_work));
            return 0;
        }};
}

}  // namespace retrocheck::app
