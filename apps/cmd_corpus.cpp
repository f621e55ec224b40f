// `retrocheck corpus FILE [--db DIR] [--db-format F] [--time S] [--nodes N] [--tt-mb M] [--json]`:
// checks every entry of a corpus file through the tables, or by the prover with the tables at its
// leaves.
#include <fmt/format.h>

#include <atomic>

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "apps/commands.h"
#include "apps/html_report.h"
#include "apps/junit.h"
#include "apps/output.h"
#include "apps/progress.h"
#include "apps/search_output.h"
#include "apps/search_tables.h"
#include "corpus/runner.h"
#include "engine/checkers/diagram.h"
#include "engine/checkers/notation.h"

namespace retrocheck::app {

namespace {

// A disputed entry's two values: "disputed: proven loss in 46 plies; published draw".
std::string disputed_text(const corpus::Entry& e) {
    if (!e.disputed) return {};
    return fmt::format("disputed: proven {}; published {}", e.verdict.to_string(),
                       to_string(*e.disputed));
}

// An entry as JSON, its checks given; status "pass", "fail", "open" or "skipped".
nlohmann::json entry_json(const corpus::Entry& e, const char* status, nlohmann::json checks) {
    return {
        {"line", e.line},
        {"fen", checkers::format_fen(e.position)},
        {"expected", value_json(e.verdict, e.verdict.has_distance() ? Metric::Dtw : Metric::Wld)},
        {"source", e.source},
        {"note", e.note.empty() ? nlohmann::json() : nlohmann::json(e.note)},
        {"disputed", e.disputed ? nlohmann::json(to_string(*e.disputed)) : nlohmann::json()},
        {"status", status},
        {"passed", std::string_view(status) == "pass"},
        {"checks", std::move(checks)}};
}

// "ok   keep 14-10      expected draw       found draw (table)"
std::string check_line(const corpus::Check& c) {
    return fmt::format("{} {:<14} expected {:<10} found {}{}", c.ok ? "ok  " : "BAD ", c.subject,
                       c.expected, c.found,
                       c.line.empty() ? "" : "; line " + checkers::format_line(c.line));
}

// One test case an entry; a failing one shows the position and every check with its line; one
// not proven within the budget is an error (type not-proven), or skipped with --unknown pass.
JunitCase entry_junit(const corpus::Entry& e, const corpus::EntryReport& report,
                      const std::string& file, double seconds, bool unknown_passes) {
    JunitCase c;
    c.classname = "corpus." + file;
    c.name = fmt::format("line {}: {} {} ({})", e.line, checkers::format_fen(e.position),
                         e.verdict.to_string(), e.source);
    const std::string dispute = disputed_text(e);
    c.seconds = seconds;
    std::string checks = dispute.empty() ? "" : dispute + "\n";
    for (const corpus::Check& k : report.checks) checks += check_line(k) + "\n";
    if (report.passed()) {
        c.system_out = checks;
        return c;
    }
    if (report.status() == corpus::Status::Open) {
        c.skipped = "not proven within the budget: " + e.note;
        c.system_out = checks;
        return c;
    }
    if (report.status() == corpus::Status::Unknown) {
        std::string why = "not proven within the budget";
        for (const corpus::Check& k : report.checks)
            if (!k.ok) {
                why += fmt::format(" ({}: {})", k.subject, k.found);
                break;
            }
        if (unknown_passes)
            c.skipped = why;
        else {
            c.error_message = why;
            c.error_type = "not-proven";
        }
        c.system_out = checks;
        return c;
    }
    c.failure_type = "verdict";
    for (const corpus::Check& k : report.checks)
        if (!k.ok) {
            c.failure_message =
                fmt::format("{}: expected {}, found {}", k.subject, k.expected, k.found);
            break;
        }
    if (!c.failure_message) c.failure_message = "failed";
    c.failure_text = checkers::describe(e.position) + checks;
    return c;
}

// A failing entry drawn with the move of its first failing check (the keep or spoil, or the first
// move of the line the search found).
HtmlBoard entry_board(const corpus::Entry& e, const corpus::EntryReport& report) {
    std::vector<int> move;
    std::string label, details;
    for (const corpus::Check& k : report.checks) {
        details += check_line(k) + "\n";
        if (k.ok || !move.empty()) continue;
        if (k.move) {
            move = move_squares(*k.move);
            label = k.subject;
        } else if (!k.line.empty()) {
            move = move_squares(k.line.front());
            label = "first move of the line: " + checkers::format_move(k.line.front());
        }
    }
    return html_board(fmt::format("line {}: {} ({})", e.line, e.verdict.to_string(), e.source),
                      e.position, std::move(move), std::move(label), std::move(details));
}

}  // namespace

Command add_corpus(CLI::App& app) {
    struct Args {
        std::string file;
        bool json = false;
        double seconds = 60;
        std::uint64_t nodes = 0;
        bool open = false;
        SearchArgs search;
        std::string junit, html;
        std::string unknown = "fail";
    };
    auto args = std::make_shared<Args>();
    args->search.tt_mb = 4096;
    auto* cmd = app.add_subcommand("corpus",
                                   "Check positions with known verdicts (exit 0: no entry fails)");
    cmd->add_option("file", args->file, "Corpus file (corpus/checkers.tsv)")->required();
    cmd->add_flag("--json", args->json, "Print one JSON object");
    cmd->add_option("--time", args->seconds,
                    "Seconds each proof beyond the tables may take (0: no limit)")
        ->check(seconds_validator());
    cmd->add_option("--nodes", args->nodes, "Node budget of each proof (0: no limit)");
    cmd->add_flag("--open", args->open,
                  "Also check the entries marked open (each reported pass, open or FAIL)");
    add_unknown_option(cmd, args->unknown);
    add_search_options(cmd, args->search);
    add_junit_option(cmd, args->junit);
    add_html_option(cmd, args->html);
    return {
        cmd, [args] {
            const auto entries = corpus::read_corpus(args->file);
            if (!entries) return fail(entries.error());
            if (entries->empty())
                return fail(args->file +
                            ": no entries (a corpus with nothing to check would pass "
                            "whatever the tables hold)");
            auto tables = open_search_tables(args->search);
            if (!tables) return fail(tables.error());
            if (args->seconds <= 0 && args->nodes == 0)
                return fail("corpus needs a budget for its proofs: --time S or --nodes N above 0");
            checkers::prove::ProveLimits limits =
                prove_limits(args->seconds, args->nodes, args->search.tt_mb);
            std::atomic<std::uint64_t> nodes{0};
            std::atomic<std::size_t> entry_done{0};
            std::atomic<int> entry_line{0};
            limits.nodes_seen = &nodes;
            const Metric metric = (*tables)->probe ? (*tables)->db.metric() : Metric::Wld;
            const auto t0 = std::chrono::steady_clock::now();
            int failed = 0, still_open = 0, skipped = 0, unknown = 0;
            const bool unknown_passes = args->unknown == "pass";
            nlohmann::json out = {{"file", args->file},
                                  {"db", args->search.db},
                                  {"entries", nlohmann::json::array()}};
            JunitSuite junit{"retrocheck corpus " + args->file, 0, {}};
            HtmlReport page{"retrocheck corpus " + args->file, true, {}, {}, {}};
            std::optional<ProgressLine> line;
            line.emplace([&] {
                const double s = seconds_since(t0);
                const std::size_t started = entry_done.load();
                return fmt::format("corpus entry {} of {} (line {}): {} nodes, {}, {}", started,
                                   entries->size(), entry_line.load(), grouped(nodes.load()),
                                   rate_text(per_second(nodes.load(), s), "nodes"),
                                   eta_text(started > 0 ? started - 1 : 0, entries->size(), s));
            });
            for (const corpus::Entry& e : *entries) {
                ++entry_done;
                entry_line = e.line;
                const std::string fen = checkers::format_fen(e.position);
                if (e.open && !args->open) {
                    ++skipped;
                    JunitCase skip = entry_junit(e, {}, args->file, 0, unknown_passes);
                    skip.skipped = e.note + " (--open checks it)";
                    junit.cases.push_back(skip);
                    if (args->json)
                        out["entries"].push_back(entry_json(e, "skipped", nlohmann::json::array()));
                    else
                        print_line(fmt::format("skip line {}: {}  {}  ({}; --open checks it)",
                                               e.line, fen, e.verdict.to_string(), e.note));
                    continue;
                }
                const auto entry_t0 = std::chrono::steady_clock::now();
                const auto report = corpus::check_entry(e, (*tables)->probe.get(), limits);
                if (const int err = probe_errors(**tables)) return err;
                const corpus::Status status = report.status();
                failed += status == corpus::Status::Fail;
                still_open += status == corpus::Status::Open;
                unknown += status == corpus::Status::Unknown;
                junit.cases.push_back(
                    entry_junit(e, report, args->file, seconds_since(entry_t0), unknown_passes));
                if (status == corpus::Status::Fail) page.boards.push_back(entry_board(e, report));
                if (args->json) {
                    nlohmann::json checks = nlohmann::json::array();
                    for (const corpus::Check& c : report.checks) {
                        const bool proof = c.method == "proof";
                        checks.push_back(
                            {{"subject", c.subject},
                             {"move", move_json(c.move)},
                             {"fen", checkers::format_fen(c.valued)},
                             {"expected", c.expected},
                             {"found", value_json(c.value, metric)},
                             {"found_text", c.found},
                             {"method", c.method},
                             {"nodes", proof ? nlohmann::json(c.nodes) : nlohmann::json()},
                             {"proof_size",
                              proof ? nlohmann::json(c.proof_size) : nlohmann::json()},
                             {"seconds",
                              proof ? nlohmann::json(json_seconds(c.seconds)) : nlohmann::json()},
                             {"line", pv_json(c.line)},
                             {"ok", c.ok}});
                    }
                    out["entries"].push_back(entry_json(e, to_string(status), checks));
                    continue;
                }
                std::string text =
                    fmt::format("{} line {}: {}  {}  ({})",
                                status == corpus::Status::Fail      ? "FAIL"
                                : status == corpus::Status::Unknown ? "UNKNOWN"
                                                                    : to_string(status),
                                e.line, fen, e.verdict.to_string(), e.source);
                if (e.open) text += "\n    " + e.note;
                if (e.disputed) text += "\n    " + disputed_text(e);
                for (const corpus::Check& c : report.checks) text += "\n    " + check_line(c);
                print_line(text);
            }
            line.reset();
            const auto n = static_cast<int>(entries->size());
            const int passed = n - failed - still_open - skipped - unknown;
            junit.seconds = seconds_since(t0);
            if (!args->junit.empty())
                if (const auto w = write_junit(args->junit, junit); !w) return fail(w.error());
            if (!args->html.empty()) {
                page.passed = exit_code(failed > 0, unknown > 0, args->unknown) == kExitOk;
                page.summary = {{"entries", std::to_string(n)},
                                {"passed", std::to_string(passed)},
                                {"failed", std::to_string(failed)},
                                {"not proven within the budget", std::to_string(unknown)},
                                {"open", std::to_string(still_open)},
                                {"skipped (open)", std::to_string(skipped)},
                                {"tables", args->search.db.empty() ? "none" : args->search.db},
                                {"time", seconds_text(junit.seconds)}};
                if (const auto w = write_html(args->html, page); !w) return fail(w.error());
            }
            if (args->json) {
                out["passed"] = passed;
                out["failed"] = failed;
                out["unknown"] = unknown;
                out["open"] = still_open;
                out["skipped"] = skipped;
                out["seconds"] = json_seconds(seconds_since(t0));
                print_json(out);
            } else {
                fmt::print("{} of {} entries pass, {} fail{}{}{} ({}{})\n", passed, n, failed,
                           unknown ? fmt::format(", {} not proven within the budget", unknown) : "",
                           still_open ? fmt::format(", {} open (not proven)", still_open) : "",
                           skipped ? fmt::format(", {} open skipped", skipped) : "",
                           seconds_text(seconds_since(t0)),
                           args->search.db.empty() ? ", no tables" : ", tables " + args->search.db);
            }
            return exit_code(failed > 0, unknown > 0, args->unknown);
        }};
}

}  // namespace retrocheck::app
