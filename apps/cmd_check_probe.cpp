// `retrocheck check-probe --plugin LIB --db DIR [--cases N | --time S] [--exhaustive P]
//  [--pieces P] [--call-time S] [--json]`
#include <fmt/format.h>

#include <chrono>
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
#include "apps/progress.h"
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

// "win", "draw", "loss" for a wld the ABI defines, else nothing.
const char* result_name(std::int32_t wld) {
    return wld == RC_WIN ? "win" : wld == RC_LOSS ? "loss" : wld == RC_DRAW ? "draw" : nullptr;
}

// The plugin's answer as it was: "win in 1,000,000 plies", "loss", "draw", or its status
// ("not stored", "ok with wld 5").
std::string answer_text(const rc_probe_result& r) {
    if (r.status != RC_PROBE_OK) return status_text(r.status);
    const char* result = result_name(r.wld);
    if (!result) return fmt::format("ok with wld {}", r.wld);
    std::string s = result;
    if (r.distance >= 0)
        s += fmt::format(" in {} {}", grouped(static_cast<std::uint64_t>(r.distance)),
                         r.distance == 1 ? "ply" : "plies");
    else if (r.distance < -1)
        s += fmt::format(" with distance {}", r.distance);
    return s;
}

std::string answer_text(const ProbeExample& e) {
    return e.plugin ? answer_text(*e.plugin) : e.message;
}

// The plugin's value in the one value shape, its distance as it was (at full width), or null
// when it gave no value or one that is not a value.
nlohmann::json plugin_value_json(const rc_probe_result& r, std::uint32_t metric) {
    if (r.status != RC_PROBE_OK || r.distance < -1) return nullptr;
    const char* result = result_name(r.wld);
    if (!result) return nullptr;
    // plugin_answer holds what the shape cannot: a distance under RC_METRIC_WLD, say.
    const bool plies = r.wld != RC_DRAW && r.distance >= 0 && metric != RC_METRIC_WLD;
    return {{"result", result},
            {"plies", plies ? nlohmann::json(r.distance) : nlohmann::json(nullptr)},
            {"metric", plies ? metric_name(metric) : std::string("wld")}};
}

Metric metric_of(const Outcome& o, Metric with_distance) {
    return o.has_distance() ? with_distance : Metric::Wld;
}

const char* captures_name(std::uint32_t c) {
    return c == RC_CAPTURES_RESOLVED     ? "resolved"
           : c == RC_CAPTURES_NOT_STORED ? "not-stored"
                                         : "unknown";
}

// "dtw, every position valued (a resolver)"
std::string declaration_text(const ProbeReport& r) {
    return fmt::format("{}, {}", metric_name(r.metric),
                       r.captures == RC_CAPTURES_NOT_STORED
                           ? "capture positions not stored"
                           : "every position valued, capture positions included");
}

// "check-probe 1,234 of 10,000 positions, 2 problems, 2,345 positions/s, ETA 4s"
std::string progress_text(const ProbeProgress& p, const ProbeCheckOptions& options,
                          std::chrono::steady_clock::time_point t0) {
    const double s = seconds_since(t0);
    const std::uint64_t done = p.done.load(), total = p.total.load();
    const std::uint64_t problems = p.problems.load();
    return fmt::format(
        "check-probe {} positions, {} problem{}, {}, {}",
        total ? grouped(done) + " of " + grouped(total) : grouped(done), grouped(problems),
        problems == 1 ? "" : "s", rate_text(per_second(done, s), "positions"),
        total ? eta_text(done, total, s) : budget_eta_text(s, options.seconds, false));
}

std::string share_text(double share) { return fmt::format("{:.1f}%", 100 * share); }

// "valued 9,500 of the 10,000 positions asked that the tables hold (95.0%, at least 95.0% asked)"
std::string valued_text(const ProbeReport& r) {
    return fmt::format(
        "valued {} of the {} positions asked that the tables hold ({}, at least {} asked)",
        grouped(r.valued), grouped(r.held), share_text(r.valued_share()), share_text(r.min_valued));
}

