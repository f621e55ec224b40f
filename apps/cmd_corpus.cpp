// `retrocheck corpus FILE [--db DIR] [--db-format F] [--time S] [--nodes N] [--tt-mb M] [--json]`:
// checks every entry of a corpus file (either game: that of its first entry's FEN) through the
// tables, or, in checkers, by the prover with the tables at its leaves.
#include <fmt/format.h>

#include <atomic>

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "apps/commands.h"
#include "apps/games.h"
#include "apps/html_report.h"
#include "apps/junit.h"
#include "apps/output.h"
#include "apps/progress.h"
#include "apps/search_output.h"
#include "apps/search_tables.h"
#include "corpus/runner.h"
#include "engine/core/text_file.h"

namespace retrocheck::app {

namespace {

using corpus::CorpusGame;

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

// What differs between the games: the tables, how an entry is checked beyond them, and the
// board a failing entry is drawn on.
template <class P>
struct CorpusTables;

template <>
struct CorpusTables<checkers::Position> {
    using Game = tb::CheckersGame;
    static constexpr const char* kUnknown = "not proven within the budget";
    std::unique_ptr<SearchTables> tables;
    checkers::prove::ProveLimits limits;
    std::atomic<std::uint64_t> nodes{0};  // the prover's, for the progress line

    Result<bool> open(const Args& a) {
        auto t = open_search_tables(a.search);
        if (!t) return Error{t.error()};
        tables = std::move(t).value();
        if (a.seconds <= 0 && a.nodes == 0)
            return Error{"corpus needs a budget for its proofs: --time S or --nodes N above 0"};
        limits = prove_limits(a.seconds, a.nodes, a.search.tt_mb);
        limits.nodes_seen = &nodes;
        return true;
    }
    Metric metric() const { return tables->probe ? tables->db.metric() : Metric::Wld; }
    corpus::EntryReport check(const corpus::Entry& e) {
        return corpus::check_entry(e, tables->probe.get(), limits);
    }
    int errors() const { return probe_errors(*tables); }
    std::string progress(double seconds) const {
        return fmt::format("{} nodes, {}, ", grouped(nodes.load()),
                           rate_text(per_second(nodes.load(), seconds), "nodes"));
    }
    static std::vector<int> marked(const checkers::Move& m) { return move_squares(m); }
};

template <>
struct CorpusTables<chess::Position> {
    using Game = tb::chess::ChessGame;
    static constexpr const char* kUnknown = "not in the tables";
    std::shared_ptr<tb::chess::ChessTableSource> source;
    std::unique_ptr<tb::ChessSearchProbe> probe;

    Result<bool> open(const Args& a) {
        if (a.search.db.empty()) return true;
        auto s = open_chess_tables(a.search.db_format, a.search.db);
        if (!s) return Error{s.error()};
        source = std::move(s).value();
        probe = std::make_unique<tb::ChessSearchProbe>(*source, source->max_pieces());
        return true;
    }
    Metric metric() const { return source && source->has_dtm() ? Metric::Dtm : Metric::Wld; }
    corpus::EntryReportOf<chess::Position> check(const corpus::ChessEntry& e) {
        return corpus::check_entry(e, probe.get());
    }
    int errors() const { return probe_errors(probe.get()); }
    std::string progress(double) const { return {}; }
    static std::optional<chess::Move> marked(const chess::Move& m) { return m; }
};

// A disputed entry's two values: "disputed: proven loss in 46 plies; published draw".
template <class P>
std::string disputed_text(const corpus::EntryOf<P>& e) {
    if (!e.disputed) return {};
    return fmt::format("disputed: proven {}; published {}", e.verdict.to_string(),
                       to_string(*e.disputed));
}

// Moves as the game writes them, each from the position the ones before it left.
template <class P>
nlohmann::json moves_json(P pos, const std::vector<corpus::MoveOf<P>>& line) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& m : line) {
        out.push_back(CorpusGame<P>::move(pos, m));
        pos = pos.after(m);
    }
    return out;
}

// An entry as JSON, its checks given; status "pass", "fail", "open" or "skipped".
template <class P>
nlohmann::json entry_json(const corpus::EntryOf<P>& e, Metric metric, const char* status,
                          nlohmann::json checks) {
    return {{"line", e.line},
            {"fen", CorpusGame<P>::fen(e.position)},
            {"expected", value_json(e.verdict, e.verdict.has_distance() ? metric : Metric::Wld)},
            {"source", e.source},
            {"note", e.note.empty() ? nlohmann::json() : nlohmann::json(e.note)},
            {"disputed", e.disputed ? nlohmann::json(to_string(*e.disputed)) : nlohmann::json()},
            {"status", status},
            {"passed", std::string_view(status) == "pass"},
            {"checks", std::move(checks)}};
}

// "ok   keep 14-10      expected draw       found draw (table)"
template <class P>
std::string check_line(const P& entry_position, const corpus::CheckOf<P>& c) {
    return fmt::format(
        "{} {:<14} expected {:<10} found {}{}", c.ok ? "ok  " : "BAD ", c.subject, c.expected,
        c.found, c.line.empty() ? "" : "; line " + CorpusGame<P>::line(entry_position, c.line));
}

