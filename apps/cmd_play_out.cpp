// `retrocheck play-out --db DIR [FEN | --fen-file F | --material M --games N --seed S]
// [--engine CMD] [--nodes N | --time S] [--slack M] [--dtz DIR] [--no-endgame-knowledge]
// [--json] [--junit F]`: the winning side played by our engine (or a UCI engine) against the
// table's longest resistance; per game the moves, mate or not, moves used against the start's
// DTM and whether the 50-move rule would have drawn it (as played, and with DTZ tables whether
// the win under the rule slipped); per material the conversion.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/databases.h"
#include "apps/junit.h"
#include "apps/output.h"
#include "apps/position_input.h"
#include "apps/uci_engine.h"
#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/chess/notation.h"
#include "tablebases/chess/kpk_bitbase.h"
#include "tablebases/chess/play_out.h"
#include "tablebases/chess/probe.h"

namespace retrocheck::app {

namespace {

using chess::Move;
using chess::Position;
using tb::chess::PlayedGame;

// A UCI engine as the attacker: the game from its start, `go nodes N` or `go movetime MS`.
class UciAttacker final : public tb::chess::Attacker {
  public:
    UciAttacker(UciEngine& engine, std::string go, int timeout_ms)
        : engine_(engine), go_(std::move(go)), timeout_ms_(timeout_ms) {}
    Result<Move> choose(const Position& start, const std::vector<Move>& moves,
                        const Position& pos) override {
        if (moves.empty() && !engine_.new_game()) return Error{"the engine stopped reading"};
        std::vector<std::string> uci;
        for (const Move m : moves) uci.push_back(chess::format_uci(m));
        const auto best = engine_.best_move(chess::format_fen(start), uci, go_, timeout_ms_);
        if (!best) return Error{best.error()};
        const auto m = chess::parse_uci(*best, pos);
        if (!m)
            return Error{fmt::format("the engine's bestmove {} in {}: {}", *best,
                                     chess::format_fen(pos), m.error())};
        return *m;
    }

  private:
    UciEngine& engine_;
    std::string go_;
    int timeout_ms_;
};

// "1. Qb5+ Ke6 2. Kb2 ...", numbered from the position's full move.
std::string numbered_line(Position pos, const std::vector<Move>& moves) {
    std::string out;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (pos.side_to_move() == chess::Color::White)
            out += fmt::format("{}. ", pos.fullmove_number());
        else if (i == 0)
            out += fmt::format("{}... ", pos.fullmove_number());
        out += chess::format_san(pos, moves[i]) + " ";
        pos = pos.after(moves[i]);
    }
    if (!out.empty()) out.pop_back();
    return out;
}

struct Args {
    PositionArgs input;
    std::string db, db_format = "auto", dtz_db, material, engine, junit;
    int games = 20, slack = 10;
    std::uint64_t seed = 1, nodes = 0;
    double seconds = 0, call_time = 60;
    std::size_t tt_mb = 64;
    bool no_knowledge = false, json = false;
};

// The tables that referee: any chess format recognise_tables accepts, as long as it has DTM.
Result<std::shared_ptr<tb::chess::ChessTableSource>> open_dtm_tables(const Args& a) {
    const auto formats = tb::chess::formats_in(a.db);
    if (a.db_format == "auto" &&
        std::none_of(formats.begin(), formats.end(),
                     [](const std::string& f) { return f == "native" || f == "gaviota"; }))
        return Error{
            fmt::format("{} holds no DTM tables (ours, .rctb, or Gaviota's, .gtb.cp*)", a.db)};
    auto source = open_chess_tables(a.db_format, a.db);
    if (!source) return Error{source.error()};
    if (!(*source)->has_dtm())
        return Error{fmt::format("{} ({}) holds no DTM tables", a.db, (*source)->format())};
    return source;
}

// The DTZ50 tables that follow the 50-move rule: --dtz DIR (ours or Syzygy's), else the DTM
// folder's own when it has them (ours built with --metric both); null when neither has any.
Result<std::shared_ptr<tb::chess::ChessTableSource>> open_dtz_tables(
    const Args& a, const std::shared_ptr<tb::chess::ChessTableSource>& dtm_source) {
    if (a.dtz_db.empty())
        return dtm_source->has_dtz() ? dtm_source : std::shared_ptr<tb::chess::ChessTableSource>{};
    auto source = open_chess_tables("auto", a.dtz_db);
    if (!source) return Error{source.error()};
    if (!(*source)->has_dtz())
        return Error{
            fmt::format("--dtz {} ({}) holds no DTZ tables", a.dtz_db, (*source)->format())};
    return source;
}

// A start and where the input had it ("F line 3", or "" for the argument and --material).
struct Start {
    Position position;
    std::string where;
};

// The starts: random won positions of --material, or the FENs given, each held by the tables
// as a win for its side to move (anything else is refused, naming the position).
Result<std::vector<Start>> read_starts(const Args& a, const tb::chess::DtmOf& dtm,
                                       const std::string& probe_error) {
    std::vector<Start> starts;
    if (!a.material.empty()) {
        if (a.input.fen_given || !a.input.fen_file.empty())
            return Error{"--material and a FEN: give one of them"};
        const auto m = tb::chess::Material::parse(a.material);
        if (!m) return Error{m.error()};
        for (const Position& p : tb::chess::random_won_positions(*m, a.games, a.seed, dtm))
            starts.push_back({p, ""});
        if (starts.empty())
            return Error{fmt::format("no won position of {} was found in {} ({})", m->name(), a.db,
                                     probe_error.empty() ? "it has no wins" : probe_error)};
        return starts;
    }
    PositionArgs in = a.input;
    in.game = "chess";
    const auto text = read_input_text(in);
    if (!text) return Error{text.error()};
    if (!text->given) return Error{"give a FEN, --fen-file or --material"};
    const auto input = parse_chess_positions(in, *text);
    if (!input) return Error{input.error()};
    for (const auto& item : input->positions) {
        const Position& p = item.position;
        const std::string named =
            (item.where.empty() ? "" : item.where + ": ") + chess::format_fen(p);
        if (p.castling()) return Error{named + ": tables hold no position with a castling right"};
        const auto v = dtm(p);
        if (!v)
            return Error{fmt::format("{}: not in the tables of {}{}", named, a.db,
                                     probe_error.empty() ? "" : ": " + probe_error)};
        if (!v->is_win())
            return Error{
                fmt::format("{}: the side to move does not win ({})", named, v->to_string())};
        starts.push_back({p, item.where});
    }
    return starts;
}

// What the games come to: per game its JSON, JUnit case and text; per material the tally.
class Report {
  public:
    Report(const Args& a, bool dtz)
        : args_(a), dtz_(dtz), suite_{"retrocheck play-out " + a.db, 0, {}} {}

