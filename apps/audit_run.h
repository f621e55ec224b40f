// `retrocheck audit`, once for both games: each game's AppGame<G>::audit() opens the source,
// finds or builds our tables and walks (tablebases/checkers/audit.h, tablebases/chess/audit.h);
// the report (text, JSON, JUnit, HTML) is written here from tb::AuditReport.
#pragma once

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <string>

#include "apps/audit_args.h"
#include "apps/games.h"
#include "apps/html_report.h"
#include "apps/junit.h"
#include "apps/output.h"
#include "tablebases/verify/audit_report.h"

namespace retrocheck::app {

template <typename G>
class AuditOutput {
  public:
    using App = AppGame<G>;
    using Done = typename App::AuditDone;
    using Example = typename Done::Report::Example;

    AuditOutput(const AuditArgs& args, const Done& done) : args_(args), done_(done) {}

    nlohmann::json json() const {
        const auto& r = done_.report;
        nlohmann::json out = {{"game", App::kName},
                              {"format", args_.format},
                              {"path", args_.path},
                              {"pieces", done_.pieces},
                              {"dtz", r.dtz},
                              {"slices", nlohmann::json::array()},
                              {"seconds", json_seconds(done_.seconds)},
                              {"examples", nlohmann::json::array()}};
        counts_json(r.total, out, "total_");
        for (const auto& row : r.rows) {
            nlohmann::json j = {{"material", App::unit_name(row.slice)},
                                {"slice", App::unit_id(row.slice)},
                                {"side_to_move", App::side_name(row.side_to_move)},
                                {"dtz", row.dtz}};
            counts_json(row.counts, j, "");
            out["slices"].push_back(std::move(j));
        }
        for (const Example& e : r.examples) out["examples"].push_back(example_json(e));
        return out;
    }

    // One test case a slice and side to move; a failing one shows its problems with the child.
    JunitSuite junit() const {
        const auto& r = done_.report;
        JunitSuite suite{"retrocheck audit " + args_.format + " " + args_.path, done_.seconds, {}};
        for (const auto& row : r.rows) {
            JunitCase c;
            c.classname = "audit." + App::unit_id(row.slice);
            c.name =
                App::unit_name(row.slice) + ", " + App::side_name(row.side_to_move) + " to move";
            c.system_out = fmt::format("{} checked, {} {}", grouped(row.counts.checked),
                                       grouped(App::audit_column(row.counts)), App::kAuditColumn);
            if (row.counts.wrong()) {
                c.failure_message =
                    fmt::format("{} disagreements, {} violations",
                                grouped(row.counts.disagreements), grouped(row.counts.violations));
                for (const Example& e : r.examples)
                    if (G::slice_of(e.position) == row.slice &&
                        e.position.side_to_move() == row.side_to_move)
                        c.show(e.problem, tb::describe(e));
            }
            suite.cases.push_back(std::move(c));
        }
        return suite;
    }

    // The summary and every example drawn with the child that proves it.
    HtmlReport html() const {
        const auto& r = done_.report;
        HtmlReport page{
            "retrocheck audit " + args_.format + " " + args_.path, !r.total.wrong(), {}, {}, {}};
        page.summary = {{"pieces", std::to_string(done_.pieces)},
                        {"checked", grouped(r.total.checked)},
                        {App::kAuditColumn, grouped(App::audit_column(r.total))},
                        {"disagreements with our tables", grouped(r.total.disagreements)},
                        {"violations of the rules", grouped(r.total.violations)},
                        {"time", seconds_text(done_.seconds)}};
        for (const std::string& note : done_.notes) page.summary.push_back({"note", note});
        for (const Example& e : r.examples)
            page.boards.push_back(App::board(e.problem, e.position, e.child_move, tb::describe(e)));
        return page;
    }

