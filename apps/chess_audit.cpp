#include "apps/chess_audit.h"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>

#include "apps/build_plan.h"
#include "apps/child_process.h"
#include "apps/html_report.h"
#include "apps/junit.h"
#include "apps/output.h"
#include "apps/progress.h"
#include "engine/chess/fen.h"
#include "engine/chess/notation.h"
#include "tablebases/chess/build.h"
#include "tablebases/chess/game.h"
#include "tablebases/chess/probe.h"
#include "tablebases/formats/gaviota.h"
#include "tablebases/formats/library_calls.h"
#include "tablebases/formats/syzygy.h"
#include "tablebases/store/directory.h"
#include "tablebases/verify/chess_audit.h"

namespace retrocheck::app {

using tb::chess::ChessAuditExample;
using tb::chess::ChessAuditReport;
using tb::chess::ChessAuditRow;
using tb::chess::ChessProbe;
using tb::chess::ChessTableSource;
using tb::chess::Material;
using tb::chess::MaterialTableSet;

namespace {

// Building our tables in memory for the audit takes minutes at 4 pieces and hours beyond.
constexpr int kMaxBuiltOnTheFly = 4;

// Our tables for every material the source holds and every one their moves lead to.
Result<MaterialTableSet> our_tables(const ChessTableSource& source, const ChessAuditArgs& args) {
    const int pieces = source.max_pieces();
    if (args.against.empty()) {
        if (pieces > kMaxBuiltOnTheFly)
            return Error{
                fmt::format("{} holds {} pieces; build our tables with `retrocheck build "
                            "chess --pieces {}` and pass them with --against",
                            args.path, pieces, pieces)};
        ProgressLine line([] { return std::string("building our tables in memory"); });
        return tb::chess::build_closure(source.materials(), tb::BuildMethod::OutCounting);
    }
    auto loaded = tb::store::load_chess_directory(args.against, pieces);
    if (!loaded) return Error{loaded.error()};
    for (const Material& m : tb::closure<tb::chess::ChessGame>(source.materials()))
        if (!loaded->find(m))
            return Error{fmt::format(
                "{} lacks {}{}, a material {} holds or leads to: build it with `retrocheck build "
                "chess "
                "--material {} --out {}`",
                args.against, m.name(),
                loaded->find(m.flipped())
                    ? fmt::format(" (it holds {}, the colours exchanged)", m.flipped().name())
                    : "",
                args.path, m.name(), args.against)};
    return loaded;
}

nlohmann::json probe_json(const ChessProbe& p) {
    return {{"status", tb::chess::to_string(p.status)},
            {"wdl", p.ok() ? nlohmann::json(tb::chess::to_string(p.wdl)) : nlohmann::json(nullptr)},
            {"dtm", p.dtm ? nlohmann::json(*p.dtm) : nlohmann::json(nullptr)},
            {"dtz", p.dtz ? nlohmann::json(*p.dtz) : nlohmann::json(nullptr)},
            {"error", p.ok() ? nlohmann::json(nullptr) : nlohmann::json(p.error)}};
}

nlohmann::json example_json(const ChessAuditExample& e) {
    nlohmann::json child = nullptr;
    if (e.child_move) {
        const chess::Position c = e.position.after(*e.child_move);
        child = {{"move", chess::format_san(e.position, *e.child_move)},
                 {"uci", chess::format_uci(*e.child_move)},
                 {"fen", chess::format_fen(c)},
                 {"theirs", e.child_theirs ? probe_json(*e.child_theirs) : nlohmann::json(nullptr)},
                 {"ours", value_json(e.child_ours, Metric::Dtm)}};
    }
    return {{"problem", e.problem},
            {"fen", chess::format_fen(e.position)},
            {"theirs", probe_json(e.theirs)},
            {"ours", value_json(e.ours, Metric::Dtm)},
            {"expected", e.expected.empty() ? nlohmann::json(nullptr) : nlohmann::json(e.expected)},
            {"child", child}};
}

nlohmann::json report_json(const ChessAuditReport& r, const ChessAuditArgs& args, int pieces,
                           double seconds) {
    nlohmann::json out = {{"game", "chess"},
                          {"format", args.format},
                          {"path", args.path},
                          {"pieces", pieces},
                          {"materials", nlohmann::json::array()},
                          {"dtz", r.dtz},
                          {"total_checked", r.checked},
                          {"total_en_passant", r.en_passant},
                          {"total_disagreements", r.disagreements},
                          {"total_violations", r.violations},
                          {"seconds", json_seconds(seconds)},
                          {"examples", nlohmann::json::array()}};
    for (const ChessAuditRow& row : r.rows)
        out["materials"].push_back({{"material", row.material.name()},
                                    {"side_to_move", chess::to_string(row.side_to_move)},
                                    {"checked", row.checked},
                                    {"en_passant", row.en_passant},
                                    {"disagreements", row.disagreements},
                                    {"violations", row.violations},
                                    {"dtz", row.dtz}});
    for (const ChessAuditExample& e : r.examples) out["examples"].push_back(example_json(e));
    return out;
}

JunitSuite report_junit(const ChessAuditReport& r, const ChessAuditArgs& args, double seconds) {
    JunitSuite suite{"retrocheck audit " + args.format + " " + args.path, seconds, {}};
    for (const ChessAuditRow& row : r.rows) {
        JunitCase c;
        c.classname = "audit." + row.material.name();
        c.name = row.material.name() + ", " + chess::title(row.side_to_move) + " to move";
        c.system_out = fmt::format("{} checked ({} with an en passant right)", grouped(row.checked),
                                   grouped(row.en_passant));
        if (row.disagreements + row.violations > 0) {
            c.failure_message = fmt::format("{} disagreements, {} violations",
                                            grouped(row.disagreements), grouped(row.violations));
            for (const ChessAuditExample& e : r.examples)
                if (Material::of(e.position) == row.material &&
                    e.position.side_to_move() == row.side_to_move)
                    c.show(e.problem, tb::chess::describe(e));
        }
        suite.cases.push_back(std::move(c));
    }
    return suite;
}

// The summary and every example drawn with the child that proves it.
HtmlReport report_html(const ChessAuditReport& r, const ChessAuditArgs& args, int pieces,
                       double seconds) {
    HtmlReport page{"retrocheck audit " + args.format + " " + args.path,
                    r.disagreements + r.violations == 0,
                    {},
                    {},
                    {}};
    page.summary = {{"pieces", std::to_string(pieces)},
                    {"checked", grouped(r.checked)},
                    {"with an en passant right", grouped(r.en_passant)},
                    {"DTZ judged", r.dtz ? "yes" : "no"},
                    {"disagreements with our tables", grouped(r.disagreements)},
                    {"violations of the rules", grouped(r.violations)},
                    {"time", seconds_text(seconds)}};
    for (const ChessAuditExample& e : r.examples)
        page.boards.push_back(
            html_board(e.problem, e.position, e.child_move,
                       e.child_move ? "child " + chess::format_san(e.position, *e.child_move) : "",
                       tb::chess::describe(e)));
    return page;
}

// The file that holds m and those its captures lead to, as the user would look for it.
std::string file_of(const ChessAuditArgs& args, const Material& m, bool root_probe) {
    const std::filesystem::path dir(args.path);
    return args.format == "syzygy" ? (dir / (tb::chess::syzygy_name(m) + ".rtbw")).string() +
                                         (root_probe ? " or .rtbz" : "")
                                   : (dir / (tb::chess::gaviota_stem(m) + ".gtb.*")).string();
}

// What the probe library was doing when the child died or was stopped: the call, the position,
// the file; or that no library call was under way.
std::string library_failure(const ChessAuditArgs& args, const ChildKilled& killed) {
    const auto calls = tb::chess::library_calls_in_progress();
    const std::string memory =
        fmt::format("{} in use, its limit {} (--memory-mb)", bytes_text(killed.memory_used),
                    bytes_text(args.memory_mb << 20));
    if (calls.empty()) {
        if (killed.exited >= 0)
            return fmt::format(
                "the audit of {} ended with exit status {} before it finished: a probe library "
                "exited on an error of its own (what it printed is above)",
                args.path, killed.exited);
        if (killed.out_of_memory)
            return fmt::format("the audit of {} ran out of memory ({}; {})", args.path, memory,
                               killed.name);
        return fmt::format(
            "the audit of {} was killed by {} outside the probe libraries (a signal from "
            "outside, or a bug in retrocheck)",
            args.path, killed.name);
    }
    const std::string how =
        killed.overdue         ? fmt::format("gave no answer within {} ms (--call-timeout-ms)",
                                             grouped(static_cast<std::uint64_t>(args.call_timeout_ms)))
        : killed.out_of_memory ? fmt::format("ran out of memory ({}; {})", memory, killed.name)
        : killed.exited >= 0
            ? fmt::format("exited with status {} (what it printed is above)", killed.exited)
            : fmt::format("crashed ({})", killed.name);
    const tb::chess::LibraryCallSnapshot& c = calls.front();
    const Material m = Material::of(c.position);
    return fmt::format(
        "{} {} in {} on {} ({} to move, material {}): {}, or a table its captures and "
        "promotions lead to, is damaged; the audit was stopped",
        c.library, how, c.call, chess::format_fen(c.position),
        chess::to_string(c.position.side_to_move()), m.name(),
        file_of(args, m, std::string_view(c.call) == "tb_probe_root"));
}

int audit_here(const ChessAuditArgs& args) {
    const auto source = tb::chess::open_tables(args.format, args.path);
    if (!source) return fail(source.error());
    const int pieces = (*source)->max_pieces();
    const auto ours = our_tables(**source, args);
    if (!ours) return fail(ours.error());
    const auto t0 = std::chrono::steady_clock::now();
    std::atomic<std::uint64_t> done{0};
    ChessAuditReport report;
    {
        const std::uint64_t total = tb::chess::audit_work(**source, *ours);
        ProgressLine line([&] {
            const double sec = seconds_since(t0);
            return fmt::format("audit {} of {} slot reads and judgements, {}", grouped(done.load()),
                               grouped(total), eta_text(done.load(), total, sec));
        });
        tb::chess::ChessAuditOptions options;
        options.max_examples = args.max_examples;
        options.dtz_max_pieces = args.dtz_pieces;
        report = tb::chess::audit(**source, *ours, options, &done);
    }
    const double seconds = seconds_since(t0);
    if (report.checked == 0) return fail(args.path + ": the tables hold no position to audit");
    const bool wrong = report.disagreements + report.violations > 0;
    if (!args.junit.empty())
        if (const auto w = write_junit(args.junit, report_junit(report, args, seconds)); !w)
            return fail(w.error());
    if (!args.html.empty())
        if (const auto w = write_html(args.html, report_html(report, args, pieces, seconds)); !w)
            return fail(w.error());
    if (args.json) {
        print_json(report_json(report, args, pieces, seconds));
        return found_if(wrong);
    }
    fmt::print("{:<10} {:<5} {:>12} {:>12} {:>13} {:>10}\n", "material", "side", "checked",
               "en passant", "disagreements", "violations");
    for (const ChessAuditRow& row : report.rows)
        fmt::print("{:<10} {:<5} {:>12} {:>12} {:>13} {:>10}\n", row.material.name(),
                   chess::to_string(row.side_to_move), grouped(row.checked),
                   grouped(row.en_passant), grouped(row.disagreements), grouped(row.violations));
    for (const ChessAuditExample& e : report.examples) fmt::print("\n{}", tb::chess::describe(e));
    fmt::print("\naudited {} ({}, {} materials, up to {} pieces) in {}\n", args.path, args.format,
               (*source)->materials().size(), pieces, seconds_text(seconds));
    if ((*source)->has_dtz() && args.dtz_pieces < pieces)
        fmt::print("DTZ judged for materials of up to {} pieces (--dtz-pieces); WDL for all\n",
                   args.dtz_pieces);
    fmt::print("checked {} ({} with an en passant right), disagreements {}, violations {}\n",
               grouped(report.checked), grouped(report.en_passant), grouped(report.disagreements),
               grouped(report.violations));
    return found_if(wrong);
}

}  // namespace

// The probe libraries do not check what they read: a damaged Syzygy file can make Fathom read
// outside its mapping or loop for ever. The audit runs in a child process under a time limit a
// library call and a memory limit, so that a crash, a hang or a runaway allocation becomes an
// error that names the call, the position and the file.
int run_chess_audit(const ChessAuditArgs& in) {
    ChessAuditArgs args = in;
    if (args.memory_mb == 0) args.memory_mb = usable_memory_bytes() >> 20;
    tb::chess::library_calls_shared();
    ChildWatch watch;
    watch.memory_bytes = args.memory_mb << 20;
    const double limit = args.call_timeout_ms / 1000.0;
    watch.overdue = [limit] { return tb::chess::library_call_overdue(limit); };
    const auto ended = run_in_child([&] { return audit_here(args); }, watch);
    if (const int* code = std::get_if<int>(&ended)) return *code;
    return fail(library_failure(args, std::get<ChildKilled>(ended)));
}

}  // namespace retrocheck::app