    void add(std::size_t number, const Start& start, const PlayedGame& g, double seconds) {
        const std::string material = start.position.material();
        Tally& t = tallies_[material];
        ++t.games;
        if (g.mated()) {
            ++t.converted;
            t.over += g.over();
            t.worst_over = std::max(t.worst_over, g.over());
        }
        if (g.fifty_move_draw) ++t.fifty;
        if (g.fifty_move_slip || !g.fifty_move_win_at_start.value_or(true)) ++t.dtz_slips;
        all_converted_ &= g.mated();
        const std::string fen = chess::format_fen(start.position);
        const std::string line = numbered_line(start.position, g.moves);
        const bool error = g.end == tb::chess::GameEnd::Error;
        const std::string verdict =
            g.mated() ? fmt::format("mate in {} moves, {} over the DTM", g.moves_used, g.over())
            : error
                ? "error: " + g.error
                : fmt::format("not converted: {} after {} moves", to_string(g.end), g.moves_used);
        nlohmann::json uci = nlohmann::json::array();
        for (const Move m : g.moves) uci.push_back(chess::format_uci(m));
        games_.push_back({{"fen", fen},
                          {"where", start.where},
                          {"material", material},
                          {"dtm_plies", g.dtm_plies},
                          {"dtm_moves", g.dtm_moves},
                          {"moves", line},
                          {"uci", uci},
                          {"end", to_string(g.end)},
                          {"mated", g.mated()},
                          {"moves_used", g.moves_used},
                          {"over", g.over()},
                          {"fifty_move_draw", g.fifty_move_draw},
                          {"fifty_move_win_at_start", optional_json(g.fifty_move_win_at_start)},
                          {"fifty_move_slip", optional_json(g.fifty_move_slip)},
                          {"error", g.error},
                          {"seconds", json_seconds(seconds)}});
        JunitCase c;
        c.classname = "play_out." + material;
        c.name = fmt::format("game {} {}", number, fen);
        c.seconds = seconds;
        c.system_out = verdict + "\n" + line;
        if (!g.mated()) {
            c.failure_message = verdict;
            c.show(error ? "error" : "not-converted", chess::describe(start.position) + line);
        }
        suite_.cases.push_back(std::move(c));
        if (args_.json) return;
        fmt::print("game {}: {}  {}, DTM {} plies ({} moves)\n", number, fen, material, g.dtm_plies,
                   g.dtm_moves);
        fmt::print("  {}\n  {}{}{}\n", line, verdict,
                   g.fifty_move_draw ? "; the 50-move rule would have drawn it" : "",
                   !g.fifty_move_win_at_start.value_or(true)
                       ? "; DTZ: a cursed win, the 50-move rule draws it from the start"
                   : g.fifty_move_slip ? fmt::format("; DTZ: the 50-move win slipped at move {}",
                                                     *g.fifty_move_slip)
                                       : "");
        std::fflush(stdout);
    }

