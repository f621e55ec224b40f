// `retrocheck search [FEN] [--depth D] [--time S] [--db DIR] [--db-format F] [--tt-mb M]
// [--json]`: iterative deepening from a position, with tables at the interior nodes.
#include <fmt/format.h>

#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/output.h"
#include "apps/position_input.h"
#include "apps/search_output.h"
#include "apps/search_tables.h"
#include "engine/checkers/diagram.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/search/search.h"

namespace retrocheck::app {

namespace {

// The root's game value where the search proved one through the tables: exact (with its
// distance) when the tables hold the root itself, else the result alone (a table value deeper
// in the tree bounds the distance from above, it does not give it).
nlohmann::json root_value_json(const SearchTables& tables, const checkers::Position& root,
                               const checkers::SearchResult& r) {
    if (!tables.probe) return nullptr;
    const auto held = look_up(tables.db, root);
    if (held && *held) return value_json(**held, tables.db.metric());
    using checkers::ScoreKind;
    if (r.kind != ScoreKind::TableWin && r.kind != ScoreKind::TableLoss &&
        r.kind != ScoreKind::TableDraw)
        return nullptr;
    const Outcome o = r.kind == ScoreKind::TableDraw  ? Outcome::draw()
                      : r.kind == ScoreKind::TableWin ? Outcome::of(Wld::Win)
                                                      : Outcome::of(Wld::Loss);
    return value_json(o, tables.db.metric());
}

}  // namespace

Command add_search(CLI::App& app) {
    struct Args {
        PositionArgs input;
        int depth = 0;
        double seconds = 0;
        bool json = false;
        SearchArgs search;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand("search", "Search a position (iterative deepening, tables)");
    cmd->add_option("fen", args->input.fen,
                    "The position (default: the start; '-': one a line from stdin)");
    add_position_options(cmd, args->input);
    cmd->add_option("--depth", args->depth, "Last iteration (0: 15, or 64 with --time)")
        ->check(CLI::Range(0, checkers::kMaxSearchDepth));
    cmd->add_option("--time", args->seconds,
                    "Seconds (0: no limit): no iteration starts after, one running is abandoned")
        ->check(seconds_validator());
    cmd->add_flag("--json", args->json, "Print one JSON object a position");
    add_search_options(cmd, args->search);
    return {
        cmd, [args] {
            const auto input = read_positions(args->input, checkers::Position::start());
            if (!input) return fail(input.error());
            auto tables = open_search_tables(args->search);
            if (!tables) return fail(tables.error());
            checkers::SearchLimits limits;  // its depth is the default
            if (args->depth > 0)
                limits.depth = args->depth;
            else if (args->seconds > 0)
                limits.depth = checkers::kMaxSearchDepth;
            limits.seconds = args->seconds;
            checkers::Searcher searcher(args->search.tt_mb, (*tables)->probe.get());
            bool first = true;
            for (const InputPosition& in : input->positions) {
                const checkers::Position& pos = in.position;
                if (input->positions.size() > 1) searcher.clear();
                if (!args->json) {
                    if (!first) fmt::print("\n");
                    fmt::print("{}", checkers::describe(pos));
                    fmt::print("{:>5}  {:<28} {:>11} {:>14}  {}\n", "depth", "score", "time",
                               "nodes", "principal variation");
                }
                first = false;
                const auto r = searcher.search(pos, limits, [&](const checkers::Iteration& it) {
                    if (args->json) return;
                    fmt::print("{:>5}  {:<28} {:>11} {:>14}  {}\n", it.depth,
                               score_text(it.score, it.kind), seconds_text(it.seconds),
                               grouped(it.nodes), checkers::format_line(it.pv));
                    std::fflush(stdout);
                });
                if (const int e = probe_errors(**tables)) return e;
                // Probes a capture resolver gave up on were searched on instead.
                const std::uint64_t over_work =
                    (*tables)->probe ? (*tables)->probe->over_work() : 0;
                const double hit_rate =
                    r.tt_probes ? static_cast<double>(r.tt_hits) / static_cast<double>(r.tt_probes)
                                : 0.0;
                if (args->json) {
                    nlohmann::json out = {{"fen", checkers::format_fen(pos)},
                                          {"best_move", move_json(r.best_move)},
                                          {"score", r.score},
                                          {"score_text", checkers::format_score(r.score)},
                                          {"score_kind", checkers::to_string(r.kind)},
                                          {"value", root_value_json(**tables, pos, r)},
                                          {"depth", r.depth},
                                          {"nodes", r.nodes},
                                          {"table_probes", r.table_probes},
                                          {"tt_hit_rate", std::round(hit_rate * 1e4) / 1e4},
                                          {"out_of_time", r.out_of_time},
                                          {"probes_over_work", over_work},
                                          {"pv", pv_json(r.pv)},
                                          {"iterations", nlohmann::json::array()}};
                    for (const checkers::Iteration& it : r.iterations)
                        out["iterations"].push_back({{"depth", it.depth},
                                                     {"score", it.score},
                                                     {"score_kind", checkers::to_string(it.kind)},
                                                     {"nodes", it.nodes},
                                                     {"seconds", json_seconds(it.seconds)},
                                                     {"pv", pv_json(it.pv)}});
                    print_json(out);
                    continue;
                }
                if (!r.best_move) {
                    fmt::print("no legal move: the side to move has lost\n");
                    continue;
                }
                fmt::print("best move: {}\n", checkers::format_move(*r.best_move));
                fmt::print("score: {} ({})\n", checkers::format_score(r.score),
                           checkers::to_string(r.kind));
                fmt::print(
                    "nodes: {}, table probes: {}, TT hit rate: {:.1f}% ({} of {} lookups){}\n",
                    grouped(r.nodes), grouped(r.table_probes), 100 * hit_rate, grouped(r.tt_hits),
                    grouped(r.tt_probes),
                    r.out_of_time ? ", last iteration abandoned at the time limit" : "");
                if (over_work > 0)
                    fmt::print(
                        "{} positions over the resolver's work bound were searched instead\n",
                        grouped(over_work));
            }
            return kExitOk;
        }};
}

}  // namespace retrocheck::app
