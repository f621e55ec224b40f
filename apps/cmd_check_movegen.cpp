// `retrocheck check-movegen --plugin LIB [--cases N] [--depth D] [--seed S] [--json]`
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/html_report.h"
#include "apps/junit.h"
#include "apps/output.h"
#include "apps/plugin_args.h"
#include "engine/checkers/diagram.h"
#include "engine/checkers/notation.h"
#include "plugins/movegen_check.h"

namespace retrocheck::app {

using namespace plugins;

namespace {

nlohmann::json example_json(const MovegenExample& e) {
    nlohmann::json perft = nullptr;
    if (e.perft)
        perft = {{"depth", e.perft->depth}, {"ours", e.perft->ours}, {"plugin", e.perft->plugin}};
    return {{"problem", to_string(e.problem)},
            {"source", e.source},
            {"fen", checkers::format_fen(e.position)},
            {"pieces", e.position.piece_count()},
            {"found_fen", checkers::format_fen(e.found)},
            {"line", e.line},
            {"extra", e.extra},
            {"missing", e.missing},
            {"perft", perft},
            {"message", e.message.empty() ? nlohmann::json(nullptr) : nlohmann::json(e.message)}};
}

nlohmann::json report_json(const MovegenReport& r) {
    nlohmann::json out = {{"plugin", r.plugin},
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
    for (const auto& e : r.examples) out["examples"].push_back(example_json(e));
    return out;
}

std::string move_words(const std::vector<std::string>& moves) {
    if (moves.empty()) return "-";
    std::string s;
    for (const auto& m : moves) s += (s.empty() ? "" : " ") + m;
    return s;
}

// The example as the text report and the JUnit report show it.
std::string example_text(const MovegenExample& e) {
    std::string where = "found by " + e.source;
    if (!e.line.empty()) where += " after " + e.line;
    if (e.found != e.position)
        where += fmt::format(", shrunk from {} ({} pieces)", checkers::format_fen(e.found),
                             e.found.piece_count());
    std::string s =
        fmt::format("{} ({})\n{}", to_string(e.problem), where, checkers::describe(e.position));
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
JunitSuite junit_suite(const MovegenReport& r) {
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
                if (e.source == source) c.show(to_string(e.problem), example_text(e));
        }
        suite.cases.push_back(std::move(c));
    }
    return suite;
}

void print_report(const MovegenReport& r) {
    print_examples(r, [](const auto& e) { return example_text(e); });
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
HtmlReport movegen_html(const MovegenReport& r) {
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
        page.boards.push_back(html_board(
            to_string(e.problem), e.position, drawn ? move_squares(*drawn) : std::vector<int>{},
            drawn ? (e.extra.empty() ? "missing " : "extra ") + *drawn : "", example_text(e)));
    }
    return page;
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
                    "Perft depth from the start (rule positions: 2 more)")
        ->check(CLI::Range(1, 10));
    cmd->add_option("--seed", args->options.seed, "Seed of the random positions");
    cmd->add_option("--max-examples", args->options.max_examples,
                    "Problems shown, each shrunk; all are counted")
        ->check(CLI::Range(0, 1000));
    cmd->add_flag("--json", args->json, "Print one JSON object");
    add_junit_option(cmd, args->junit);
    add_html_option(cmd, args->html);
    return {cmd, [args] {
                auto plugin = start_plugin(args->plugin);
                if (!plugin) return fail(plugin.error());
                const PluginInfo& info = (*plugin)->info();
                if (!info.legal_moves && !info.perft)
                    return fail(info.library + ": the plugin offers neither legal_moves nor perft");
                const auto log = [json = args->json](const std::string& line) {
                    if (!json) print_line(line);
                };
                const MovegenReport r = check_movegen(**plugin, args->options, log);
                if (args->json)
                    print_json(report_json(r));
                else
                    print_report(r);
                if (!args->junit.empty())
                    if (const auto w = write_junit(args->junit, junit_suite(r)); !w)
                        return fail(w.error());
                if (!args->html.empty())
                    if (const auto w = write_html(args->html, movegen_html(r)); !w)
                        return fail(w.error());
                return found_if(r.problems() > 0);
            }};
}

}  // namespace retrocheck::app
