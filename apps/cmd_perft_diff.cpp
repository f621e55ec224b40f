// `retrocheck perft-diff --engine CMD [FEN] DEPTH`: our perft divide against a UCI engine's
// `go perft`, descending into the first root move whose counts differ until the one position
// where the two generate different moves.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/html_report.h"
#include "apps/junit.h"
#include "apps/output.h"
#include "apps/position_input.h"
#include "apps/uci_engine.h"
#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/chess/notation.h"
#include "engine/chess/perft.h"

namespace retrocheck::app {

using namespace chess;

namespace {

struct Finding {
    bool agree = true;
    std::uint64_t nodes = 0, engine_nodes = 0;  // at the root
    std::vector<Move> path;                     // from the root to where the move sets differ
    std::optional<Position> where;
    std::vector<std::string> only_ours, only_engine;
    int engine_calls = 0;
};

Result<Finding> diff(UciEngine& engine, Position pos, int depth, int timeout_ms) {
    Finding f;
    for (int d = depth; d >= 1; --d) {
        const auto theirs = engine.perft(format_fen(pos), d, timeout_ms);
        ++f.engine_calls;
        if (!theirs) return Error{theirs.error()};
        std::map<std::string, std::uint64_t> engine_counts(theirs->moves.begin(),
                                                           theirs->moves.end());
        if (engine_counts.size() != theirs->moves.size())
            return Error{fmt::format("engine {} listed a move twice in go perft {} from {}",
                                     in_quotes(engine.name()), d, format_fen(pos))};
        const auto ours = perft_divide(pos, d);  // in our move order
        std::map<std::string, std::uint64_t> our_counts;
        std::uint64_t total = 0;
        for (const auto& [m, n] : ours) {
            our_counts[format_uci(m)] = n;
            total += n;
        }
        if (d == depth) {
            f.nodes = total;
            f.engine_nodes = theirs->total;
        }
        for (const auto& [uci, n] : our_counts)
            if (!engine_counts.contains(uci)) f.only_ours.push_back(uci);
        for (const auto& [uci, n] : theirs->moves)
            if (!our_counts.contains(uci)) f.only_engine.push_back(uci);
        if (!f.only_ours.empty() || !f.only_engine.empty()) {
            f.agree = false;
            f.where = pos;
            return f;
        }
        const auto differs = std::find_if(ours.begin(), ours.end(), [&](const auto& o) {
            return engine_counts.at(format_uci(o.first)) != o.second;
        });
        if (differs == ours.end()) {
            if (total != theirs->total)  // every move agrees but the engine's sum does not
                return Error{fmt::format(
                    "engine {} printed a total of {} for go perft {} from {}, but its moves sum "
                    "to {}",
                    in_quotes(engine.name()), theirs->total, d, format_fen(pos), total)};
            return f;  // agreement from here down
        }
        f.agree = false;
        f.path.push_back(differs->first);
        pos = pos.after(differs->first);
    }
    // Counts differed at every depth down to one ply, where they are all 1: never reached, as
    // a difference at depth 1 is a difference in the move sets.
    return Error{"perft-diff lost its way: counts differ but the move sets agree"};
}

// One position's comparison, for the report files.
struct Compared {
    Position root;
    Finding found;
    double seconds = 0;
};

std::string listed(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
    return s.empty() ? std::string("(none)") : s;
}

// Where the move sets differ: the path from the root, the position drawn, and the moves only one
// side generates.
std::string difference_text(const Compared& c) {
    const Finding& f = c.found;
    return fmt::format(
        "after {}\n{}moves we generate and the engine does not: {}\nmoves the engine generates "
        "and we do not: {}\n",
        f.path.empty() ? "no move: at the root" : format_san_line(c.root, f.path),
        describe(*f.where), listed(f.only_ours), listed(f.only_engine));
}

// One test case a position; a failing one with the position where the move sets differ.
JunitSuite perft_diff_junit(const std::vector<Compared>& all, int depth,
                            const std::string& engine) {
    JunitSuite suite{fmt::format("retrocheck perft-diff {} against {}", depth, engine), 0, {}};
    for (const Compared& c : all) {
        JunitCase k;
        k.classname = "perft-diff";
        k.name = format_fen(c.root);
        k.seconds = c.seconds;
        suite.seconds += c.seconds;
        k.system_out = fmt::format("perft {}: {} nodes, the engine {}", depth,
                                   grouped(c.found.nodes), grouped(c.found.engine_nodes));
        if (!c.found.agree) {
            k.failure_message = fmt::format("perft {}: {} nodes, the engine {}", depth,
                                            grouped(c.found.nodes), grouped(c.found.engine_nodes));
            k.show("moves-differ", difference_text(c));
        }
        suite.cases.push_back(std::move(k));
    }
    return suite;
}

HtmlReport perft_diff_html(const std::vector<Compared>& all, int depth, const std::string& engine) {
    const auto differ =
        std::count_if(all.begin(), all.end(), [](const Compared& c) { return !c.found.agree; });
    double seconds = 0;
    for (const Compared& c : all) seconds += c.seconds;
    HtmlReport page{
        fmt::format("retrocheck perft-diff {} against {}", depth, engine), differ == 0, {}, {}, {}};
    page.summary = {{"positions", grouped(all.size())},
                    {"depth", std::to_string(depth)},
                    {"engine", engine},
                    {"positions whose counts differ", grouped(static_cast<std::uint64_t>(differ))},
                    {"time", seconds_text(seconds)}};
    for (const Compared& c : all) {
        if (c.found.agree) continue;
        const Finding& f = c.found;
        const bool ours = !f.only_ours.empty();
        const std::string* first = ours                    ? &f.only_ours.front()
                                   : f.only_engine.empty() ? nullptr
                                                           : &f.only_engine.front();
        page.boards.push_back(html_board(
            "moves differ, from " + format_fen(c.root), *f.where, first,
            first ? (ours ? "we only: " : "the engine only: ") + *first : "", difference_text(c)));
    }
    return page;
}

}  // namespace

Command add_perft_diff(CLI::App& app) {
    struct Args {
        std::vector<std::string> positional;
        PositionArgs input;
        std::string engine;
        double call_time = 600;
        bool json = false;
        std::string junit, html;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        "perft-diff",
        "Compare our chess perft with a UCI engine's `go perft`, down to the position where the "
        "two generate different moves");
    cmd->add_option("args", args->positional,
                    "[FEN] DEPTH (a chess FEN, by default the start position; '-': one a line "
                    "from stdin)")
        ->default_str("")
        ->required()
        ->expected(1, 2);
    cmd->add_option("--engine", args->engine,
                    "The engine's command line, run by sh (e.g. stockfish; /usr/games is on "
                    "the PATH)")
        ->required();
    add_call_time_option(cmd, args->call_time,
                         "the engine's each answer (the handshake, each perft, however much it "
                         "writes meanwhile)");
    add_renamed_option(cmd, "--timeout", "--call-time");
    add_position_options(cmd, args->input);
    cmd->add_flag("--json", args->json, "Print one JSON object a position");
    add_junit_option(cmd, args->junit);
    add_html_option(cmd, args->html);
    return {
        cmd, [args] {
            const auto parsed = depth_argument(args->positional.back(), 1, 20);
            if (!parsed) return fail(parsed.error());
            const int depth = *parsed;
            PositionArgs in = args->input;
            in.game = "chess";
            if (args->positional.size() == 2) {
                in.fen = args->positional[0];
                in.fen_given = true;
            }
            const auto text = read_input_text(in);
            if (!text) return fail(text.error());
            const auto input = parse_chess_positions(in, *text, Position::start());
            if (!input) return fail(input.error());
            const int timeout_ms = static_cast<int>(args->call_time * 1000);
            auto engine = UciEngine::start(args->engine, timeout_ms);
            if (!engine) return fail(engine.error());
            bool all_agree = true, first = true;
            std::vector<Compared> compared;
            for (const auto& item : input->positions) {
                const auto t0 = std::chrono::steady_clock::now();
                const auto found = diff(**engine, item.position, depth, timeout_ms);
                if (!found) return fail(found.error());
                const Finding& f = *found;
                all_agree &= f.agree;
                const double seconds = seconds_since(t0);
                compared.push_back({item.position, f, seconds});
                std::vector<std::string> path;
                for (Move m : f.path) path.push_back(format_uci(m));
                if (args->json) {
                    print_json({{"fen", format_fen(item.position)},
                                {"depth", depth},
                                {"engine", (*engine)->name()},
                                {"agree", f.agree},
                                {"nodes", f.nodes},
                                {"engine_nodes", f.engine_nodes},
                                {"path", path},
                                {"position", f.where ? nlohmann::json(format_fen(*f.where))
                                                     : nlohmann::json(nullptr)},
                                {"only_ours", f.only_ours},
                                {"only_engine", f.only_engine},
                                {"seconds", json_seconds(seconds)}});
                    continue;
                }
                if (!first) fmt::print("\n");
                first = false;
                fmt::print("perft {} from {}\n", depth, format_fen(item.position));
                fmt::print("ours     {}\nengine   {} ({})\n", grouped(f.nodes),
                           grouped(f.engine_nodes), (*engine)->name());
                if (f.agree) {
                    fmt::print("agree: every root move has the same count\n");
                } else {
                    fmt::print("DIFFER after {} ({} engine call{})\n",
                               path.empty() ? "no move: at the root"
                                            : format_san_line(item.position, f.path),
                               f.engine_calls, f.engine_calls == 1 ? "" : "s");
                    fmt::print("{}", describe(*f.where));
                    fmt::print("moves we generate and the engine does not: {}\n",
                               listed(f.only_ours));
                    fmt::print("moves the engine generates and we do not: {}\n",
                               listed(f.only_engine));
                }
                fmt::print("time     {}\n", seconds_text(seconds));
            }
            const std::string name = (*engine)->name();
            if (!args->junit.empty())
                if (const auto w =
                        write_junit(args->junit, perft_diff_junit(compared, depth, name));
                    !w)
                    return fail(w.error());
            if (!args->html.empty())
                if (const auto w = write_html(args->html, perft_diff_html(compared, depth, name));
                    !w)
                    return fail(w.error());
            return found_if(!all_agree);
        }};
}

}  // namespace retrocheck::app