// One test case an entry; a failing one shows the position and every check with its line; one
// not proven within the budget (in chess: not in the tables) is an error (type not-proven), or
// skipped with --unknown pass.
template <class P>
JunitCase entry_junit(const corpus::EntryOf<P>& e, const corpus::EntryReportOf<P>& report,
                      const std::string& file, double seconds, bool unknown_passes) {
    JunitCase c;
    c.classname = "corpus." + file;
    c.name = fmt::format("line {}: {} {} ({})", e.line, CorpusGame<P>::fen(e.position),
                         e.verdict.to_string(), e.source);
    const std::string dispute = disputed_text(e);
    c.seconds = seconds;
    std::string checks = dispute.empty() ? "" : dispute + "\n";
    for (const auto& k : report.checks) checks += check_line(e.position, k) + "\n";
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
        std::string why = CorpusTables<P>::kUnknown;
        for (const auto& k : report.checks)
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
    for (const auto& k : report.checks)
        if (!k.ok) {
            c.failure_message =
                fmt::format("{}: expected {}, found {}", k.subject, k.expected, k.found);
            break;
        }
    if (!c.failure_message) c.failure_message = "failed";
    c.failure_text = AppGame<typename CorpusTables<P>::Game>::describe(e.position) + checks;
    return c;
}

// A failing entry drawn with the move of its first failing check (the keep or spoil, or the first
// move of the line the search found).
template <class P>
HtmlBoard entry_board(const corpus::EntryOf<P>& e, const corpus::EntryReportOf<P>& report) {
    decltype(CorpusTables<P>::marked(corpus::MoveOf<P>{})) move{};
    bool marked = false;
    std::string label, details;
    for (const auto& k : report.checks) {
        details += check_line(e.position, k) + "\n";
        if (k.ok || marked) continue;
        if (k.move) {
            move = CorpusTables<P>::marked(*k.move);
            label = k.subject;
            marked = true;
        } else if (!k.line.empty()) {
            move = CorpusTables<P>::marked(k.line.front());
            label = "first move of the line: " + CorpusGame<P>::move(e.position, k.line.front());
            marked = true;
        }
    }
    return html_board(fmt::format("line {}: {} ({})", e.line, e.verdict.to_string(), e.source),
                      e.position, std::move(move), std::move(label), std::move(details));
}