nlohmann::json example_json(const ProbeExample& e, Metric metric, std::uint32_t declared) {
    nlohmann::json plugin_value = nullptr, ours = nullptr, answer = nullptr;
    if (e.plugin) {
        plugin_value = plugin_value_json(*e.plugin, declared);
        answer = {
            {"status", e.plugin->status}, {"wld", e.plugin->wld}, {"distance", e.plugin->distance}};
    }
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
            {"plugin_answer", answer},
            {"ours", ours},
            {"child", child},
            {"message", e.message.empty() ? nlohmann::json(nullptr) : nlohmann::json(e.message)},
            {"shrink_stopped", e.shrink_stopped.empty() ? nlohmann::json(nullptr)
                                                        : nlohmann::json(e.shrink_stopped)}};
}

nlohmann::json report_json(const ProbeReport& r, const std::string& db, Metric metric) {
    nlohmann::json kinds = nlohmann::json::object();
    for (const auto& k : r.kinds) kinds[k.label] = k.asked;
    const StatusCounts& c = r.statuses;
    nlohmann::json out = {
        {"plugin", r.plugin},
        {"library", r.library},
        {"db", db},
        {"declared", {{"metric", metric_name(r.metric)}, {"captures", captures_name(r.captures)}}},
        {"distances_checked", r.distances_checked},
        {"pieces", r.pieces},
        {"checked", r.checked},
        {"wrong_values", r.wrong_values},
        {"wrong_statuses", r.wrong_statuses},
        {"contradictions", r.contradictions},
        {"non_terminating", r.non_terminating},
        {"crashes", r.crashes},
        {"protocol", r.protocol},
        {"statuses",
         {{"ok", c.ok},
          {"not_stored", c.not_stored},
          {"missing", c.missing},
          {"error", c.error},
          {"invalid", c.invalid},
          {"failed", c.failed}}},
        {"held", r.held},
        {"valued", r.valued},
        {"excused", r.excused},
        {"valued_share", r.valued_share()},
        {"min_valued", r.min_valued},
        {"too_few_valued", r.too_few_valued()},
        {"passed", r.passed()},
        {"kinds", kinds},
        {"stopped", r.stopped},
        {"seconds", json_seconds(r.seconds)},
        {"examples", nlohmann::json::array()}};
    for (const auto& e : r.examples) out["examples"].push_back(example_json(e, metric, r.metric));
    return out;
}

// The example as the text report and the JUnit report show it: the problem, the position, the
// plugin's answer and ours.
std::string example_text(const ProbeExample& e) {
    std::string where = fmt::format("{}, found after {}", e.kind, seconds_text(e.found_after));
    if (e.found != e.position)
        where += fmt::format(", shrunk from {} ({} pieces)", checkers::format_fen(e.found),
                             e.found.piece_count());
    if (!e.shrink_stopped.empty()) where += ", not shrunk further: " + e.shrink_stopped;
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
    // The declaration held to: a case of its own, failing when too few positions were valued.
    JunitCase valued;
    valued.classname = "check-probe." + r.plugin;
    valued.name = "values what it declares (" + declaration_text(r) + ")";
    valued.system_out = valued_text(r);
    if (r.too_few_valued()) valued.failure_message = valued_text(r);
    suite.cases.push_back(std::move(valued));
    return suite;
}

std::string statuses_text(const StatusCounts& c) {
    return fmt::format("ok {}, not stored {}, missing {}, error {}, invalid {}, failed calls {}",
                       grouped(c.ok), grouped(c.not_stored), grouped(c.missing), grouped(c.error),
                       grouped(c.invalid), grouped(c.failed));
}

