// `retrocheck verify DIR [--json] [--max-examples K] [--threads T]`
#include <fmt/format.h>

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/jobs.h"
#include "apps/output.h"
#include "apps/progress.h"
#include "engine/checkers/notation.h"
#include "tablebases/store/directory.h"
#include "tablebases/verify/verifier.h"

namespace retrocheck::app {

using namespace tb;

int run_verify(const std::filesystem::path& dir, bool json, std::size_t max_examples) {
    const auto t0 = std::chrono::steady_clock::now();
    auto tables = store::load_directory(dir);
    if (!tables) return fail(tables.error());
    return verify_tables(*tables, dir, json, max_examples, t0);
}

int verify_tables(const TableSet& tables, const std::filesystem::path& dir, bool json,
                  std::size_t max_examples, std::chrono::steady_clock::time_point t0) {
    std::uint64_t total = 0;
    for (const auto& entry : tables.tables()) total += entry.second->values.size();
    std::atomic<std::uint64_t> done{0};
    VerifyReport report;
    {
        ProgressLine line([&] {
            const double s = seconds_since(t0);
            return fmt::format("verify {} of {} positions, {}, {}", grouped(done.load()),
                               grouped(total), rate_text(static_cast<double>(done.load()) / s),
                               eta_text(done.load(), total, s));
        });
        report = verify(tables, max_examples, &done);
    }
    const double seconds = seconds_since(t0);
    if (json) {
        nlohmann::json out = {{"directory", dir.string()},
                              {"slices", tables.tables().size()},
                              {"positions_checked", report.positions_checked},
                              {"violations", report.violations},
                              {"seconds", seconds},
                              {"examples", nlohmann::json::array()}};
        for (const Violation& v : report.examples)
            out["examples"].push_back({{"rule", v.rule},
                                       {"fen", checkers::format_fen(v.position)},
                                       {"stored", v.stored.to_string()},
                                       {"child_move", move_json(v.child_move)},
                                       {"child_value", outcome_json(v.child_value)}});
        fmt::print("{}\n", out.dump(2));
    } else {
        for (const Violation& v : report.examples) fmt::print("{}\n", describe(v));
        if (report.violations > report.examples.size())
            fmt::print("(the first {} of {} violations)\n", report.examples.size(),
                       grouped(report.violations));
        fmt::print("verified {} slices, {} positions in {:.1f} s ({})\n", tables.tables().size(),
                   grouped(report.positions_checked), seconds,
                   rate_text(static_cast<double>(report.positions_checked) / seconds));
        fmt::print("violations: {}\n", grouped(report.violations));
    }
    return report.violations == 0 ? 0 : 1;
}

Command add_verify(CLI::App& app) {
    struct Args {
        std::string dir;
        bool json = false;
        std::size_t max_examples = 20;
        int threads = 0;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        "verify",
        "Check every position of a table directory against the rules (exit 0: none broken)");
    cmd->add_option("dir", args->dir, "Directory of table files")->required();
    cmd->add_flag("--json", args->json, "Print one JSON object");
    cmd->add_option("--max-examples", args->max_examples, "Violations printed (all are counted)");
    add_threads_option(cmd, args->threads);
    return {cmd, [args] {
                const auto threads = limit_threads(args->threads);
                return run_verify(args->dir, args->json, args->max_examples);
            }};
}

}  // namespace retrocheck::app
