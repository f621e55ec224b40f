#include "apps/probe_report.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <vector>

#include "apps/games.h"
#include "apps/output.h"
#include "apps/plugin_args.h"
#include "engine/checkers/diagram.h"
#include "engine/checkers/notation.h"
#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/chess/notation.h"

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

const char* wdl5_name(std::int32_t wdl) {
    return wdl >= RC_WDL5_LOSS && wdl <= RC_WDL5_WIN
               ? tb::chess::to_string(static_cast<tb::chess::Wdl5>(wdl))
               : nullptr;
}

std::string plies_text(std::int32_t n) {
    return fmt::format("{} {}", grouped(static_cast<std::uint64_t>(n)), n == 1 ? "ply" : "plies");
}

Metric metric_of(const Outcome& o, Metric with_distance) {
    return o.has_distance() ? with_distance : Metric::Wld;
}

const char* captures_name(std::uint32_t c) {
    return c == RC_CAPTURES_RESOLVED     ? "resolved"
           : c == RC_CAPTURES_NOT_STORED ? "not-stored"
                                         : "unknown";
}

// What each game shows of its answers, values, moves and declaration.
template <class G>
struct Shown;

template <>
struct Shown<CheckersProbe> {
    using App = AppGame<tb::CheckersGame>;
    static constexpr const char* kGame = "checkers";

    // The plugin's answer as it was: "win in 1,000,000 plies", "loss", "draw", or its status
    // ("not stored", "ok with wld 5").
    static std::string answer(const rc_probe_result& r, CheckersProbe::Declaration) {
        if (r.status != RC_PROBE_OK) return status_text(r.status);
        const char* result = result_name(r.wld);
        if (!result) return fmt::format("ok with wld {}", r.wld);
        std::string s = result;
        if (r.distance >= 0)
            s += " in " + plies_text(r.distance);
        else if (r.distance < -1)
            s += fmt::format(" with distance {}", r.distance);
        return s;
    }
    static nlohmann::json answer_json(const rc_probe_result& r) {
        return {{"status", r.status}, {"wld", r.wld}, {"distance", r.distance}};
    }
    // The plugin's value in the one value shape, its distance as it was (at full width), or
    // null when it gave no value or one that is not a value.
    static nlohmann::json plugin_value_json(const rc_probe_result& r,
                                            CheckersProbe::Declaration d) {
        if (r.status != RC_PROBE_OK || r.distance < -1) return nullptr;
        const char* result = result_name(r.wld);
        if (!result) return nullptr;
        // plugin_answer holds what the shape cannot: a distance under RC_METRIC_WLD, say.
        const bool plies = r.wld != RC_DRAW && r.distance >= 0 && d.metric != RC_METRIC_WLD;
        return {{"result", result},
                {"plies", plies ? nlohmann::json(r.distance) : nlohmann::json(nullptr)},
                {"metric", plies ? metric_name(d.metric) : std::string("wld")}};
    }
    static nlohmann::json value_json(const Outcome& o, Metric metric) {
        return app::value_json(o, metric_of(o, metric));
    }
    static std::string value(const Outcome& o) { return o.to_string(); }
    // "dtw, every position valued (a resolver)"
    static std::string declaration(CheckersProbe::Declaration d) {
        return fmt::format("{}, {}", metric_name(d.metric),
                           d.captures == RC_CAPTURES_NOT_STORED
                               ? "capture positions not stored"
                               : "every position valued, capture positions included");
    }
    static nlohmann::json declaration_json(CheckersProbe::Declaration d) {
        return {{"metric", metric_name(d.metric)}, {"captures", captures_name(d.captures)}};
    }
    static std::string distances_unchecked() {
        return "distances not checked: the tables given hold win, draw or loss only";
    }
};

template <>
struct Shown<ChessProbe> {
    using App = AppGame<tb::chess::ChessGame>;
    static constexpr const char* kGame = "chess";