    // The per-material table and the closing line (or the JSON document), and the JUnit file.
    Result<bool> finish(const std::string& attacker, bool knowledge, double seconds) {
        suite_.seconds = seconds;
        nlohmann::json materials = nlohmann::json::array();
        if (!args_.json)
            fmt::print("\n{:<10} {:>6} {:>10} {:>10} {:>11} {:>8}{}\n", "material", "games",
                       "converted", "mean over", "worst over", "50-move",
                       dtz_ ? fmt::format(" {:>10}", "DTZ slips") : "");
        for (const auto& [material, t] : tallies_) {
            const double mean = t.converted ? static_cast<double>(t.over) / t.converted : 0;
            materials.push_back(
                {{"material", material},
                 {"games", t.games},
                 {"converted", t.converted},
                 {"mean_over", std::round(mean * 100) / 100},
                 {"worst_over", t.worst_over},
                 {"fifty_move_draws", t.fifty},
                 {"dtz_fifty_slips", dtz_ ? nlohmann::json(t.dtz_slips) : nlohmann::json()}});
            if (!args_.json)
                fmt::print("{:<10} {:>6} {:>10} {:>10.2f} {:>11} {:>8}{}\n", material, t.games,
                           t.converted, mean, t.worst_over, t.fifty,
                           dtz_ ? fmt::format(" {:>10}", t.dtz_slips) : "");
        }
        if (args_.json)
            print_json(
                {{"attacker", attacker},
                 {"db", args_.db},
                 {"dtz_db", dtz_ ? nlohmann::json(args_.dtz_db.empty() ? args_.db : args_.dtz_db)
                                 : nlohmann::json()},
                 {"nodes", args_.nodes},
                 {"seconds_a_move", args_.seconds},
                 {"slack", args_.slack},
                 {"endgame_knowledge", knowledge},
                 {"games", games_},
                 {"materials", materials},
                 {"converted", all_converted_},
                 {"seconds", json_seconds(seconds)}});
        else
            fmt::print("attacker {}, {} a move, slack {} moves: {} ({:.1f} s)\n", attacker,
                       args_.nodes > 0 ? grouped(args_.nodes) + " nodes"
                                       : fmt::format("{} s", args_.seconds),
                       args_.slack,
                       all_converted_ ? "every game converted" : "a game was not converted",
                       seconds);
        if (!args_.junit.empty()) return write_junit(args_.junit, suite_);
        return true;
    }
    bool all_converted() const { return all_converted_; }

  private:
    struct Tally {
        int games = 0, converted = 0, fifty = 0, worst_over = 0;
        int dtz_slips = 0;  // cursed from the start, or the win slipped (with DTZ tables)
        long over = 0;
    };
    template <class T>
    static nlohmann::json optional_json(const std::optional<T>& v) {
        return v ? nlohmann::json(*v) : nlohmann::json();
    }
    const Args& args_;
    bool dtz_;
    JunitSuite suite_;
    std::map<std::string, Tally> tallies_;
    nlohmann::json games_ = nlohmann::json::array();
    bool all_converted_ = true;
};

}  // namespace