template <class P>
int run_corpus(const Args& args, const std::vector<corpus::EntryOf<P>>& entries) {
    CorpusTables<P> tables;
    if (const auto opened = tables.open(args); !opened) return fail(opened.error());
    std::atomic<std::size_t> entry_done{0};
    std::atomic<int> entry_line{0};
    const Metric metric = tables.metric();
    const auto t0 = std::chrono::steady_clock::now();
    int failed = 0, still_open = 0, skipped = 0, unknown = 0;
    const bool unknown_passes = args.unknown == "pass";
    nlohmann::json out = {
        {"file", args.file}, {"db", args.search.db}, {"entries", nlohmann::json::array()}};
    JunitSuite junit{"retrocheck corpus " + args.file, 0, {}};
    HtmlReport page{"retrocheck corpus " + args.file, true, {}, {}, {}};
    std::optional<ProgressLine> line;
    line.emplace([&] {
        const double s = seconds_since(t0);
        const std::size_t started = entry_done.load();
        return fmt::format("corpus entry {} of {} (line {}): {}{}", started, entries.size(),
                           entry_line.load(), tables.progress(s),
                           eta_text(started > 0 ? started - 1 : 0, entries.size(), s));
    });
    for (const auto& e : entries) {
        ++entry_done;
        entry_line = e.line;
        const std::string fen = CorpusGame<P>::fen(e.position);
        if (e.open && !args.open) {
            ++skipped;
            JunitCase skip = entry_junit(e, {}, args.file, 0, unknown_passes);
            skip.skipped = e.note + " (--open checks it)";
            junit.cases.push_back(skip);
            if (args.json)
                out["entries"].push_back(entry_json(e, metric, "skipped", nlohmann::json::array()));
            else
                print_line(fmt::format("skip line {}: {}  {}  ({}; --open checks it)", e.line, fen,
                                       e.verdict.to_string(), e.note));
            continue;
        }
        const auto entry_t0 = std::chrono::steady_clock::now();
        const auto report = tables.check(e);
        if (const int err = tables.errors()) return err;
        const corpus::Status status = report.status();
        failed += status == corpus::Status::Fail;
        still_open += status == corpus::Status::Open;
        unknown += status == corpus::Status::Unknown;
        junit.cases.push_back(
            entry_junit(e, report, args.file, seconds_since(entry_t0), unknown_passes));
        if (status == corpus::Status::Fail) page.boards.push_back(entry_board(e, report));
        if (args.json) {
            nlohmann::json checks = nlohmann::json::array();
            for (const auto& c : report.checks) {
                const bool proof = c.method == "proof";
                checks.push_back(
                    {{"subject", c.subject},
                     {"move", c.move ? nlohmann::json(CorpusGame<P>::move(e.position, *c.move))
                                     : nlohmann::json()},
                     {"fen", CorpusGame<P>::fen(c.valued)},
                     {"expected", c.expected},
                     {"found", value_json(c.value, metric)},
                     {"found_text", c.found},
                     {"method", c.method},
                     {"nodes", proof ? nlohmann::json(c.nodes) : nlohmann::json()},
                     {"proof_size", proof ? nlohmann::json(c.proof_size) : nlohmann::json()},
                     {"seconds",
                      proof ? nlohmann::json(json_seconds(c.seconds)) : nlohmann::json()},
                     {"line", moves_json(e.position, c.line)},
                     {"ok", c.ok}});
            }
            out["entries"].push_back(entry_json(e, metric, to_string(status), checks));
            continue;
        }
        std::string text = fmt::format("{} line {}: {}  {}  ({})",
                                       status == corpus::Status::Fail      ? "FAIL"
                                       : status == corpus::Status::Unknown ? "UNKNOWN"
                                                                           : to_string(status),
                                       e.line, fen, e.verdict.to_string(), e.source);
        if (e.open) text += "\n    " + e.note;
        if (e.disputed) text += "\n    " + disputed_text(e);
        for (const auto& c : report.checks) text += "\n    " + check_line(e.position, c);
        print_line(text);
    }
    line.reset();
    const auto n = static_cast<int>(entries.size());
    const int passed = n - failed - still_open - skipped - unknown;
    junit.seconds = seconds_since(t0);
    if (!args.junit.empty())
        if (const auto w = write_junit(args.junit, junit); !w) return fail(w.error());
    if (!args.html.empty()) {
        page.passed = exit_code(failed > 0, unknown > 0, args.unknown) == kExitOk;
        page.summary = {{"entries", std::to_string(n)},
                        {"passed", std::to_string(passed)},
                        {"failed", std::to_string(failed)},
                        {CorpusTables<P>::kUnknown, std::to_string(unknown)},
                        {"open", std::to_string(still_open)},
                        {"skipped (open)", std::to_string(skipped)},
                        {"tables", args.search.db.empty() ? "none" : args.search.db},
                        {"time", seconds_text(junit.seconds)}};
        if (const auto w = write_html(args.html, page); !w) return fail(w.error());
    }
    if (args.json) {
        out["passed"] = passed;
        out["failed"] = failed;
        out["unknown"] = unknown;
        out["open"] = still_open;
        out["skipped"] = skipped;
        out["seconds"] = json_seconds(seconds_since(t0));
        print_json(out);
    } else {
        fmt::print("{} of {} entries pass, {} fail{}{}{} ({}{})\n", passed, n, failed,
                   unknown ? fmt::format(", {} {}", unknown, CorpusTables<P>::kUnknown) : "",
                   still_open ? fmt::format(", {} open (not proven)", still_open) : "",
                   skipped ? fmt::format(", {} open skipped", skipped) : "",
                   seconds_text(seconds_since(t0)),
                   args.search.db.empty() ? ", no tables" : ", tables " + args.search.db);
    }
    return exit_code(failed > 0, unknown > 0, args.unknown);
}

// The entries of a corpus with something to check, or the error that says why not.
template <class P>
int run_entries(const Args& args, Result<std::vector<corpus::EntryOf<P>>> entries) {
    if (!entries) return fail(entries.error());
    if (entries->empty())
        return fail(args.file +
                    ": no entries (a corpus with nothing to check would pass whatever the "
                    "tables hold)");
    return run_corpus<P>(args, *entries);
}

}  // namespace

Command add_corpus(CLI::App& app) {
    auto args = std::make_shared<Args>();
    args->search.tt_mb = 4096;
    auto* cmd = app.add_subcommand("corpus",
                                   "Check positions with known verdicts (exit 0: no entry fails)");
    cmd->add_option("file", args->file, "Corpus file (corpus/checkers.tsv, corpus/chess.tsv)")
        ->required();
    cmd->add_flag("--json", args->json, "Print one JSON object");
    cmd->add_option("--time", args->seconds,
                    "Checkers: seconds each proof beyond the tables may take (0: no limit)")
        ->check(seconds_validator());
    cmd->add_option("--nodes", args->nodes, "Checkers: node budget of each proof (0: no limit)");
    cmd->add_flag("--open", args->open,
                  "Also check the entries marked open (each reported pass, open or FAIL)");
    add_unknown_option(cmd, args->unknown);
    add_search_options(cmd, args->search, true);
    add_junit_option(cmd, args->junit);
    add_html_option(cmd, args->html);
    return {cmd, [args] {
                const auto text = read_text_file(args->file);
                if (!text) return fail(text.error());
                if (corpus::is_chess_corpus(*text))
                    return run_entries(*args,
                                       corpus::parse_corpus<chess::Position>(*text, args->file));
                return run_entries(*args, corpus::parse_checkers_corpus(*text, args->file));
            }};
}

}  // namespace retrocheck::app
