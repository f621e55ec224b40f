// `retrocheck play-out --db DIR [FEN | --fen-file F | --material M --games N --seed S]
// [--engine CMD] [--nodes N | --time S] [--slack M] [--no-endgame-knowledge] [--json]
// [--junit F]`: the winning side played by our engine (or a UCI engine) against the table's
// longest resistance; per game the moves, mate or not, moves used against the start's DTM and
// whether the 50-move rule would have drawn it; per material the conversion.
#include <fmt/format.h>

#include <chrono>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
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

struct Tally {
    int games = 0, converted = 0, fifty = 0, worst_over = 0;
    long over = 0;
};

}  // namespace

Command add_play_out(CLI::App& app) {
    struct Args {
        PositionArgs input;
        std::string db, db_format = "auto", material, engine, junit;
        int games = 20, slack = 10;
        std::uint64_t seed = 1, nodes = 0;
        double seconds = 0, call_time = 60;
        std::size_t tt_mb = 64;
        bool no_knowledge = false, json = false;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        "play-out", "Play won chess endings against the tables' longest resistance (DTM)");
    cmd->add_option("fen", args->input.fen, "A won position ('-': one a line from stdin)");
    add_position_options(cmd, args->input);
    cmd->add_option("--db", args->db, "The folder of DTM tables (ours or Gaviota's)")->required();
    cmd->add_option("--db-format", args->db_format, "native, gaviota or auto (by the files)");
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
            if (args->nodes > 0 && args->seconds > 0)
                return fail("--nodes and --time: give one of them");
            if (args->nodes == 0 && args->seconds == 0) args->nodes = 20'000;
            const auto t0 = std::chrono::steady_clock::now();
            // The tables.
            std::string format = args->db_format;
            if (format == "auto") {
                format.clear();
                for (const std::string& f : tb::chess::formats_in(args->db))
                    if (f == "native" || f == "gaviota") {
                        format = f;
                        break;
                    }
                if (format.empty())
                    return fail(fmt::format(
                        "{} holds no DTM tables (ours, .rctb, or Gaviota's, .gtb.cp*)", args->db));
            }
            auto source = tb::chess::open_tables(format, args->db);
            if (!source) return fail(source.error());
            if (!(*source)->has_dtm())
                return fail(fmt::format("{} ({}) holds no DTM tables", args->db, format));
            std::string probe_error;
            const tb::chess::DtmOf dtm = [&](const Position& p) -> std::optional<Outcome> {
                const auto r = (*source)->probe(p);
                if (!r.ok()) {
                    if (probe_error.empty()) probe_error = r.error;
                    return std::nullopt;
                }
                return r.outcome();
            };
            // The starts.
            std::vector<std::pair<Position, std::string>> starts;
            if (!args->material.empty()) {
                if (args->input.fen_given || !args->input.fen_file.empty())
                    return fail("--material and a FEN: give one of them");
                const auto m = tb::chess::Material::parse(args->material);
                if (!m) return fail(m.error());
                for (const Position& p :
                     tb::chess::random_won_positions(*m, args->games, args->seed, dtm))
                    starts.emplace_back(p, "");
                if (starts.empty())
                    return fail(fmt::format("no won position of {} was found in {} ({})", m->name(),
                                            args->db,
                                            probe_error.empty() ? "it has no wins" : probe_error));
            } else {
                PositionArgs in = args->input;
                in.game = "chess";
                const auto text = read_input_text(in);
                if (!text) return fail(text.error());
                if (!text->given) return fail("give a FEN, --fen-file or --material");
                const auto input = parse_chess_positions(in, *text);
                if (!input) return fail(input.error());
                for (const auto& item : input->positions) {
                    const Position& p = item.position;
                    const std::string where = item.where.empty() ? "" : item.where + ": ";
                    if (p.castling())
                        return fail(
                            fmt::format("{}{}: tables hold no position with a "
                                        "castling right",
                                        where, chess::format_fen(p)));
                    const auto v = dtm(p);
                    if (!v)
                        return fail(fmt::format("{}{}: not in the tables of {}{}", where,
                                                chess::format_fen(p), args->db,
                                                probe_error.empty() ? "" : ": " + probe_error));
                    if (!v->is_win())
                        return fail(fmt::format("{}{}: the side to move does not win ({})", where,
                                                chess::format_fen(p), v->to_string()));
                    starts.emplace_back(p, item.where);
                }
            }
            // The attacker.
            const auto kpk = args->no_knowledge ? nullptr : tb::chess::kpk_bitbase();
            const auto registry = chess::endgames::Registry::standard(kpk);
            search::SearchLimits limits;
            limits.depth = search::kMaxSearchDepth;
            limits.nodes = args->nodes;
            limits.seconds = args->seconds;
            std::unique_ptr<UciEngine> uci;
            std::string attacker_name = "retrocheck";
            const int timeout_ms = static_cast<int>(args->call_time * 1000);
            if (!args->engine.empty()) {
                auto started = UciEngine::start(args->engine, timeout_ms);
                if (!started) return fail(started.error());
                uci = std::move(started).value();
                attacker_name = uci->name();
            }
            const std::string go =
                args->nodes > 0
                    ? fmt::format("nodes {}", args->nodes)
                    : fmt::format("movetime {}", static_cast<long>(args->seconds * 1000));
            // The games.
            std::map<std::string, Tally> tallies;
            std::vector<PlayedGame> played;
            JunitSuite suite{"retrocheck play-out " + args->db, 0, {}};
            nlohmann::json games = nlohmann::json::array();
            bool all_converted = true, engine_failed = false;
            for (std::size_t i = 0; i < starts.size(); ++i) {
                const Position& start = starts[i].first;
                const auto g0 = std::chrono::steady_clock::now();
                PlayedGame g;
                if (uci) {
                    UciAttacker attacker(*uci, go, timeout_ms);
                    g = tb::chess::play_out(start, attacker, dtm, args->slack);
                } else {
                    tb::chess::EngineAttacker attacker(
                        limits, args->no_knowledge ? nullptr : &registry, args->tt_mb);
                    g = tb::chess::play_out(start, attacker, dtm, args->slack);
                }
                const double seconds =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - g0).count();
                if (g.end == tb::chess::GameEnd::Error && !probe_error.empty())
                    g.error += ": " + probe_error;
                const std::string material = start.material();
                Tally& t = tallies[material];
                ++t.games;
                if (g.mated()) {
                    ++t.converted;
                    t.over += g.over();
                    t.worst_over = std::max(t.worst_over, g.over());
                }
                if (g.fifty_move_draw) ++t.fifty;
                all_converted &= g.mated();
                engine_failed |= g.end == tb::chess::GameEnd::Error;
                const std::string line = numbered_line(start, g.moves);
                const std::string verdict =
                    g.mated()
                        ? fmt::format("mate in {} moves, {} over the DTM", g.moves_used, g.over())
                    : g.end == tb::chess::GameEnd::Error
                        ? "error: " + g.error
                        : fmt::format("not converted: {} after {} moves", to_string(g.end),
                                      g.moves_used);
                nlohmann::json uci_moves = nlohmann::json::array();
                for (const Move m : g.moves) uci_moves.push_back(chess::format_uci(m));
                games.push_back({{"fen", chess::format_fen(start)},
                                 {"where", starts[i].second},
                                 {"material", material},
                                 {"dtm_plies", g.dtm_plies},
                                 {"dtm_moves", g.dtm_moves},
                                 {"moves", line},
                                 {"uci", uci_moves},
                                 {"end", to_string(g.end)},
                                 {"mated", g.mated()},
                                 {"moves_used", g.moves_used},
                                 {"over", g.over()},
                                 {"fifty_move_draw", g.fifty_move_draw},
                                 {"error", g.error},
                                 {"seconds", std::round(seconds * 1000) / 1000}});
                JunitCase c;
                c.classname = "play_out." + material;
                c.name = fmt::format("game {} {}", i + 1, chess::format_fen(start));
                c.seconds = seconds;
                c.system_out = verdict + "\n" + line;
                if (!g.mated()) {
                    c.failure_message = verdict;
                    c.show(g.end == tb::chess::GameEnd::Error ? "error" : "not-converted",
                           chess::describe(start) + line);
                }
                suite.cases.push_back(std::move(c));
                if (!args->json) {
                    fmt::print("game {}: {}  {}, DTM {} plies ({} moves)\n", i + 1,
                               chess::format_fen(start), material, g.dtm_plies, g.dtm_moves);
                    fmt::print("  {}\n  {}{}\n", line, verdict,
                               g.fifty_move_draw ? "; the 50-move rule would have drawn it" : "");
                    std::fflush(stdout);
                }
            }
            const double total =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            suite.seconds = total;
            nlohmann::json materials = nlohmann::json::array();
            if (!args->json)
                fmt::print("\n{:<10} {:>6} {:>10} {:>10} {:>11} {:>8}\n", "material", "games",
                           "converted", "mean over", "worst over", "50-move");
            for (const auto& [material, t] : tallies) {
                const double mean = t.converted ? static_cast<double>(t.over) / t.converted : 0;
                materials.push_back({{"material", material},
                                     {"games", t.games},
                                     {"converted", t.converted},
                                     {"mean_over", std::round(mean * 100) / 100},
                                     {"worst_over", t.worst_over},
                                     {"fifty_move_draws", t.fifty}});
                if (!args->json)
                    fmt::print("{:<10} {:>6} {:>10} {:>10.2f} {:>11} {:>8}\n", material, t.games,
                               t.converted, mean, t.worst_over, t.fifty);
            }
            if (args->json)
                print_json({{"attacker", attacker_name},
                            {"db", args->db},
                            {"nodes", args->nodes},
                            {"seconds_a_move", args->seconds},
                            {"slack", args->slack},
                            {"endgame_knowledge", !args->no_knowledge && !uci},
                            {"games", games},
                            {"materials", materials},
                            {"converted", all_converted},
                            {"seconds", std::round(total * 1000) / 1000}});
            else
                fmt::print("attacker {}, {} a move, slack {} moves: {} ({:.1f} s)\n", attacker_name,
                           args->nodes > 0 ? grouped(args->nodes) + " nodes"
                                           : fmt::format("{} s", args->seconds),
                           args->slack,
                           all_converted ? "every game converted" : "a game was not converted",
                           total);
            if (!args->junit.empty())
                if (const auto w = write_junit(args->junit, suite); !w) return fail(w.error());
            if (!stdout_written()) return kExitCannotRun;
            if (engine_failed && uci) return kExitCannotRun;
            return found_if(!all_converted);
        }};
}

}  // namespace retrocheck::app
