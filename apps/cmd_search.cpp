// `retrocheck search [FEN] [--game G] [--depth D] [--time S] [--nodes N] [--db DIR]
// [--db-format F] [--tt-mb M] [--no-endgame-knowledge] [--json]`: iterative deepening from a
// position of either game, with tables at the interior nodes. One path over both games; what
// differs (the searcher, the tables, notation) is each game's SearchGame.
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
#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/chess/notation.h"
#include "engine/chess/search/search.h"
#include "tablebases/chess/kpk_bitbase.h"
#include "tablebases/chess/probe.h"

namespace retrocheck::app {

namespace {

struct Args {
    PositionArgs input;
    int depth = 0;
    double seconds = 0;
    std::uint64_t nodes = 0;
    bool json = false, no_knowledge = false;
    SearchArgs search;
};

// The root's game value where the search proved one through the tables: exact (with its
// distance) when the tables hold the root itself, else the result alone (a table value deeper
// in the tree bounds the distance from above, it does not give it).
nlohmann::json root_value_json(const std::optional<Outcome>& held, search::ScoreKind kind,
                               Metric metric) {
    if (held) return value_json(*held, metric);
    using search::ScoreKind;
    if (!search::from_table(kind)) return nullptr;
    const Outcome o = kind == ScoreKind::TableDraw  ? Outcome::draw()
                      : kind == ScoreKind::TableWin ? Outcome::of(Wld::Win)
                                                    : Outcome::of(Wld::Loss);
    return value_json(o, metric);
}

template <class P>
struct SearchGame;

template <>
struct SearchGame<checkers::Position> {
    using Move = checkers::Move;
    struct Tables {
        std::unique_ptr<SearchTables> open;
        tb::SearchProbe* probe() const { return open->probe.get(); }
        Metric metric() const { return open->db.metric(); }
        std::optional<Outcome> held(const checkers::Position& pos) const {
            if (!open->probe) return std::nullopt;
            const auto v = look_up(open->db, pos);
            return v && *v ? std::optional(**v) : std::nullopt;
        }
    };
    static Result<Tables> open(const SearchArgs& a) {
        auto t = open_search_tables(a);
        if (!t) return Error{t.error()};
        return Tables{std::move(t).value()};
    }
    static Result<PositionInput> positions(const PositionArgs& in, const InputText& text) {
        return parse_positions(in, text, checkers::Position::start());
    }
    static auto searcher(const Args& a, Tables& t) {
        return std::make_unique<checkers::Searcher>(a.search.tt_mb, t.probe());
    }
    static auto run(checkers::Searcher& s, const checkers::Position& pos,
                    const search::SearchLimits& limits,
                    const std::function<void(const checkers::Iteration&)>& each) {
        return s.search(pos, limits, each);
    }
    static std::string fen(const checkers::Position& p) { return checkers::format_fen(p); }
    static std::string describe(const checkers::Position& p) { return checkers::describe(p); }
    static std::string move(const checkers::Position&, const Move& m) {
        return checkers::format_move(m);
    }
    static std::vector<std::string> line(const checkers::Position&, const std::vector<Move>& pv) {
        std::vector<std::string> out;
        for (const Move& m : pv) out.push_back(checkers::format_move(m));
        return out;
    }
    static constexpr const char* kNoMove = "no legal move: the side to move has lost";
};

template <>
struct SearchGame<chess::Position> {
    using Move = chess::Move;
    struct Tables {
        std::shared_ptr<tb::chess::ChessTableSource> source;
        std::unique_ptr<tb::ChessSearchProbe> search_probe;
        chess::endgames::Registry knowledge;
        tb::ChessSearchProbe* probe() const { return search_probe.get(); }
        Metric metric() const { return source && source->has_dtm() ? Metric::Dtm : Metric::Wld; }
        std::optional<Outcome> held(const chess::Position& pos) const {
            if (!source) return std::nullopt;
            const auto v = tb::chess::value_of(*source, pos);
            return v ? *v : std::nullopt;
        }
    };
    static Result<Tables> open(const SearchArgs& a) {
        Tables t;
        if (a.db.empty()) return t;
        auto source = open_chess_tables(a.db_format, a.db);
        if (!source) return Error{source.error()};
        t.source = std::move(source).value();
        t.search_probe = std::make_unique<tb::ChessSearchProbe>(*t.source, t.source->max_pieces());
        return t;
    }
    static Result<ChessInput> positions(const PositionArgs& in, const InputText& text) {
        return parse_chess_positions(in, text, chess::Position::start());
    }
    static auto searcher(const Args& a, Tables& t) {
        if (!a.no_knowledge)
            t.knowledge = chess::endgames::Registry::standard(tb::chess::kpk_bitbase());
        return std::make_unique<chess::Searcher>(chess::SearchOptions{
            a.search.tt_mb, t.probe(), a.no_knowledge ? nullptr : &t.knowledge});
    }
    static auto run(chess::Searcher& s, const chess::Position& pos,
                    const search::SearchLimits& limits,
                    const std::function<void(const chess::Iteration&)>& each) {
        return s.search(pos, limits, each);
    }
    static std::string fen(const chess::Position& p) { return chess::format_fen(p); }
    static std::string describe(const chess::Position& p) { return chess::describe(p); }
    static std::string move(const chess::Position& p, const Move& m) {
        return chess::format_san(p, m);
    }
    static std::vector<std::string> line(chess::Position p, const std::vector<Move>& pv) {
        std::vector<std::string> out;
        for (const Move m : pv) {
            out.push_back(chess::format_san(p, m));
            p = p.after(m);
        }
        return out;
    }
    static constexpr const char* kNoMove = "no legal move: checkmate or stalemate";
};

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

template <class P>
int search_positions(const Args& a, const InputText& text) {
    using G = SearchGame<P>;
    const auto input = G::positions(a.input, text);
    if (!input) return fail(input.error());
    auto tables = G::open(a.search);
    if (!tables) return fail(tables.error());
    auto t = std::move(tables).value();
    search::SearchLimits limits;  // its depth is the default
    if (a.depth > 0)
        limits.depth = a.depth;
    else if (a.seconds > 0 || a.nodes > 0)
        limits.depth = search::kMaxSearchDepth;
    limits.seconds = a.seconds;
    limits.nodes = a.nodes;
    auto searcher = G::searcher(a, t);
    bool first = true;
    for (const auto& in : input->positions) {
        const P& pos = in.position;
        if (input->positions.size() > 1) searcher->clear();
        if (!a.json) {
            if (!first) fmt::print("\n");
            fmt::print("{}", G::describe(pos));
            fmt::print("{:>5}  {:<28} {:>11} {:>14}  {}\n", "depth", "score", "time", "nodes",
                       "principal variation");
        }
        first = false;
        const auto r = G::run(*searcher, pos, limits, [&](const auto& it) {
            if (a.json) return;
            fmt::print("{:>5}  {:<28} {:>11} {:>14}  {}\n", it.depth, score_text(it.score, it.kind),
                       seconds_text(it.seconds), grouped(it.nodes), joined(G::line(pos, it.pv)));
            std::fflush(stdout);
        });
        if (const int err = probe_errors(t.probe())) return err;
        // Probes a capture resolver gave up on were searched on instead.
        const std::uint64_t over_work = t.probe() ? t.probe()->over_work() : 0;
        const double hit_rate =
            r.tt_probes ? static_cast<double>(r.tt_hits) / static_cast<double>(r.tt_probes) : 0.0;
        if (a.json) {
            const auto iteration_json = [&](const auto& it) {
                return nlohmann::json{{"depth", it.depth},
                                      {"score", it.score},
                                      {"score_kind", search::to_string(it.kind)},
                                      {"nodes", it.nodes},
                                      {"seconds", json_seconds(it.seconds)},
                                      {"pv", G::line(pos, it.pv)}};
            };
            nlohmann::json out = {
                {"fen", G::fen(pos)},
                {"best_move", r.best_move ? nlohmann::json(G::move(pos, *r.best_move)) : nullptr},
                {"score", r.score},
                {"score_text", search::format_score(r.score)},
                {"score_kind", search::to_string(r.kind)},
                {"value", t.probe() ? root_value_json(t.held(pos), r.kind, t.metric()) : nullptr},
                {"depth", r.depth},
                {"nodes", r.nodes},
                {"table_probes", r.table_probes},
                {"tt_hit_rate", std::round(hit_rate * 1e4) / 1e4},
                {"out_of_time", r.out_of_time},
                {"probes_over_work", over_work},
                {"pv", G::line(pos, r.pv)},
                {"iterations", nlohmann::json::array()}};
            for (const auto& it : r.iterations) out["iterations"].push_back(iteration_json(it));
            print_json(out);
            continue;
        }
        if (!r.best_move) {
            fmt::print("{}\n", G::kNoMove);
            continue;
        }
        fmt::print("best move: {}\n", G::move(pos, *r.best_move));
        fmt::print("score: {} ({})\n", search::format_score(r.score), search::to_string(r.kind));
        fmt::print("nodes: {}, table probes: {}, TT hit rate: {:.1f}% ({} of {} lookups){}\n",
                   grouped(r.nodes), grouped(r.table_probes), 100 * hit_rate, grouped(r.tt_hits),
                   grouped(r.tt_probes),
                   r.out_of_time ? ", last iteration abandoned at the limit" : "");
        if (over_work > 0)
            fmt::print("{} positions over the resolver's work bound were searched instead\n",
                       grouped(over_work));
    }
    return kExitOk;
}

}  // namespace

Command add_search(CLI::App& app) {
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand("search", "Search a position (iterative deepening, tables)");
    cmd->add_option("fen", args->input.fen,
                    "The position (default: the checkers start; '-': one a line from stdin)");
    add_position_options(cmd, args->input);
    add_game_option(cmd, args->input);
    cmd->add_option("--depth", args->depth, "Last iteration (0: 15, or 64 with --time or --nodes)")
        ->check(CLI::Range(0, search::kMaxSearchDepth));
    cmd->add_option("--time", args->seconds,
                    "Seconds (0: no limit): no iteration starts after, one running is abandoned")
        ->check(seconds_validator());
    cmd->add_option("--nodes", args->nodes,
                    "Nodes (0: no limit): no iteration starts after, one running is abandoned");
    cmd->add_flag("--no-endgame-knowledge", args->no_knowledge,
                  "Chess: the general evaluation only, no material-key endgame evaluators");
    cmd->add_flag("--json", args->json, "Print one JSON object a position");
    add_search_options(cmd, args->search, true);
    return {cmd, [args] {
                const auto text = read_input_text(args->input);
                if (!text) return fail(text.error());
                return is_chess(args->input, *text)
                           ? search_positions<chess::Position>(*args, *text)
                           : search_positions<checkers::Position>(*args, *text);
            }};
}

}  // namespace retrocheck::app
