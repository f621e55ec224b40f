// `retrocheck check-probe --plugin LIB --against DIR [--cases N | --time S] [--exhaustive P]
//  [--pieces P] [--call-timeout-ms T] [--json]`
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/databases.h"
#include "apps/html_report.h"
#include "apps/junit.h"
#include "apps/output.h"
#include "apps/plugin_args.h"
#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "plugins/probe_check.h"

namespace retrocheck::app {

using namespace plugins;

namespace {

const char* status_text(std::int32_t status) {
    switch (status) {
        case RC_PROBE_OK:
            return "ok";
        case RC_PROBE_NOT_STORED:
            return "not stored";
        case RC_PROBE_MISSING:
            return "missing";
        case RC_PROBE_ERROR:
            return "error";
        default:
            return "unknown";
    }
}

// The plugin's value as a game value (its distance, when it gives one, in DTW), or nothing when
// it gave none or something that is not one.
std::optional<Outcome> plugin_outcome(const rc_probe_result& r) {
    if (r.status != RC_PROBE_OK) return std::nullopt;
    const int plies = r.distance >= 0 ? r.distance : -1;
    if (r.wld == RC_WIN) return plies >= 0 ? Outcome::win(plies) : Outcome::of(Wld::Win);
    if (r.wld == RC_LOSS) return plies >= 0 ? Outcome::loss(plies) : Outcome::of(Wld::Loss);
    if (r.wld == RC_DRAW) return Outcome::draw();
    return std::nullopt;
}

Metric metric_of(const Outcome& o, Metric with_distance) {
    return o.has_distance() ? with_distance : Metric::Wld;
}

std::string answer_text(const ProbeExample& e) {
    if (!e.plugin) return e.message;
    const auto v = plugin_outcome(*e.plugin);
    if (v) return v->to_string();
    std::string s = status_text(e.plugin->status);
    if (e.plugin->status == RC_PROBE_OK) s += fmt::format(" with wld {}", e.plugin->wld);
    return s;
}

nlohmann::json example_json(const ProbeExample& e, Metric metric) {
    nlohmann::json plugin_value = nullptr, ours = nullptr;
    if (e.plugin)
        if (const auto v = plugin_outcome(*e.plugin))
            plugin_value = value_json(*v, metric_of(*v, metric));
    if (e.ours) ours = value_json(*e.ours, metric_of(*e.ours, metric));
    nlohmann::json child = nullptr;
    if (e.child && e.child_value) {
        child = position_value_json(e.position.after(*e.child), *e.child_value,
                                    metric_of(*e.child_value, metric));
        child["move"] = checkers::format_move(*e.child);
    }
    return {{"problem", to_string(e.problem)},
            {"kind", e.kind},
            {"fen", checkers::format_fen(e.position)},
            {"pieces", e.position.piece_count()},
            {"found_fen", checkers::format_fen(e.found)},
            {"found_after", json_seconds(e.found_after)},
            {"plugin_status",
             e.plugin ? nlohmann::json(status_text(e.plugin->status)) : nlohmann::json(nullptr)},
            {"plugin_value", plugin_value},
            {"ours", ours},
            {"child", child},
            {"message", e.message.empty() ? nlohmann::json(nullptr) : nlohmann::json(e.message)}};
}

nlohmann::json report_json(const ProbeReport& r, const std::string& against, Metric metric) {
    nlohmann::json kinds = nlohmann::json::object();
    for (const auto& k : r.kinds) kinds[k.label] = k.asked;
    nlohmann::json out = {{"plugin", r.plugin},
                          {"library", r.library},
                          {"against", against},
                          {"pieces", r.pieces},
                          {"checked", r.checked},
                          {"wrong_values", r.wrong_values},
                          {"wrong_statuses", r.wrong_statuses},
                          {"non_terminating", r.non_terminating},
                          {"crashes", r.crashes},
                          {"valued", r.valued},
                          {"missing", r.missing},
                          {"not_stored", r.not_stored},
                          {"kinds", kinds},
                          {"stopped", r.stopped},
                          {"seconds", json_seconds(r.seconds)},
                          {"examples", nlohmann::json::array()}};
    for (const auto& e : r.examples) out["examples"].push_back(example_json(e, metric));
    return out;
}

// The example as the text report and the JUnit report show it: the problem, the position, the
// plugin's answer and ours.
std::string example_text(const ProbeExample& e) {
    std::string where = fmt::format("{}, found after {}", e.kind, seconds_text(e.found_after));
    if (e.found != e.position)
        where += fmt::format(", shrunk from {} ({} pieces)", checkers::format_fen(e.found),
                             e.found.piece_count());
    std::string s =
        fmt::format("{} ({})\n{}", to_string(e.problem), where, checkers::describe(e.position));
    s += fmt::format("  plugin   {}\n", answer_text(e));
    if (e.plugin && !e.message.empty()) s += fmt::format("           {}\n", e.message);
    s += fmt::format("  ours     {}\n",
                     e.ours ? e.ours->to_string() : "unknown: it needs a larger table");
    if (e.child && e.child_value)
        s += fmt::format("  shown by {}: then {} to move, {} ({})\n",
                         checkers::format_move(*e.child),
                         checkers::title(~e.position.side_to_move()), e.child_value->to_string(),
                         checkers::format_fen(e.position.after(*e.child)));
    return s;
}

JunitSuite junit_suite(const ProbeReport& r, const std::string& against) {
    JunitSuite suite{"retrocheck check-probe " + r.plugin + " against " + against, r.seconds, {}};
    for (const auto& k : r.kinds) {
        JunitCase c;
        c.classname = "check-probe." + r.plugin;
        c.name = k.label;
        c.system_out = fmt::format("{} positions asked", grouped(k.asked));
        if (k.problems > 0) {
            c.failure_message = fmt::format("{} of {} positions answered wrong",
                                            grouped(k.problems), grouped(k.asked));
            for (const auto& e : r.examples)
                if (e.kind == k.label) c.show(to_string(e.problem), example_text(e));
        }
        suite.cases.push_back(std::move(c));
    }
    return suite;
}

// Every example drawn with the move that shows our value.
HtmlReport probe_html(const ProbeReport& r, const std::string& against) {
    HtmlReport page{"retrocheck check-probe " + r.plugin + " against " + against,
                    r.problems() == 0,
                    {},
                    {},
                    {}};
    page.summary = {
        {"plugin", r.plugin + " (" + r.library + ")"},
        {"positions asked", grouped(r.checked) + ", up to " + std::to_string(r.pieces) + " pieces"},
        {"wrong values", grouped(r.wrong_values)},
        {"wrong statuses", grouped(r.wrong_statuses)},
        {"non-terminating", grouped(r.non_terminating)},
        {"crashes", grouped(r.crashes)},
        {"missing / not stored", grouped(r.missing) + " / " + grouped(r.not_stored)},
        {"time", seconds_text(r.seconds)}};
    for (const auto& e : r.examples) {
        HtmlBoard b{std::string(to_string(e.problem)) + " (" + e.kind + ")",
                    e.position,
                    {},
                    {},
                    example_text(e)};
        if (e.child) {
            b.move = move_squares(*e.child);
            b.move_label = checkers::format_move(*e.child) + ", which shows our value";
        }
        page.boards.push_back(std::move(b));
    }
    return page;
}

void print_report(const ProbeReport& r) {
    print_examples(r, [](const auto& e) { return example_text(e); });
    std::string kinds;
    for (const auto& k : r.kinds)
        kinds += (kinds.empty() ? "" : ", ") + fmt::format("{} {}", k.label, grouped(k.asked));
    fmt::print("checked {} positions of up to {} pieces in {} ({})\n", grouped(r.checked), r.pieces,
               seconds_text(r.seconds), kinds);
    fmt::print("wrong values {}, wrong statuses {}, non-terminating {}, crashes {}{}\n",
               grouped(r.wrong_values), grouped(r.wrong_statuses), grouped(r.non_terminating),
               grouped(r.crashes), r.stopped ? " (stopped after too many failed calls)" : "");
    fmt::print("missing {}, not stored {} (capture positions)\n", grouped(r.missing),
               grouped(r.not_stored));
}

}  // namespace

Command add_check_probe(CLI::App& app) {
    struct Args {
        PluginArgs plugin;
        std::string against, format = "native";
        ProbeCheckOptions options;
        std::uint64_t cases = 0;
        bool json = false;
        std::string junit, html;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        "check-probe",
        "Check a plugin's probe code (a capture resolver) against our tables (exit 0: nothing "
        "wrong)");
    add_plugin_options(cmd, args->plugin);
    cmd->add_option("--against", args->against,
                    "The tables that hold the true values (the plugin sees the directory as "
                    "RETROCHECK_AGAINST)")
        ->required();
    add_db_format_option(cmd, args->format);
    auto* cases = cmd->add_option("--cases", args->cases, "Random positions (default 10,000)")
                      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000}));
    cmd->add_option("--time", args->options.seconds,
                    "Random positions until S seconds have passed (the run ends within them)")
        ->check(CLI::Range(1.0, 1e7))
        ->excludes(cases);
    cmd->add_option("--exhaustive", args->options.exhaustive,
                    "Every position of up to P pieces instead of random ones")
        ->check(CLI::Range(1, 24))
        ->excludes(cases);
    cmd->add_option("--pieces", args->options.pieces,
                    "Random positions of up to P pieces (default: the tables' largest, and some "
                    "of one piece more, which the plugin must not value)")
        ->check(CLI::Range(2, 24));
    cmd->add_option("--seed", args->options.seed, "Seed of the random positions");
    cmd->add_option("--max-examples", args->options.max_examples,
                    "Problems shown, each shrunk; all are counted")
        ->check(CLI::Range(0, 1000));
    cmd->add_flag("--json", args->json, "Print one JSON object");
    add_junit_option(cmd, args->junit);
    add_html_option(cmd, args->html);
    return {
        cmd, [args] {
            if (args->cases > 0) args->options.cases = args->cases;
            const auto db = open_database(args->format, args->against);
            if (!db) return fail(db.error());
            if (db->max_pieces < 2)
                return fail(args->against + " holds tables of up to " +
                            std::to_string(db->max_pieces) +
                            " piece: check-probe needs positions of 2 pieces or more");
            for (const auto& [flag, pieces] : {std::pair{"--pieces", args->options.pieces},
                                               std::pair{"--exhaustive", args->options.exhaustive}})
                if (pieces > db->max_pieces)
                    return fail(fmt::format("{} {}: {} holds tables of up to {} pieces", flag,
                                            pieces, args->against, db->max_pieces));
            std::error_code ec;
            const auto dir = std::filesystem::absolute(args->against, ec);
            ::setenv("RETROCHECK_AGAINST", (ec ? args->against : dir.string()).c_str(), 1);
            auto plugin = start_plugin(args->plugin);
            if (!plugin) return fail(plugin.error());
            if (!(*plugin)->info().probe)
                return fail((*plugin)->info().library + ": the plugin offers no probe");
            if (args->options.seconds > 0 && args->options.seconds <= time_margin(**plugin) + 1)
                return fail(fmt::format(
                    "--time {}: too short for calls of up to {} ms (the run keeps {} s free at "
                    "its end); give more than {} s",
                    args->options.seconds, args->plugin.call_timeout_ms, time_margin(**plugin),
                    time_margin(**plugin) + 1));
            const auto log = [json = args->json](const std::string& line) {
                if (!json) print_line(line);
            };
            const ProbeReport r =
                check_probe(**plugin, Reference{*db->full, db->max_pieces}, args->options, log);
            if (args->json)
                print_json(report_json(r, args->against, db->metric()));
            else
                print_report(r);
            if (!args->junit.empty())
                if (const auto w = write_junit(args->junit, junit_suite(r, args->against)); !w)
                    return fail(w.error());
            if (!args->html.empty())
                if (const auto w = write_html(args->html, probe_html(r, args->against)); !w)
                    return fail(w.error());
            if (r.valued == 0 && r.problems() == 0)
                return fail(r.library + ": the plugin valued none of the " + grouped(r.checked) +
                            " positions asked (" + grouped(r.missing) + " missing, " +
                            grouped(r.not_stored) + " not stored)");
            return found_if(r.problems() > 0);
        }};
}

}  // namespace retrocheck::app
