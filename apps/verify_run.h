// `verify` and the verify step of `check`, once for both games (AppGame<G>, apps/games.h): a
// verification of tables already loaded, with a progress line, and its report as text, JSON,
// JUnit and HTML.
#pragma once

#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <type_traits>

#include "apps/games.h"
#include "apps/html_report.h"
#include "apps/junit.h"
#include "apps/mpi_world.h"
#include "apps/output.h"
#include "apps/progress.h"
#include "apps/slice_farm.h"
#include "apps/stats_printer.h"
#include "apps/verify_output.h"
#include "tablebases/chess/dtz_verify.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/window.h"
#include "tablebases/verify/streaming.h"
#include "tablebases/verify/verifier.h"

namespace retrocheck::app {

template <typename G>
struct VerifyRun {
    tb::VerifyReport<G> report;
    double seconds = 0;
    int exit_code() const { return report.violations == 0 ? kExitOk : kExitFound; }
};

// A verification of `total` slots under a progress line: verify(&done) gives the report; t0:
// when loading started, for the timing.
template <typename G, typename Verify>
Result<VerifyRun<G>> verify_with_progress(std::uint64_t total, std::string_view what,
                                          std::chrono::steady_clock::time_point t0, Verify verify) {
    std::atomic<std::uint64_t> done{0};
    VerifyRun<G> run;
    {
        ProgressLine line(
            [&] { return counted_progress(what, done.load(), total, "slots", seconds_since(t0)); });
        Result<tb::VerifyReport<G>> report = verify(&done);
        if (!report) return Error{report.error()};
        run.report = std::move(report).value();
    }
    run.seconds = seconds_since(t0);
    return run;
}

template <typename Tables>
std::uint64_t slots_of(const Tables& tables) {
    std::uint64_t total = 0;
    for (const auto& entry : tables.tables()) total += entry.second->values.size();
    return total;
}

template <typename G>
VerifyRun<G> verify_tables(const typename G::Tables& tables, std::size_t max_examples,
                           std::chrono::steady_clock::time_point t0) {
    return verify_with_progress<G>(slots_of(tables), "verify", t0,
                                   [&](auto* done) -> Result<tb::VerifyReport<G>> {
                                       return tb::verify(tables, max_examples, done);
                                   })
        .value();
}

// The histograms of G's own tables when asked for (W is G), nothing for another metric's.
template <typename G, typename W>
void add_histograms(StatsPrinter<G>* histograms, const typename W::Slice& s,
                    const typename W::StoredTable& t) {
    if constexpr (std::is_same_v<W, G>)
        if (histograms) histograms->add(s, t);
}

// A directory's tables a slice at a time (tablebases/verify/streaming.h), their histograms
// gathered on the way when `histograms`. W: the tables' game, G's own or another metric's
// (chess::ChessDtzGame) held to its Rules (tb::OwnRules, chess::Dtz50Rules).
template <typename G, typename W = G, typename Rules = tb::OwnRules<G>>
Result<VerifyRun<G>> verify_directory(const std::filesystem::path& dir, std::size_t max_examples,
                                      StatsPrinter<G>* histograms,
                                      std::string_view what = "verify") {
    const auto t0 = std::chrono::steady_clock::now();
    auto opened = tb::store::TableWindow<W>::open(dir, tb::store::kWalkSpareBytes);
    if (!opened) return Error{opened.error()};
    tb::store::TableWindow<W> window = std::move(opened).value();
    return verify_with_progress<G>(window.slots(), what, t0, [&](auto* done) {
        return tb::verify_streaming<W, Rules>(
            window, max_examples, done,
            [&](const typename W::Slice& s, const typename W::StoredTable& t) {
                add_histograms<G, W>(histograms, s, t);
            });
    });
}

// verify_directory over the ranks of an MPI job (apps/slice_farm.h): each other rank verifies
// the slices rank 0 hands it, each through its own window on the shared directory, and sends
// back the counts; rank 0 walks again, itself, the slices with violations to draw their
// findings and consequences (a broken set only), so the report is the one-process one. The
// histograms, when asked for, are read by rank 0 a table at a time. Other ranks: an empty run.
template <typename G, typename W = G, typename Rules = tb::OwnRules<G>>
Result<VerifyRun<G>> verify_directory_farmed(const std::filesystem::path& dir,
                                             std::size_t max_examples, StatsPrinter<G>* histograms,
                                             double silence, std::string_view what = "verify") {
    const auto t0 = std::chrono::steady_clock::now();
    auto opened = tb::store::TableWindow<W>::open(dir, tb::store::kWalkSpareBytes);
    if (MpiWorld::get().rank() != 0) {
        if (!opened) {
            farm_work([&](int) -> Result<std::string> { return Error{opened.error()}; });
            return VerifyRun<G>{};
        }
        tb::store::TableWindow<W> window = std::move(opened).value();
        farm_work([&](int job) -> Result<std::string> {
            // Unclassified: rank 0 walks a slice with violations again, classifying them.
            const auto part = tb::verify_slice<W, Rules>(
                window, window.slices()[static_cast<std::size_t>(job)], 0, nullptr, false);
            if (!part) return Error{part.error()};
            return nlohmann::json{{"positions", part->positions_checked},
                                  {"violations", part->violations}}
                .dump();
        });
        return VerifyRun<G>{};
    }
    if (!opened) return Error{opened.error()};
    tb::store::TableWindow<W> window = std::move(opened).value();
    const auto& slices = window.slices();
    std::vector<typename tb::VerifyReport<G>::SliceCount> counts(slices.size());
    return verify_with_progress<G>(
        window.slots(), what, t0, [&](auto* done) -> Result<tb::VerifyReport<G>> {
            FarmSetup setup;
            setup.after.resize(slices.size());
            setup.silence = silence;
            setup.log = print_notice;
            setup.done = [&](int job, int, const std::string& body) {
                const auto j = nlohmann::json::parse(body, nullptr, false);
                auto& c = counts[static_cast<std::size_t>(job)];
                c.slice = slices[static_cast<std::size_t>(job)];
                if (j.is_discarded()) return;
                c.positions = j.value("positions", std::uint64_t{0});
                c.violations = j.value("violations", std::uint64_t{0});
                if (const auto* t = window.file(c.slice)) done->fetch_add(t->size());
            };
            if (const auto farmed = farm_out(setup); !farmed) return Error{farmed.error()};
            tb::VerifyReport<G> report;
            for (const auto& c : counts) {
                tb::VerifyReport<G> part;
                if (c.violations > 0) {
                    auto walked = tb::verify_slice<W, Rules>(window, c.slice, max_examples);
                    if (!walked) return Error{walked.error()};
                    part = std::move(walked).value();
                } else {
                    part.slices.push_back(c);
                    part.positions_checked = c.positions;
                }
                if (std::is_same_v<W, G> && histograms) {
                    if (auto e = window.focus({c.slice})) return *e;
                    add_histograms<G, W>(histograms, c.slice, *window.tables().find(c.slice));
                }
                tb::join_part(report, std::move(part), max_examples);
            }
            tb::finish_report(report, max_examples);
            return report;
        });
}

template <typename G>
void print_verify(const VerifyRun<G>& run) {
    print_verify_report(run.report, run.report.slices.size(), AppGame<G>::kUnit, AppGame<G>::kUnits,
                        run.seconds, [](const tb::Violation<G>& v) { return tb::describe(v); });
}

template <typename G>
nlohmann::json verify_json(const VerifyRun<G>& run, const std::filesystem::path& dir,
                           Metric metric = AppGame<G>::kMetric) {
    using Game = AppGame<G>;
    nlohmann::json out = verify_report_json(
        run.report, dir, run.report.slices.size(), run.seconds, [&](const tb::Violation<G>& v) {
            return violation_json(
                v, metric, [](const typename G::Position& p) { return G::fen(p); },
                Game::move_text);
        });
    out["game"] = Game::kName;
    out["metric"] = to_string(metric);
    return out;
}

// One test case a table; a failing one shows the findings and consequences shown in it.
template <typename G>
JunitSuite verify_junit(const VerifyRun<G>& run, const std::filesystem::path& dir) {
    using Game = AppGame<G>;
    std::vector<VerifyUnit> units;
    for (const auto& s : run.report.slices)
        units.push_back({"verify." + Game::unit_id(s.slice), Game::unit_name(s.slice), s.positions,
                         s.findings, s.violations});
    return verify_junit(
        run.report, units, run.seconds, dir,
        [](const tb::Violation<G>& v) {
            return "verify." + Game::unit_id(G::slice_of(v.position));
        },
        [](const tb::Violation<G>& v) { return tb::describe(v); });
}

// The findings and the first consequences drawn with the child that shows them, and the
// distances of every table.
template <typename G>
HtmlReport verify_html(const VerifyRun<G>& run, const StatsPrinter<G>* histograms,
                       const std::filesystem::path& dir) {
    using Game = AppGame<G>;
    const tb::VerifyReport<G>& r = run.report;
    HtmlReport page{"retrocheck verify " + dir.string(), r.violations == 0, {}, {}, {}};
    page.summary = {{Game::kUnits, grouped(r.slices.size())},
                    {"positions checked", grouped(r.positions_checked)},
                    {"findings (values that break their own rule)", grouped(r.findings)},
                    {"violations", grouped(r.violations)},
                    {"time", seconds_text(run.seconds)}};
    for (const auto* list : {&r.examples, &r.consequences})
        for (const tb::Violation<G>& v : *list)
            page.boards.push_back(Game::board((v.finding ? "finding: " : "consequence: ") + v.rule,
                                              v.position, v.child_move, tb::describe(v)));
    if (histograms) page.histograms = histograms->html().histograms;
    return page;
}

// The JUnit and HTML reports of a run, and of the directory's DTZ50 tables' run when there is
// one (its cases and boards added, marked "DTZ50"), with the histograms of the tables (none for
// DTZ50 tables alone). The exit code of both.
template <typename G>
int emit_verify(const VerifyRun<G>& run, const StatsPrinter<G>* histograms,
                const std::filesystem::path& dir, const std::string& junit, const std::string& html,
                const VerifyRun<G>* dtz = nullptr) {
    if (!junit.empty()) {
        JunitSuite suite = verify_junit(run, dir);
        if (dtz)
            for (JunitCase c : verify_junit(*dtz, dir).cases) {
                c.name += " (DTZ50)";
                suite.cases.push_back(std::move(c));
            }
        if (const auto w = write_junit(junit, suite); !w) return fail(w.error());
    }
    if (!html.empty()) {
        HtmlReport page = verify_html(run, histograms, dir);
        if (dtz) {
            const HtmlReport more =
                verify_html(*dtz, static_cast<const StatsPrinter<G>*>(nullptr), dir);
            page.passed = page.passed && more.passed;
            page.summary.push_back(
                {"DTZ50 tables",
                 fmt::format("{} positions, {} violations", grouped(dtz->report.positions_checked),
                             grouped(dtz->report.violations))});
            for (HtmlBoard b : more.boards) {
                b.title = "DTZ50 " + b.title;
                page.boards.push_back(std::move(b));
            }
        }
        if (const auto w = write_html(html, page); !w) return fail(w.error());
    }
    const int code = run.exit_code();
    return code == kExitOk && dtz ? dtz->exit_code() : code;
}

// `verify DIR` on the game G's tables: the exit code. A chess directory's DTZ50 tables
// (*.dtz.rctb) are verified too, after its DTM tables, each by its own rules
// (tablebases/chess/dtz_verify.h); the text shows both reports, JSON the DTM one with the DTZ
// one inside ("dtz"), or the DTZ one alone (metric "dtz"); JUnit and HTML hold both.
template <typename G>
int run_verify(const std::filesystem::path& dir, bool json, std::size_t max_examples,
               const std::string& junit, const std::string& html, double silence) {
    std::optional<VerifyRun<G>> dtz;
    const bool farmed = MpiWorld::get().distributed();
    if constexpr (std::is_same_v<G, tb::chess::ChessGame>) {
        const auto held = tb::store::chess_metrics_in(dir);
        if (held.dtz) {
            // Streamed a material at a time as the DTM tables are, and farmed out the same way.
            using Dtz = tb::chess::ChessDtzGame;
            using Rules = tb::chess::Dtz50Rules;
            auto verified = farmed ? verify_directory_farmed<G, Dtz, Rules>(
                                         dir, max_examples, nullptr, silence, "verify DTZ50")
                                   : verify_directory<G, Dtz, Rules>(dir, max_examples, nullptr,
                                                                     "verify DTZ50");
            if (farmed && MpiWorld::get().rank() != 0) {
                if (held.dtm) (void)verify_directory_farmed<G>(dir, max_examples, nullptr, silence);
                return kExitOk;
            }
            if (!verified) return fail(verified.error());
            VerifyRun<G> run = std::move(verified).value();
            if (!held.dtm) {
                if (json) {
                    print_json(verify_json(run, dir, Metric::Dtz));
                } else {
                    fmt::print("DTZ50 tables:\n");
                    print_verify(run);
                }
                return emit_verify<G>(run, nullptr, dir, junit, html);
            }
            dtz = std::move(run);
        }
    }
    if (farmed && MpiWorld::get().rank() != 0) {
        (void)verify_directory_farmed<G>(dir, max_examples, nullptr, silence);
        return kExitOk;
    }
    std::optional<StatsPrinter<G>> histograms;
    if (!html.empty()) histograms.emplace(dir.string(), StatsPrinter<G>::Mode::Histograms);
    StatsPrinter<G>* drawn = histograms ? &*histograms : nullptr;
    const auto verified = farmed ? verify_directory_farmed<G>(dir, max_examples, drawn, silence)
                                 : verify_directory<G>(dir, max_examples, drawn);
    if (!verified) return fail(verified.error());
    const VerifyRun<G>& run = *verified;
    if (json) {
        nlohmann::json out = verify_json(run, dir);
        if (dtz) out["dtz"] = verify_json(*dtz, dir, Metric::Dtz);
        print_json(out);
    } else {
        print_verify(run);
        if (dtz) {
            fmt::print("\nDTZ50 tables:\n");
            print_verify(*dtz);
        }
    }
    return emit_verify<G>(run, histograms ? &*histograms : nullptr, dir, junit, html,
                          dtz ? &*dtz : nullptr);
}

}  // namespace retrocheck::app