    void print_text() const {
        const auto& r = done_.report;
        const char* slice = App::kSliceColumn;
        fmt::print("{:<12} {:<13} {:<5} {:>12} {:>12} {:>13} {:>10}\n", "material",
                   slice ? slice : "", "side", "checked", App::kAuditColumn, "disagreements",
                   "violations");
        for (const auto& row : r.rows)
            fmt::print("{:<12} {:<13} {:<5} {:>12} {:>12} {:>13} {:>10}\n",
                       App::unit_name(row.slice), slice ? App::unit_id(row.slice) : "",
                       App::side_name(row.side_to_move), grouped(row.counts.checked),
                       grouped(App::audit_column(row.counts)), grouped(row.counts.disagreements),
                       grouped(row.counts.violations));
        if (r.dtz) print_dtz_counts();
        for (const Example& e : r.examples) fmt::print("\n{}", tb::describe(e));
        fmt::print("\naudited {} ({}, {}, up to {} pieces) in {}\n", args_.path, args_.format,
                   counted(r.rows.size() / 2, App::kUnit, App::kUnits), done_.pieces,
                   seconds_text(done_.seconds));
        for (const std::string& note : done_.notes) fmt::print("{}\n", note);
        fmt::print("checked {}, {} {}, disagreements {}, violations {}\n", grouped(r.total.checked),
                   App::kAuditColumn, grouped(App::audit_column(r.total)),
                   grouped(r.total.disagreements), grouped(r.total.violations));
    }

  private:
    static void counts_json(const tb::AuditCounts& c, nlohmann::json& j, const std::string& pre) {
        j[pre + "checked"] = c.checked;
        j[pre + "not_stored"] = c.not_stored;
        j[pre + "en_passant"] = c.en_passant;
        j[pre + "disagreements"] = c.disagreements;
        j[pre + "violations"] = c.violations;
        j[pre + "dtz_exact"] = c.dtz_exact;
        j[pre + "dtz_rounded"] = c.dtz_rounded;
        j[pre + "dtz_from_wdl"] = c.dtz_from_wdl;
        j[pre + "dtz_other_side"] = c.dtz_other_side;
    }

    // Syzygy's DTZ against ours, a row a material and side (the rule: tablebases/chess/audit.h).
    void print_dtz_counts() const {
        const auto& r = done_.report;
        fmt::print(
            "\nDTZ against ours: equal, one ply under an even DTZ (a table in full moves), "
            "from the WDL file (a zeroing move wins), not in the DTZ file (the other side "
            "to move)\n");
        fmt::print("{:<12} {:<5} {:>12} {:>12} {:>12} {:>12}\n", "material", "side", "equal",
                   "rounded", "from WDL", "other side");
        auto line = [](const std::string& name, const std::string& side, const tb::AuditCounts& c) {
            fmt::print("{:<12} {:<5} {:>12} {:>12} {:>12} {:>12}\n", name, side,
                       grouped(c.dtz_exact), grouped(c.dtz_rounded), grouped(c.dtz_from_wdl),
                       grouped(c.dtz_other_side));
        };
        for (const auto& row : r.rows)
            if (row.dtz)
                line(App::unit_name(row.slice), App::side_name(row.side_to_move), row.counts);
        line("total", "", r.total);
    }

    nlohmann::json example_json(const Example& e) const {
        nlohmann::json child = nullptr;
        if (e.child_move)
            child = {{"move", App::move_text(e.position, *e.child_move)},
                     {"fen", G::fen(e.position.after(*e.child_move))},
                     {"theirs", e.child_theirs ? App::stored_json(*e.child_theirs, done_.metric)
                                               : nlohmann::json(nullptr)},
                     {"ours", value_json(e.child_ours, App::kMetric)}};
        return {
            {"problem", e.problem},
            {"fen", G::fen(e.position)},
            {"theirs", App::stored_json(e.theirs, done_.metric)},
            {"ours", value_json(e.ours, App::kMetric)},
            {"expected", e.expected.empty() ? nlohmann::json(nullptr) : nlohmann::json(e.expected)},
            {"child", child}};
    }

    const AuditArgs& args_;
    const Done& done_;
};

// The audit of args.path with our tables; exit 0 clean, 1 a problem found, 2 an error.
template <typename G>
int run_audit(const AuditArgs& args) {
    using App = AppGame<G>;
    return App::guard_audit(args, [&args] {
        const auto done = App::audit(args);
        if (!done) return fail(done.error());
        if (done->report.total.checked == 0)
            return fail(args.path + ": the tables hold no position to audit");
        const AuditOutput<G> out(args, *done);
        if (!args.junit.empty())
            if (const auto w = write_junit(args.junit, out.junit()); !w) return fail(w.error());
        if (!args.html.empty())
            if (const auto w = write_html(args.html, out.html()); !w) return fail(w.error());
        if (args.json)
            print_json(out.json());
        else
            out.print_text();
        return found_if(done->report.total.wrong());
    });
}

}  // namespace retrocheck::app
