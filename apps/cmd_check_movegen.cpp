// `retrocheck check-movegen --plugin LIB [--cases N] [--depth D] [--seed S] [--json]`: a checkers
// or chess plugin's move generator, as the plugin declares its game.
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/html_report.h"
#include "apps/junit.h"
#include "apps/output.h"
#include "apps/plugin_args.h"
#include "plugins/movegen_check.h"

namespace retrocheck::app {

using namespace plugins;

namespace {

template <class G>
nlohmann::json example_json(const MovegenExampleOf<typename G::Position>& e) {
    nlohmann::json perft = nullptr;
    if (e.perft)
        perft = {{"depth", e.perft->depth}, {"ours", e.perft->ours}, {"plugin", e.perft->plugin}};
    return {{"problem", to_string(e.problem)},
            {"source", e.source},
            {"fen", G::fen(e.position)},
            {"pieces", G::pieces(e.position)},
            {"found_fen", G::fen(e.found)},
            {"line", e.line},
            {"extra", e.extra},
            {"missing", e.missing},
            {"perft", perft},
            {"message", e.message.empty() ? nlohmann::json(nullptr) : nlohmann::json(e.message)}};
}

template <class G>
nlohmann::json report_json(const MovegenReportOf<typename G::Position>& r) {
    nlohmann::json out = {{"game", G::kName},
                          {"plugin", r.plugin},
                          {"library", r.library},
                          {"checked", r.checked},
                          {"perft_checked", r.perft_checked},
                          {"wrong_moves", r.wrong_moves},
                          {"wrong_perft", r.wrong_perft},
                          {"refused", r.refused},
                          {"crashes", r.crashes},
                          {"non_terminating", r.non_terminating},
                          {"protocol", r.protocol},
                          {"stopped", r.stopped},
                          {"seconds", json_seconds(r.seconds)},
                          {"examples", nlohmann::json::array()}};
    for (const auto& e : r.examples) out["examples"].push_back(example_json<G>(e));
    return out;
}

std::string move_words(const std::vector<std::string>& moves) {
    if (moves.empty()) return "-";
    std::string s;
    for (const auto& m : moves) s += (s.empty() ? "" : " ") + m;
    return s;
}

// The example as the text report and the JUnit report show it.
template <class G>
std::string example_text(const MovegenExampleOf<typename G::Position>& e) {
    std::string where = "found by " + e.source;
    if (!e.line.empty()) where += " after " + e.line;
    if (!(e.found == e.position))
        where += fmt::format(", shrunk from {} ({} pieces)", G::fen(e.found), G::pieces(e.found));
    std::string s =
        fmt::format("{} ({})\n{}", to_string(e.problem), where, G::describe(e.position));
    if (e.problem == MovegenProblem::WrongMoves)
        s += fmt::format("  extra    {}\n  missing  {}\n", move_words(e.extra),
                         move_words(e.missing));
    if (e.perft)
        s += fmt::format("  perft {}: ours {}, the plugin's {}\n", e.perft->depth,
                         grouped(e.perft->ours), e.perft->plugin);
    if (!e.message.empty()) s += fmt::format("  {}\n", e.message);
    if (e.problem == MovegenProblem::Refused) s += "  the plugin refused the position\n";
    return s;
}

// One test case a source of positions: the perft trees, random positions, playouts.
template <class G>
JunitSuite junit_suite(const MovegenReportOf<typename G::Position>& r) {
    JunitSuite suite{"retrocheck check-movegen " + r.plugin, r.seconds, {}};
    for (const char* source : {"perft", "random", "playout"}) {
        JunitCase c;
        c.classname = "check-movegen." + r.plugin;
        c.name = source;
        const auto it = r.problems_by_source.find(source);
        if (it != r.problems_by_source.end() && it->second > 0) {
            c.failure_message =
                fmt::format("{} positions where the plugin is wrong", grouped(it->second));
            for (const auto& e : r.examples)
                if (e.source == source) c.show(to_string(e.problem), example_text<G>(e));
        }
        suite.cases.push_back(std::move(c));
    }
    return suite;
}

template <class G>
void print_report(const MovegenReportOf<typename G::Position>& r) {
    print_examples(r, [](const auto& e) { return example_text<G>(e); });
    fmt::print("checked {} move lists and {} perft counts in {}\n", grouped(r.checked),
               grouped(r.perft_checked), seconds_text(r.seconds));
    fmt::print(
        "wrong moves {}, wrong perft {}, refused {}, crashes {}, non-terminating {}, protocol "
        "{}{}\n",
        grouped(r.wrong_moves), grouped(r.wrong_perft), grouped(r.refused), grouped(r.crashes),
        grouped(r.non_terminating), grouped(r.protocol),
        r.stopped ? " (stopped after too many failed calls)" : "");
}

// Every example drawn with the move the plugin has wrong: its first extra move, else the first
// one it misses.
template <class G>
HtmlReport movegen_html(const MovegenReportOf<typename G::Position>& r) {
    HtmlReport page{"retrocheck check-movegen " + r.plugin, r.problems() == 0, {}, {}, {}};
    page.summary = {{"plugin", r.plugin + " (" + r.library + ")"},
                    {"move lists compared", grouped(r.checked)},
                    {"perft counts compared", grouped(r.perft_checked)},
                    {"wrong moves", grouped(r.wrong_moves)},
                    {"wrong perft", grouped(r.wrong_perft)},
                    {"refused", grouped(r.refused)},
                    {"crashes", grouped(r.crashes)},
                    {"non-terminating", grouped(r.non_terminating)},
                    {"protocol", grouped(r.protocol)},
                    {"time", seconds_text(r.seconds)}};
    for (const auto& e : r.examples) {
        const std::string* drawn = !e.extra.empty()     ? &e.extra.front()
                                   : !e.missing.empty() ? &e.missing.front()
                                                        : nullptr;
        const std::string label = drawn ? (e.extra.empty() ? "missing " : "extra ") + *drawn : "";
        page.boards.push_back(
            html_board(to_string(e.problem), e.position, drawn, label, example_text<G>(e)));
    }
    return page;
}

// Every check of G's plugin, reported as asked; the exit code.
template <MovegenGame G>
int run_check(PluginProcess& plugin, const MovegenOptions& options, bool json,
              const std::string& junit, const std::string& html) {
    const auto log = [json](const std::string& line) {
        if (!json) print_line(line);
    };
    const auto r = check_movegen<G>(plugin, options, log);
    if (json)
        print_json(report_json<G>(r));
    else
        print_report<G>(r);
    if (!junit.empty())
        if (const auto w = write_junit(junit, junit_suite<G>(r)); !w) return fail(w.error());
    if (!html.empty())
        if (const auto w = write_html(html, movegen_html<G>(r)); !w) return fail(w.error());
    return found_if(r.problems() > 0);
}

}  // namespace

Command add_check_movegen(CLI::App& app) {
    struct Args {
        PluginArgs plugin;
        MovegenOptions options;
        bool json = false;
        std::string junit, html;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        "check-movegen",
        "Check a plugin's legal moves and perft against ours (exit 0: no difference)");
    add_plugin_options(cmd, args->plugin);
    cmd->add_option("--cases", args->options.cases, "Random positions and playouts, half each")
        ->check(CLI::Range(0, 100'000'000));
    cmd->add_option("--depth", args->options.depth,
                    "Perft depth: at 6, checkers goes 6 plies from the start and 8 from each rule "
                    "position, chess about a million leaves from each position of the suite; "
                    "each step one ply more or less")
        ->check(CLI::Range(1, 10));
    cmd->add_option("--seed", args->options.seed, "Seed of the random positions");
    cmd->add_option("--max-examples", args->options.max_examples,
                    "Problems shown, each shrunk; all are counted")
        ->check(CLI::Range(0, 1000));
    cmd->add_flag("--json", args->json, "Print one JSON object");
    add_junit_option(cmd, args->junit);
    add_html_option(cmd, args->html);
    return {cmd, [args] {
                auto plugin = start_plugin(args->plugin, {RC_GAME_CHECKERS, RC_GAME_CHESS});
                if (!plugin) return fail(plugin.error());
                const PluginInfo& info = (*plugin)->info();
                if (!info.legal_moves && !info.perft)
                    return fail(info.library + ": the plugin offers neither legal_moves nor perft");
                return plugins::with_movegen_game(info.game, [&]<typename G>() {
                    return run_check<G>(**plugin, args->options, args->json, args->junit,
                                        args->html);
                });
            }};
}

}  // namespace retrocheck::app