    // "cursed win, dtz 105, dtm 41", the fields it declares, or its status.
    static std::string answer(const rc_chess_probe_result& r, ChessProbe::Declaration d) {
        if (r.status != RC_PROBE_OK) return status_text(r.status);
        const char* wdl = wdl5_name(r.wdl);
        std::string s = wdl ? wdl : fmt::format("ok with wdl {}", r.wdl);
        if (d.values & RC_CHESS_DTZ) s += fmt::format(", dtz {}", r.dtz);
        if (d.values & RC_CHESS_DTM) s += fmt::format(", dtm {}", r.dtm);
        return s;
    }
    static nlohmann::json answer_json(const rc_chess_probe_result& r) {
        return {{"status", r.status}, {"wdl", r.wdl}, {"dtz", r.dtz}, {"dtm", r.dtm}};
    }
    static nlohmann::json plugin_value_json(const rc_chess_probe_result& r,
                                            ChessProbe::Declaration d) {
        const char* wdl = wdl5_name(r.wdl);
        if (r.status != RC_PROBE_OK || !wdl) return nullptr;
        const auto field = [&d](std::uint32_t bit, std::int32_t v) {
            return (d.values & bit) ? nlohmann::json(v) : nlohmann::json(nullptr);
        };
        return {
            {"wdl", wdl}, {"dtz", field(RC_CHESS_DTZ, r.dtz)}, {"dtm", field(RC_CHESS_DTM, r.dtm)}};
    }
    static nlohmann::json value_json(const ChessTruth& t, Metric) {
        const auto opt = [](const std::optional<int>& v) {
            return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
        };
        return {{"wdl", tb::chess::to_string(t.wdl)},
                {"dtz", opt(t.dtz)},
                {"dtm", opt(t.dtm)},
                {"clock", t.clock}};
    }
    static std::string value(const ChessTruth& t) { return t.to_string(); }
    // The names of the values it declares: "wdl50", "dtz", "dtm".
    static std::vector<const char*> declared(ChessProbe::Declaration d) {
        std::vector<const char*> out;
        for (const auto& [bit, name] :
             {std::pair{RC_CHESS_WDL50, "wdl50"}, std::pair{RC_CHESS_DTZ, "dtz"},
              std::pair{RC_CHESS_DTM, "dtm"}})
            if (d.values & bit) out.push_back(name);
        return out;
    }
    // "wdl50, dtz"
    static std::string declaration(ChessProbe::Declaration d) {
        const auto names = declared(d);
        return names.empty() ? "win, draw or loss only" : fmt::format("{}", fmt::join(names, ", "));
    }
    static nlohmann::json declaration_json(ChessProbe::Declaration d) {
        return {{"values", declared(d)}};
    }
    static std::string distances_unchecked() { return "distances not checked: it declares none"; }
};

template <class G>
std::string answer_text(const ProbeExampleOf<G>& e, typename G::Declaration d) {
    return e.plugin ? Shown<G>::answer(*e.plugin, d) : e.message;
}

std::string share_text(double share) { return fmt::format("{:.1f}%", 100 * share); }

// "valued 9,500 of the 10,000 positions asked that the tables hold (95.0%, at least 95.0% asked)"
template <class G>
std::string valued_text(const ProbeReportOf<G>& r) {
    return fmt::format(
        "valued {} of the {} positions asked that the tables hold ({}, at least {} asked)",
        grouped(r.valued), grouped(r.held), share_text(r.valued_share()), share_text(r.min_valued));
}

template <class G>
nlohmann::json example_json(const ProbeExampleOf<G>& e, Metric metric,
                            typename G::Declaration declared) {
    using S = Shown<G>;
    nlohmann::json plugin_value = nullptr, ours = nullptr, answer = nullptr;
    if (e.plugin) {
        plugin_value = S::plugin_value_json(*e.plugin, declared);
        answer = S::answer_json(*e.plugin);
    }
    if (e.ours) ours = S::value_json(*e.ours, metric);
    nlohmann::json child = nullptr;
    if (e.child && e.child_value)
        child = {{"move", S::App::move_text(e.position, *e.child)},
                 {"fen", G::fen(e.position.after(*e.child))},
                 {"value", S::value_json(*e.child_value, metric)}};
    return {{"problem", to_string(e.problem)},
            {"kind", e.kind},
            {"fen", G::fen(e.position)},
            {"pieces", G::pieces(e.position)},
            {"found_fen", G::fen(e.found)},
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

// The example as the text report and the JUnit report show it: the problem, the position, the
// plugin's answer and ours, and the move that shows ours.
template <class G>
std::string example_text(const ProbeExampleOf<G>& e, typename G::Declaration d) {
    using S = Shown<G>;
    std::string where = fmt::format("{}, found after {}", e.kind, seconds_text(e.found_after));
    if (!(e.found == e.position))
        where += fmt::format(", shrunk from {} ({} pieces)", G::fen(e.found), G::pieces(e.found));
    if (!e.shrink_stopped.empty()) where += ", not shrunk further: " + e.shrink_stopped;
    std::string s =
        fmt::format("{} ({})\n{}", to_string(e.problem), where, S::App::describe(e.position));
    s += fmt::format("  plugin   {}\n", answer_text(e, d));
    if (e.plugin && !e.message.empty()) s += fmt::format("           {}\n", e.message);
    s += fmt::format("  ours     {}\n",
                     e.ours ? S::value(*e.ours) : "unknown: no table given holds it");
    if (e.child && e.child_value)
        s += fmt::format("  shown by {}: then {} to move, {} ({})\n",
                         S::App::move_text(e.position, *e.child),
                         S::App::side_title(~e.position.side_to_move()), S::value(*e.child_value),
                         G::fen(e.position.after(*e.child)));
    return s;
}

std::string statuses_text(const StatusCounts& c) {
    return fmt::format("ok {}, not stored {}, missing {}, error {}, invalid {}, failed calls {}",
                       grouped(c.ok), grouped(c.not_stored), grouped(c.missing), grouped(c.error),
                       grouped(c.invalid), grouped(c.failed));
}

}  // namespace

template <class G>
nlohmann::json probe_report_json(const ProbeReportOf<G>& r, const std::string& db, Metric metric) {
    nlohmann::json kinds = nlohmann::json::object();
    for (const auto& k : r.kinds) kinds[k.label] = k.asked;
    const StatusCounts& c = r.statuses;
    nlohmann::json out = {{"game", Shown<G>::kGame},
                          {"plugin", r.plugin},
                          {"library", r.library},
                          {"db", db},
                          {"declared", Shown<G>::declaration_json(r.declared)},
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
                          {"allowed", r.allowed},
                          {"valued_share", r.valued_share()},
                          {"min_valued", r.min_valued},
                          {"too_few_valued", r.too_few_valued()},
                          {"passed", r.passed()},
                          {"kinds", kinds},
                          {"stopped", r.stopped},
                          {"seconds", json_seconds(r.seconds)},
                          {"examples", nlohmann::json::array()}};
    for (const auto& e : r.examples)
        out["examples"].push_back(example_json<G>(e, metric, r.declared));
    return out;
}

template <class G>
JunitSuite probe_junit(const ProbeReportOf<G>& r, const std::string& against) {
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
                if (e.kind == k.label) c.show(to_string(e.problem), example_text<G>(e, r.declared));
        }
        suite.cases.push_back(std::move(c));
    }
    // The declaration held to: a case of its own, failing when too few positions were valued.
    JunitCase valued;
    valued.classname = "check-probe." + r.plugin;
    valued.name = "values what it declares (" + Shown<G>::declaration(r.declared) + ")";
    valued.system_out = valued_text(r);
    if (r.too_few_valued()) valued.failure_message = valued_text(r);
    suite.cases.push_back(std::move(valued));
    return suite;
}

