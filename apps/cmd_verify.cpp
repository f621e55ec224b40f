// `retrocheck verify DIR [--json] [--max-examples K] [--threads T]`
#include <fmt/format.h>

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>

#include "apps/chess_tables.h"
#include "apps/commands.h"
#include "apps/html_report.h"
#include "apps/jobs.h"
#include "apps/junit.h"
#include "apps/output.h"
#include "apps/progress.h"
#include "apps/verify_output.h"
#include "engine/checkers/notation.h"
#include "tablebases/store/directory.h"
#include "tablebases/verify/stats.h"
#include "tablebases/verify/verifier.h"

namespace retrocheck::app {

using namespace tb;

namespace {

nlohmann::json checkers_violation_json(const Violation<CheckersGame>& v) {
    return violation_json(
        v, Metric::Dtw, [](const checkers::Position& p) { return checkers::format_fen(p); },
        [](const checkers::Position&, const checkers::Move& m) {
            return checkers::format_move(m);
        });
}

}  // namespace

// One test case a slice; a failing one shows the findings and consequences shown in it.
JunitSuite verify_junit(const VerifyRun& run, const std::filesystem::path& dir) {
    std::vector<VerifyUnit> units;
    for (const auto& s : run.report.slices)
        units.push_back(
            {"verify." + name(s.slice), material(s.slice), s.positions, s.findings, s.violations});
    return app::verify_junit(
        run.report, units, run.seconds, dir,
        [](const Violation<CheckersGame>& v) { return "verify." + name(slice_of(v.position)); },
        [](const Violation<CheckersGame>& v) { return describe(v); });
}

// The findings and the first consequences drawn with the child that shows them, and the
// distances of every slice.
HtmlReport verify_html(const VerifyRun& run, const TableSet& tables,
                       const std::filesystem::path& dir) {
    const VerifyReport<CheckersGame>& r = run.report;
    HtmlReport page{"retrocheck verify " + dir.string(), r.violations == 0, {}, {}, {}};
    page.summary = {{"slices", grouped(run.slices)},
                    {"positions checked", grouped(r.positions_checked)},
                    {"findings (values that break their own rule)", grouped(r.findings)},
                    {"violations", grouped(r.violations)},
                    {"time", seconds_text(run.seconds)}};
    for (const auto* list : {&r.examples, &r.consequences})
        for (const Violation<CheckersGame>& v : *list) {
            page.boards.push_back(html_board(
                (v.finding ? "finding: " : "consequence: ") + v.rule, v.position,
                v.child_move ? move_squares(*v.child_move) : std::vector<int>{},
                v.child_move ? "child " + checkers::format_move(*v.child_move) : "", describe(v)));
        }
    for (const auto& [slice, table] : tables.tables())
        for (auto& h : slice_histograms(slice, table_stats(*table)))
            page.histograms.push_back(std::move(h));
    return page;
}

int run_verify(const std::filesystem::path& dir, bool json, std::size_t max_examples,
               const std::string& junit, const std::string& html) {
    if (holds_chess_tables(dir)) return run_chess_verify(dir, json, max_examples, junit, html);
    const auto t0 = std::chrono::steady_clock::now();
    auto tables = store::load_directory(dir);
    if (!tables) return fail(tables.error());
    const VerifyRun run = verify_tables(*tables, max_examples, t0);
    if (json)
        print_json(verify_json(run, dir));
    else
        print_verify(run);
    if (!junit.empty())
        if (const auto w = write_junit(junit, verify_junit(run, dir)); !w) return fail(w.error());
    if (!html.empty())
        if (const auto w = write_html(html, verify_html(run, *tables, dir)); !w)
            return fail(w.error());
    return run.exit_code();
}

VerifyRun verify_tables(const TableSet& tables, std::size_t max_examples,
                        std::chrono::steady_clock::time_point t0) {
    std::uint64_t total = 0;
    for (const auto& entry : tables.tables()) total += entry.second->values.size();
    std::atomic<std::uint64_t> done{0};
    VerifyRun run;
    {
        ProgressLine line([&] {
            const double s = seconds_since(t0);
            return fmt::format("verify {} of {} positions, {}, {}", grouped(done.load()),
                               grouped(total), rate_text(per_second(done.load(), s), "positions"),
                               eta_text(done.load(), total, s));
        });
        run.report = verify(tables, max_examples, &done);
    }
    run.slices = tables.tables().size();
    run.seconds = seconds_since(t0);
    return run;
}

void print_verify(const VerifyRun& run) {
    print_verify_report(run.report, run.slices, "slices", run.seconds,
                        [](const Violation<CheckersGame>& v) { return describe(v); });
}

nlohmann::json verify_json(const VerifyRun& run, const std::filesystem::path& dir) {
    return verify_report_json(run.report, dir, run.slices, run.seconds, checkers_violation_json);
}

Command add_verify(CLI::App& app) {
    struct Args {
        std::string dir;
        bool json = false;
        std::size_t max_examples = 20;
        int threads = 0;
        std::string junit, html;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        "verify",
        "Check every position of a table directory against the rules (exit 0: none broken)");
    cmd->add_option("dir", args->dir, "Directory of table files")->required();
    cmd->add_flag("--json", args->json, "Print one JSON object");
    cmd->add_option("--max-examples", args->max_examples,
                    "Findings (and consequences) printed; all are counted");
    add_threads_option(cmd, args->threads);
    add_junit_option(cmd, args->junit);
    add_html_option(cmd, args->html);
    return {cmd, [args] {
                const auto threads = limit_threads(args->threads);
                return run_verify(args->dir, args->json, args->max_examples, args->junit,
                                  args->html);
            }};
}

}  // namespace retrocheck::app