// Every example drawn with the move that shows our value.
HtmlReport probe_html(const ProbeReport& r, const std::string& against) {
    HtmlReport page{
        "retrocheck check-probe " + r.plugin + " against " + against, r.passed(), {}, {}, {}};
    page.summary = {
        {"plugin", r.plugin + " (" + r.library + ")"},
        {"declares", declaration_text(r)},
        {"positions asked", grouped(r.checked) + ", up to " + std::to_string(r.pieces) + " pieces"},
        {"answers", statuses_text(r.statuses)},
        {"valued", valued_text(r)},
        {"wrong values", grouped(r.wrong_values)},
        {"wrong statuses", grouped(r.wrong_statuses)},
        {"contradictions", grouped(r.contradictions)},
        {"non-terminating", grouped(r.non_terminating)},
        {"crashes", grouped(r.crashes)},
        {"protocol", grouped(r.protocol)},
        {"time", seconds_text(r.seconds)}};
    for (const auto& e : r.examples) {
        page.boards.push_back(
            html_board(std::string(to_string(e.problem)) + " (" + e.kind + ")", e.position,
                       e.child ? move_squares(*e.child) : std::vector<int>{},
                       e.child ? checkers::format_move(*e.child) + ", which shows our value" : "",
                       example_text(e)));
    }
    return page;
}

void print_report(const ProbeReport& r) {
    print_examples(r, [](const auto& e) { return example_text(e); });
    std::string kinds;
    for (const auto& k : r.kinds)
        kinds += (kinds.empty() ? "" : ", ") + fmt::format("{} {}", k.label, grouped(k.asked));
    fmt::print("declares {}\n", declaration_text(r));
    fmt::print("checked {} positions of up to {} in {} ({})\n", grouped(r.checked),
               r.pieces == 1 ? std::string("1 piece") : std::to_string(r.pieces) + " pieces",
               seconds_text(r.seconds), kinds);
    fmt::print("answers: {}\n", statuses_text(r.statuses));
    fmt::print("{}{}\n", valued_text(r),
               r.excused ? fmt::format("; {} capture positions not stored, as declared",
                                       grouped(r.excused))
                         : "");
    if (r.metric != RC_METRIC_WLD && !r.distances_checked)
        fmt::print("distances not checked: the tables given hold win, draw or loss only\n");
    fmt::print(
        "wrong values {}, wrong statuses {}, contradictions {}, non-terminating {}, crashes {}, "
        "protocol {}{}\n",
        grouped(r.wrong_values), grouped(r.wrong_statuses), grouped(r.contradictions),
        grouped(r.non_terminating), grouped(r.crashes), grouped(r.protocol),
        r.stopped ? " (stopped after too many failed calls)" : "");
    if (r.too_few_valued())
        fmt::print("FAILED: {}\n",
                   r.held == 0 ? std::string("no position the tables hold was asked")
                   : r.excused > 0
                       ? fmt::format("too few positions valued; {} of them capture positions not "
                                     "stored, as declared (--min-valued sets the share)",
                                     grouped(r.excused))
                       : std::string("too few positions valued"));
}

}  // namespace

