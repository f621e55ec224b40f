// How `verify` reports, for either game: a violation as JSON, the report as text and as JSON.
// The game comes in as the metric and two functions: a position's FEN and a move's text.
#pragma once

#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string_view>

#include "apps/junit.h"
#include "apps/output.h"

namespace retrocheck::app {

// Violation: tb::Violation or tb::chess::ChessViolation. fen(position); move_text(position, move).
template <class Violation, class Fen, class MoveText>
nlohmann::json violation_json(const Violation& v, Metric metric, Fen fen, MoveText move_text) {
    const auto valued = [&](const auto& pos, const Outcome& o) -> nlohmann::json {
        return {{"fen", fen(pos)}, {"value", value_json(o, metric)}};
    };
    nlohmann::json child = nullptr, mirror = nullptr, cause = nullptr;
    if (v.child_move && v.child_value) {
        child = valued(v.position.after(*v.child_move), *v.child_value);
        child["move"] = move_text(v.position, *v.child_move);
    }
    if (v.mirror) mirror = valued(v.position.flipped(), *v.mirror);
    if (v.cause && !v.finding) cause = {{"fen", fen(*v.cause)}, {"relation", v.relation}};
    return {{"rule", v.rule},
            {"fen", fen(v.position)},
            {"stored", value_json(v.stored, metric)},
            {"expected", value_json(v.expected, metric)},
            {"child", child},
            {"mirror", mirror},
            {"cause", cause}};
}

// Report: tb::VerifyReport or tb::chess::ChessVerifyReport; `tables` of them, named `unit`.
template <class Report, class ToJson>
nlohmann::json verify_report_json(const Report& r, const std::filesystem::path& dir,
                                  std::size_t tables, double seconds, ToJson to_json) {
    nlohmann::json out = {{"directory", dir.string()},
                          {"slices", tables},
                          {"positions_checked", r.positions_checked},
                          {"findings", r.findings},
                          {"violations", r.violations},
                          {"seconds", json_seconds(seconds)},
                          {"examples", nlohmann::json::array()},
                          {"consequences", nlohmann::json::array()}};
    for (const auto& v : r.examples) out["examples"].push_back(to_json(v));
    for (const auto& v : r.consequences) out["consequences"].push_back(to_json(v));
    return out;
}

// The findings (each described), the first consequences, and the totals.
template <class Report, class Describe>
void print_verify_report(const Report& r, std::size_t tables, std::string_view unit,
                         std::string_view units, double seconds, Describe describe) {
    for (const auto& v : r.examples) fmt::print("{}\n", describe(v));
    if (r.findings > r.examples.size())
        fmt::print("(the first {} of {} findings)\n", r.examples.size(), grouped(r.findings));
    if (!r.consequences.empty()) {
        fmt::print("{} violations follow from the findings above; the first:\n",
                   grouped(r.violations - r.findings));
        for (const auto& v : r.consequences) fmt::print("  {}", describe(v));
    }
    fmt::print("verified {}, {} positions in {} ({})\n", counted(tables, unit, units),
               grouped(r.positions_checked), seconds_text(seconds),
               rate_text(per_second(r.positions_checked, seconds), "positions"));
    fmt::print("findings: {} (values that break their own rule), violations: {}\n",
               grouped(r.findings), grouped(r.violations));
}

// One table of a verify run as a JUnit test case: a slice (checkers) or a material (chess).
struct VerifyUnit {
    std::string classname;  // "verify.bm0bk1wm0wk2", "verify.KQvK": what unit_of() names
    std::string name;       // "1K v 2K", "KQvK"
    std::uint64_t positions = 0, findings = 0, violations = 0;
};

// One test case a unit; a failing one shows the findings and consequences of its positions
// (unit_of(violation) names the unit's classname), each described.
template <class Report, class UnitOf, class Describe>
JunitSuite verify_junit(const Report& r, const std::vector<VerifyUnit>& units, double seconds,
                        const std::filesystem::path& dir, UnitOf unit_of, Describe describe) {
    JunitSuite suite{"retrocheck verify " + dir.string(), seconds, {}};
    const double per_position =
        r.positions_checked ? seconds / static_cast<double>(r.positions_checked) : 0;
    for (const VerifyUnit& u : units) {
        JunitCase c;
        c.classname = u.classname;
        c.name = u.name;
        c.seconds = per_position * static_cast<double>(u.positions);
        c.system_out = grouped(u.positions) + " positions checked";
        if (u.violations > 0) {
            c.failure_message = fmt::format("{} findings, {} violations in all",
                                            grouped(u.findings), grouped(u.violations));
            for (const auto* list : {&r.examples, &r.consequences})
                for (const auto& v : *list)
                    if (unit_of(v) == u.classname) c.show(v.rule, describe(v));
        }
        suite.cases.push_back(std::move(c));
    }
    return suite;
}

}  // namespace retrocheck::app