Command add_play_out(CLI::App& app) {
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        "play-out", "Play won chess endings against the tables' longest resistance (DTM)");
    cmd->add_option("fen", args->input.fen, "A won position ('-': one a line from stdin)");
    add_position_options(cmd, args->input);
    cmd->add_option("--db", args->db, "The folder of DTM tables (ours or Gaviota's)")->required();
    add_table_format_option(cmd, args->db_format);
    cmd->add_option("--dtz", args->dtz_db,
                    "DTZ50 tables (ours or Syzygy's) to follow the 50-move rule with; default "
                    "--db's own when it has them");
    cmd->add_option("--material", args->material,
                    "Play random won positions of this material (\"KBNvK\") instead of FENs");
    cmd->add_option("--games", args->games, "With --material: how many")
        ->check(CLI::Range(1, 1'000'000));
    cmd->add_option("--seed", args->seed, "With --material: the seed of the positions");
    cmd->add_option("--engine", args->engine,
                    "A UCI engine's command line (run by sh) to play the winning side; default "
                    "our engine");
    cmd->add_option("--nodes", args->nodes, "Nodes a move (default 20000 unless --time)");
    cmd->add_option("--time", args->seconds, "Seconds a move")->check(CLI::Range(0.0, 3600.0));
    cmd->add_option("--slack", args->slack,
                    "Moves over the start's DTM a game may take and still count as converted")
        ->check(CLI::Range(0, 1000));
    cmd->add_flag("--no-endgame-knowledge", args->no_knowledge,
                  "Our engine without its material-key endgame evaluators");
    cmd->add_option("--tt-mb", args->tt_mb, "Our engine's transposition table, MiB")
        ->check(CLI::Range(1, 65536));
    add_call_time_option(cmd, args->call_time, "the engine's each move");
    cmd->add_flag("--json", args->json, "Print one JSON object");
    add_junit_option(cmd, args->junit);
    return {
        cmd, [args] {
            Args& a = *args;
            if (a.nodes > 0 && a.seconds > 0) return fail("--nodes and --time: give one of them");
            if (a.nodes == 0 && a.seconds == 0) a.nodes = 20'000;
            const auto t0 = std::chrono::steady_clock::now();
            const auto source = open_dtm_tables(a);
            if (!source) return fail(source.error());
            std::string probe_error;
            const tb::chess::DtmOf dtm = [&](const Position& p) -> std::optional<Outcome> {
                const auto v = tb::chess::value_of(**source, p);
                if (v) return *v;
                if (probe_error.empty()) probe_error = v.error();
                return std::nullopt;
            };
            const auto dtz_source = open_dtz_tables(a, *source);
            if (!dtz_source) return fail(dtz_source.error());
            tb::chess::DtzOf dtz;
            if (*dtz_source)
                dtz = [&](const Position& p) -> std::optional<int> {
                    const auto v = (*dtz_source)->probe_dtz(p);
                    if (v.ok() && v.dtz) return *v.dtz;
                    if (probe_error.empty()) probe_error = v.error;
                    return std::nullopt;
                };
            const auto starts = read_starts(a, dtm, probe_error);
            if (!starts) return fail(starts.error());
            // The attacker: a UCI engine, or ours (with its knowledge unless switched off).
            const int timeout_ms = static_cast<int>(a.call_time * 1000);
            std::unique_ptr<UciEngine> uci;
            if (!a.engine.empty()) {
                auto started = UciEngine::start(a.engine, timeout_ms);
                if (!started) return fail(started.error());
                uci = std::move(started).value();
            }
            const bool knowledge = !uci && !a.no_knowledge;
            const auto registry =
                chess::endgames::Registry::standard(knowledge ? tb::chess::kpk_bitbase() : nullptr);
            search::SearchLimits limits;
            limits.depth = search::kMaxSearchDepth;
            limits.nodes = a.nodes;
            limits.seconds = a.seconds;
            const std::string go =
                a.nodes > 0 ? fmt::format("nodes {}", a.nodes)
                            : fmt::format("movetime {}", static_cast<long>(a.seconds * 1000));
            Report report(a, static_cast<bool>(dtz));
            bool engine_failed = false;
            for (std::size_t i = 0; i < starts->size(); ++i) {
                const Start& start = (*starts)[i];
                const auto g0 = std::chrono::steady_clock::now();
                std::unique_ptr<tb::chess::Attacker> attacker;
                if (uci)
                    attacker = std::make_unique<UciAttacker>(*uci, go, timeout_ms);
                else
                    attacker = std::make_unique<tb::chess::EngineAttacker>(
                        limits, knowledge ? &registry : nullptr, a.tt_mb);
                PlayedGame g = tb::chess::play_out(start.position, *attacker, dtm, a.slack, dtz);
                if (g.end == tb::chess::GameEnd::Error && !probe_error.empty())
                    g.error += ": " + probe_error;
                engine_failed |= g.end == tb::chess::GameEnd::Error;
                report.add(i + 1, start, g, seconds_since(g0));
            }
            const auto written =
                report.finish(uci ? uci->name() : "retrocheck", knowledge, seconds_since(t0));
            if (!written) return fail(written.error());
            if (!stdout_written()) return kExitCannotRun;
            if (engine_failed && uci) return kExitCannotRun;
            return found_if(!report.all_converted());
        }};
}

}  // namespace retrocheck::app