Command add_check_probe(CLI::App& app) {
    struct Args {
        PluginArgs plugin;
        std::string db, format = "auto";
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
    cmd->add_option("--db", args->db,
                    "The tables that hold the true values (the plugin sees the directory as "
                    "RETROCHECK_AGAINST)")
        ->required();
    add_renamed_option(cmd, "--against", "--db");
    add_db_format_option(cmd, args->format);
    auto* cases = cmd->add_option("--cases", args->cases, "Random positions (default 10,000)")
                      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000}))
                      ->default_str("");
    cmd->add_option("--time", args->options.seconds,
                    "Random positions until S seconds have passed (a call under way then is cut "
                    "and not judged)")
        ->check(CLI::Range(1.0, 1e7))
        ->default_str("")
        ->excludes(cases);
    cmd->add_option("--exhaustive", args->options.exhaustive,
                    "Every position of up to P pieces instead of random ones")
        ->check(CLI::Range(1, 24))
        ->default_str("")
        ->excludes(cases);
    cmd->add_option("--pieces", args->options.pieces,
                    "Random positions of up to P pieces (default: the tables' largest, and some "
                    "of one piece more, which the plugin must not value)")
        ->check(CLI::Range(1, 24))
        ->default_str("");
    cmd->add_option("--seed", args->options.seed, "Seed of the random positions");
    cmd->add_option("--max-examples", args->options.max_examples,
                    "Problems shown, each shrunk; all are counted")
        ->check(CLI::Range(0, 1000));
    cmd->add_option("--min-valued", args->options.min_valued,
                    "The least share (0-1) of the positions asked that the tables hold that it "
                    "must value (a reader that declares capture positions not stored values "
                    "fewer: give it the share it must reach)")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    cmd->add_flag("--json", args->json, "Print one JSON object");
    add_junit_option(cmd, args->junit);
    add_html_option(cmd, args->html);
    return {
        cmd, [args] {
            if (args->cases > 0) args->options.cases = args->cases;
            const auto db = open_database(args->format, args->db);
            if (!db) return fail(db.error());
            if (db->max_pieces < 1)
                return fail(args->db +
                            " holds tables of no piece: check-probe needs "
                            "positions of one piece or more");
            for (const auto& [flag, pieces] : {std::pair{"--pieces", args->options.pieces},
                                               std::pair{"--exhaustive", args->options.exhaustive}})
                if (pieces > db->max_pieces)
                    return fail(fmt::format("{} {}: {} holds tables of up to {} pieces", flag,
                                            pieces, args->db, db->max_pieces));
            std::error_code ec;
            const auto dir = std::filesystem::absolute(args->db, ec);
            ::setenv("RETROCHECK_AGAINST", (ec ? args->db : dir.string()).c_str(), 1);
            auto plugin = start_plugin(
                args->plugin, {RC_GAME_CHECKERS},
                "chess probe plugins are not checked yet: `retrocheck audit` checks Syzygy and "
                "Gaviota files, check-movegen a chess plugin's move generator and perft-diff a "
                "UCI engine's");
            if (!plugin) return fail(plugin.error());
            const PluginInfo& info = (*plugin)->info();
            if (!info.probe) return fail(info.library + ": the plugin offers no probe");
            if (info.probe_metric != RC_METRIC_WLD && info.probe_metric != RC_METRIC_DTW)
                return fail(fmt::format(
                    "{}: the plugin declares the metric {}; checkers tables hold dtw (or win, "
                    "draw or loss only: RC_METRIC_WLD)",
                    info.library, metric_name(info.probe_metric)));
            if (info.probe_captures != RC_CAPTURES_RESOLVED &&
                info.probe_captures != RC_CAPTURES_NOT_STORED)
                return fail(
                    fmt::format("{}: probe_captures {} is not RC_CAPTURES_RESOLVED (0) "
                                "or RC_CAPTURES_NOT_STORED (1)",
                                info.library, info.probe_captures));
            const auto log = [json = args->json](const std::string& line) {
                if (!json) print_line(line);
            };
            ProbeProgress progress;
            args->options.progress = &progress;
            const auto t0 = std::chrono::steady_clock::now();
            const ProbeReport r = [&] {
                ProgressLine line([&] { return progress_text(progress, args->options, t0); });
                return check_probe(**plugin, Reference{*db->full, db->max_pieces}, args->options,
                                   log);
            }();
            if (!r.reference_error.empty())
                return fail(args->db +
                            " cannot be read, so nothing the plugin answered is "
                            "judged: " +
                            r.reference_error);
            if (args->json)
                print_json(report_json(r, args->db, db->metric()));
            else
                print_report(r);
            if (!args->junit.empty())
                if (const auto w = write_junit(args->junit, junit_suite(r, args->db)); !w)
                    return fail(w.error());
            if (!args->html.empty())
                if (const auto w = write_html(args->html, probe_html(r, args->db)); !w)
                    return fail(w.error());
            return found_if(!r.passed());
        }};
}

}  // namespace retrocheck::app
