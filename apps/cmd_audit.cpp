// `retrocheck audit --format chinook|cake|native|syzygy|gaviota PATH [--against DIR] [--json]
// [--max-examples K] [--threads T]`: checks third-party (or our own) files against the rules and
// our tables. Chess formats go to apps/chess_audit.cpp.
#include <fmt/format.h>

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>

#include "apps/chess_audit.h"
#include "apps/commands.h"
#include "apps/databases.h"
#include "apps/html_report.h"
#include "apps/junit.h"
#include "apps/output.h"
#include "apps/progress.h"
#include "engine/checkers/notation.h"
#include "tablebases/checkers/build.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/file_source.h"
#include "tablebases/verify/audit.h"

namespace retrocheck::app {

using namespace tb;

namespace {

constexpr int kMaxBuiltOnTheFly = 5;

// One test case a slice and side to move; a failing one shows its problems with the child.
JunitSuite audit_junit(const AuditReport& report, const std::string& path,
                       const std::string& format, double seconds) {
    JunitSuite suite{"retrocheck audit " + format + " " + path, seconds, {}};
    for (const AuditSlice& s : report.slices) {
        JunitCase c;
        c.classname = "audit." + name(s.slice);
        c.name = material(s.slice) + ", " + checkers::to_string(s.side_to_move) + " to move";
        c.system_out =
            fmt::format("{} checked, {} not stored", grouped(s.checked), grouped(s.not_stored));
        if (s.disagreements + s.violations > 0) {
            c.failure_message = fmt::format("{} disagreements, {} violations",
                                            grouped(s.disagreements), grouped(s.violations));
            for (const AuditExample& e : report.examples) {
                if (slice_of(e.position) != s.slice || e.position.side_to_move() != s.side_to_move)
                    continue;
                c.show(e.problem, describe(e));
            }
        }
        suite.cases.push_back(std::move(c));
    }
    return suite;
}

// Every problem shown, drawn with the child that proves it.
HtmlReport audit_html(const AuditReport& report, const std::string& path, const std::string& format,
                      int pieces, double seconds) {
    HtmlReport page{"retrocheck audit " + format + " " + path,
                    report.disagreements + report.violations == 0,
                    {},
                    {},
                    {}};
    page.summary = {{"pieces", std::to_string(pieces)},
                    {"checked", grouped(report.checked)},
                    {"not stored", grouped(report.not_stored)},
                    {"disagreements with our tables", grouped(report.disagreements)},
                    {"violations of the rules", grouped(report.violations)},
                    {"time", seconds_text(seconds)}};
    for (const AuditExample& e : report.examples) {
        page.boards.push_back(html_board(
            e.problem, e.position, e.child_move ? move_squares(*e.child_move) : std::vector<int>{},
            e.child_move ? "child " + checkers::format_move(*e.child_move) : "", describe(e)));
    }
    return page;
}

}  // namespace

Command add_audit(CLI::App& app) {
    struct Args {
        std::string format = "auto", path, against;
        bool json = false;
        std::size_t max_examples = 20;
        int threads = 0;
        std::string junit, html;
        int dtz_pieces = 99;
        int call_timeout_ms = 2000;
        std::uint64_t memory_mb = 0;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        "audit", "Check a database against the rules and our own tables (exit 0: nothing wrong)");
    add_table_format_option(cmd, args->format, "--db-format,--format");
    cmd->add_option("path", args->path, "The database: a directory (or a Chinook data file)")
        ->required();
    cmd->add_option("--against", args->against,
                    "Our tables to compare with (default: built in memory, up to 5 pieces)");
    cmd->add_flag("--json", args->json, "Print one JSON object");
    cmd->add_option("--max-examples", args->max_examples, "Problems printed (all are counted)");
    cmd->add_option("--dtz-pieces", args->dtz_pieces,
                    "Syzygy: judge DTZ only for materials of up to N pieces (WDL always)")
        ->check(CLI::Range(0, 99));
    cmd->add_option("--call-timeout-ms", args->call_timeout_ms,
                    "Syzygy, Gaviota: a call into the probe library that gives no answer within "
                    "this many milliseconds stops the audit, naming the position and the file")
        ->check(CLI::Range(10, 3'600'000));
    cmd->add_option("--memory-mb", args->memory_mb,
                    "Syzygy, Gaviota: the memory the audit and the library may use, in MiB (0: "
                    "the machine's)")
        ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 40));
    add_threads_option(cmd, args->threads);
    add_junit_option(cmd, args->junit);
    add_html_option(cmd, args->html);
    return {
        cmd, [args] {
            const auto threads = limit_threads(args->threads);
            const auto kind = recognise_tables(args->format, args->path);
            if (!kind) return fail(kind.error());
            args->format = kind->format;
            if (kind->game == "chess") {
                return run_chess_audit({args->format, args->path, args->against, args->json,
                                        args->max_examples, args->junit, args->html,
                                        args->dtz_pieces, args->call_timeout_ms, args->memory_mb});
            }
            const auto opened = open_database(args->format, args->path);
            if (!opened) return fail(opened.error());
            const int pieces = opened->max_pieces;
            TableSet ours;
            if (!args->against.empty()) {
                auto loaded = store::load_directory(args->against, pieces);
                if (!loaded) return fail(loaded.error());
                ours = std::move(loaded).value();
                for (const Slice& s : slices_up_to(pieces))
                    if (!ours.find(s))
                        return fail(fmt::format("{} lacks slice {} ({}; {} pieces are audited)",
                                                args->against, name(s), material(s), pieces));
            } else if (pieces > kMaxBuiltOnTheFly) {
                return fail(
                    fmt::format("{} holds {} pieces; build our tables with `retrocheck "
                                "build` and pass them with --against",
                                args->path, pieces));
            } else {
                ours = build_up_to(pieces, BuildMethod::OutCounting);
            }
            const auto t0 = std::chrono::steady_clock::now();
            std::atomic<std::uint64_t> done{0};
            AuditReport report;
            {
                std::uint64_t total = 0;
                for (const auto& [s, t] : ours.tables())
                    if (s.pieces() <= pieces) total += t->values.size();
                ProgressLine line([&] {
                    const double sec = seconds_since(t0);
                    return fmt::format("audit {} of {} positions, {}, {}", grouped(done.load()),
                                       grouped(total),
                                       rate_text(per_second(done.load(), sec), "positions"),
                                       eta_text(done.load(), total, sec));
                });
                report = audit(*opened->stored, ours, pieces, args->max_examples, &done);
            }
            const double seconds = seconds_since(t0);
            if (report.checked == 0)
                return fail(args->path + ": the database stores no position to audit");
            const bool wrong = report.disagreements + report.violations > 0;
            const Metric metric = opened->metric();
            if (!args->junit.empty())
                if (const auto w = write_junit(
                        args->junit, audit_junit(report, args->path, args->format, seconds));
                    !w)
                    return fail(w.error());
            if (!args->html.empty())
                if (const auto w = write_html(
                        args->html, audit_html(report, args->path, args->format, pieces, seconds));
                    !w)
                    return fail(w.error());
            if (args->json) {
                nlohmann::json out = {{"format", args->format},
                                      {"path", args->path},
                                      {"pieces", pieces},
                                      {"slices", nlohmann::json::array()},
                                      {"total_checked", report.checked},
                                      {"total_not_stored", report.not_stored},
                                      {"total_disagreements", report.disagreements},
                                      {"total_violations", report.violations},
                                      {"seconds", json_seconds(seconds)},
                                      {"examples", nlohmann::json::array()}};
                for (const AuditSlice& s : report.slices)
                    out["slices"].push_back({{"slice", name(s.slice)},
                                             {"material", material(s.slice)},
                                             {"side_to_move", checkers::to_string(s.side_to_move)},
                                             {"checked", s.checked},
                                             {"not_stored", s.not_stored},
                                             {"disagreements", s.disagreements},
                                             {"violations", s.violations}});
                for (const AuditExample& e : report.examples) {
                    nlohmann::json child = nullptr;
                    if (e.child_move) {
                        const checkers::Position c = e.position.after(*e.child_move);
                        child = {{"move", checkers::format_move(*e.child_move)},
                                 {"fen", checkers::format_fen(c)},
                                 {"value", value_json(e.child_value, metric)}};
                    }
                    out["examples"].push_back({{"problem", e.problem},
                                               {"fen", checkers::format_fen(e.position)},
                                               {"stored", value_json(e.stored, metric)},
                                               {"ours", value_json(e.ours, Metric::Dtw)},
                                               {"child", child}});
                }
                print_json(out);
                return found_if(wrong);
            }
            fmt::print("{:<12} {:<13} {:<5} {:>12} {:>12} {:>13} {:>10}\n", "material", "slice",
                       "side", "checked", "not stored", "disagreements", "violations");
            for (const AuditSlice& s : report.slices)
                fmt::print("{:<12} {:<13} {:<5} {:>12} {:>12} {:>13} {:>10}\n", material(s.slice),
                           name(s.slice), checkers::to_string(s.side_to_move), grouped(s.checked),
                           grouped(s.not_stored), grouped(s.disagreements), grouped(s.violations));
            for (const AuditExample& e : report.examples) fmt::print("\n{}", describe(e));
            fmt::print("\naudited {} ({}) up to {} pieces in {}\n", args->path, args->format,
                       pieces, seconds_text(seconds));
            fmt::print("checked {}, not stored {}, disagreements {}, violations {}\n",
                       grouped(report.checked), grouped(report.not_stored),
                       grouped(report.disagreements), grouped(report.violations));
            return found_if(wrong);
        }};
}

}  // namespace retrocheck::app