// Every example drawn with the move that shows our value.
template <class G>
HtmlReport probe_html(const ProbeReportOf<G>& r, const std::string& against) {
    HtmlReport page{
        "retrocheck check-probe " + r.plugin + " against " + against, r.passed(), {}, {}, {}};
    page.summary = {
        {"plugin", r.plugin + " (" + r.library + ")"},
        {"declares", Shown<G>::declaration(r.declared)},
        {"positions asked", grouped(r.checked) + ", up to " + std::to_string(r.pieces) + " pieces"},
        {"answers", statuses_text(r.statuses)},
        {"valued", valued_text(r)},
        {"allowed differences", grouped(r.allowed)},
        {"wrong values", grouped(r.wrong_values)},
        {"wrong statuses", grouped(r.wrong_statuses)},
        {"contradictions", grouped(r.contradictions)},
        {"non-terminating", grouped(r.non_terminating)},
        {"crashes", grouped(r.crashes)},
        {"protocol", grouped(r.protocol)},
        {"time", seconds_text(r.seconds)}};
    for (const auto& e : r.examples)
        page.boards.push_back(
            Shown<G>::App::board(std::string(to_string(e.problem)) + " (" + e.kind + ")",
                                 e.position, e.child, example_text<G>(e, r.declared)));
    return page;
}

template <class G>
void print_probe_report(const ProbeReportOf<G>& r) {
    print_examples(r, [&r](const auto& e) { return example_text<G>(e, r.declared); });
    std::string kinds;
    for (const auto& k : r.kinds)
        kinds += (kinds.empty() ? "" : ", ") + fmt::format("{} {}", k.label, grouped(k.asked));
    fmt::print("declares {}\n", Shown<G>::declaration(r.declared));
    fmt::print("checked {} positions of up to {} in {} ({})\n", grouped(r.checked),
               r.pieces == 1 ? std::string("1 piece") : std::to_string(r.pieces) + " pieces",
               seconds_text(r.seconds), kinds);
    fmt::print("answers: {}\n", statuses_text(r.statuses));
    fmt::print("{}{}\n", valued_text(r),
               r.excused ? fmt::format("; {} capture positions not stored, as declared",
                                       grouped(r.excused))
                         : "");
    if (r.allowed)
        fmt::print(
            "{} answers differ from ours only as Syzygy's documented DTZ imprecision "
            "allows (one ply under)\n",
            grouped(r.allowed));
    if (!r.distances_checked) fmt::print("{}\n", Shown<G>::distances_unchecked());
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

#define RETROCHECK_PROBE_REPORT(G)                                                            \
    template nlohmann::json probe_report_json<G>(const ProbeReportOf<G>&, const std::string&, \
                                                 Metric);                                     \
    template void print_probe_report<G>(const ProbeReportOf<G>&);                             \
    template JunitSuite probe_junit<G>(const ProbeReportOf<G>&, const std::string&);          \
    template HtmlReport probe_html<G>(const ProbeReportOf<G>&, const std::string&);
RETROCHECK_PROBE_REPORT(CheckersProbe)
RETROCHECK_PROBE_REPORT(ChessProbe)
#undef RETROCHECK_PROBE_REPORT

}  // namespace retrocheck::app
