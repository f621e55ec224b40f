// `retrocheck build checkers --pieces N --out DIR [--method outcount|grandfather] [--threads T]`
// `retrocheck build chess --material KQRvKR --out DIR [--metric dtm|dtz|both] ...`
// `retrocheck build GAME (--pieces N | --material M) --plan [--rate R] [--json]`: the plan only.
#include <fmt/format.h>
#include <signal.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <map>
#include <memory>

#include "apps/build_plan.h"
#include "apps/build_run.h"
#include "apps/commands.h"
#include "apps/games.h"
#include "apps/jobs.h"
#include "apps/mpi_world.h"
#include "apps/output.h"
#include "apps/plan_run.h"
#include "apps/progress.h"
#include "apps/slice_farm.h"
#include "tablebases/checkers/build.h"
#include "tablebases/checkers/index.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/format.h"
#include "tablebases/store/writer.h"

namespace retrocheck::app {

using namespace tb;

using Clock = std::chrono::steady_clock;

Result<int> clear_stale_tables(const std::filesystem::path& dir,
                               const std::vector<std::string>& names, bool overwrite, bool dtz) {
    if (dir.empty()) return Error{"--out: the directory name is empty"};
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir))
        return Error{dir.string() + ": cannot create the directory: " +
                     (ec ? ec.message() : "a file of that name is in the way")};
    std::vector<std::filesystem::path> stale;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        const std::filesystem::path& p = entry.path();
        // A build killed while it wrote leaves NAME.rctb.tmp-PID: removed once PID is gone (a
        // build still running into the same directory keeps its own).
        const std::string file = p.filename().string();
        const std::string tmp = std::string(store::kExtension) + ".tmp-";
        if (const auto at = file.rfind(tmp); at != std::string::npos) {
            const std::string pid = file.substr(at + tmp.size());
            if (!pid.empty() && pid.find_first_not_of("0123456789") == std::string::npos &&
                pid.size() < 10 && ::kill(std::stoi(pid), 0) != 0 && errno == ESRCH)
                std::filesystem::remove(p, ec);
            continue;
        }
        if (p.extension() != store::kExtension ||
            p.stem().string().ends_with(store::kDtzSuffix) != dtz)
            continue;
        if (std::find(names.begin(), names.end(), p.stem().string()) == names.end())
            stale.push_back(p);
    }
    std::sort(stale.begin(), stale.end());
    if (!stale.empty() && !overwrite) {
        std::string list;
        for (std::size_t i = 0; i < stale.size() && i < 8; ++i)
            list += (i ? ", " : "") + stale[i].filename().string();
        if (stale.size() > 8) list += fmt::format(" and {} more", stale.size() - 8);
        return Error{fmt::format(
            "{} holds {} table file{} this build would not rewrite ({}); a later verify would "
            "read them: give --overwrite to remove them first, or another --out",
            dir.string(), stale.size(), stale.size() == 1 ? "" : "s", list)};
    }
    for (const auto& p : stale) {
        std::filesystem::remove(p, ec);
        if (ec) return Error{p.string() + ": cannot remove: " + ec.message()};
    }
    return static_cast<int>(stale.size());
}

BuildRequest BuildArgs::request() const {
    BuildRequest r;
    r.out = out;
    r.method = method == "grandfather" ? BuildMethod::Grandfather : BuildMethod::OutCounting;
    r.overwrite = overwrite;
    r.memory = memory;
    return r;
}

void add_build_options(CLI::App* cmd, BuildArgs& args, bool required) {
    // No default shown where the game decides it (or build requires the option).
    cmd->add_option("--pieces", args.pieces,
                    required ? "Every slice (chess: material) with up to this many pieces"
                             : "Every slice (chess: material) with up to this many pieces "
                               "(default: 5 for checkers, 4 for chess)")
        ->check(CLI::Range(1, store::kMaxPieces))
        ->default_str("");
    auto* out = cmd->add_option("--out", args.out,
                                required ? "Directory for the table files"
                                         : "Directory for the table files (default: tables; "
                                           "chess-tables for chess)")
                    ->default_str("");
    if (required) out->description("Directory for the table files (required unless --plan)");
    cmd->add_option("--method", args.method, "Retrograde method")
        ->check(CLI::IsMember({"outcount", "grandfather"}))
        ->capture_default_str();
    cmd->add_flag("--overwrite", args.overwrite,
                  "Build every table afresh, and remove the directory's table files this build "
                  "would not write (without it a build keeps the finished, valid files of an "
                  "earlier run and builds the rest)");
    add_memory_option(cmd, args.memory,
                      "what the build stays within (default: the most one table's build needs "
                      "with its largest successor, and 2 GiB); a table whose successors do not "
                      "fit beside it reads them a group at a time");
    add_threads_option(cmd, args.threads);
}

namespace {

// Whether chess's --metric asks for DTZ50 tables (dtz, or both after the DTM ones).
bool builds_dtz(const std::string& metric) { return metric == "dtz" || metric == "both"; }

}  // namespace

Command add_build(CLI::App& app) {
    struct Args {
        std::string game, materials;
        BuildArgs build;
        bool quiet = false, json = false, plan = false;
        double rate = 0, silence = kDefaultSilence;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand("build",
                                   "Build tablebases (checkers: WLD and DTW; chess: WDL and DTM, "
                                   "or DTZ50) into a directory");
    cmd->add_option("game", args->game, "The game: checkers or chess")
        ->required()
        ->check(CLI::IsMember({"checkers", "chess"}));
    add_build_options(cmd, args->build, true);
    cmd->add_option("--material", args->materials,
                    "Chess: these materials (KQRvKR,KPvK) and every material they lead to");
    cmd->add_option("--metric", args->build.metric,
                    "Chess: dtm (WDL and DTM, KQvK.rctb; the default), dtz (WDL and DTZ under "
                    "the 50-move rule, Syzygy's metric, KQvK.dtz.rctb) or both")
        ->check(CLI::IsMember({"dtm", "dtz", "both"}));
    cmd->add_flag("--plan", args->plan,
                  "Build nothing: print per table its size, the memory and time its build needs, "
                  "the totals and the critical path of the table graph");
    cmd->add_option("--rate", args->rate,
                    "With --plan: slots a second to estimate times with, each metric's with "
                    "--metric both (default: measured here on a small build)")
        ->check(CLI::Range(1.0, 1e12))
        ->default_str("");
    add_silence_option(cmd, args->silence);
    cmd->add_flag("--quiet", args->quiet, "Print only the summary");
    cmd->add_flag("--json", args->json, "Print one JSON object: the summary");
    return {cmd, [args, cmd] {
                return with_game(args->game, [&]<typename G>() {
                    using Game = AppGame<G>;
                    const auto roots = Game::roots(args->materials, args->build.pieces,
                                                   cmd->count("--pieces") > 0, true);
                    if (!roots) return fail(roots.error());
                    const auto threads = limit_threads(args->build.threads);
                    MpiWorld& world = MpiWorld::get();
                    if (args->plan) {
                        if (world.rank() != 0) return kExitOk;
                        const std::string& metric = args->build.metric;
                        const bool both = metric == "both";
                        // --rate is each metric's: both build a slot twice.
                        MeasuredRate rate{args->rate / (both ? 2 : 1), 0, 0};
                        std::string source = both ? "given with --rate, for each metric's tables"
                                                  : "given with --rate";
                        if (args->rate <= 0) {
                            const auto calibration = Game::calibration();
                            const auto method = args->build.request().method;
                            const auto measured = [&](const MeasuredRate& r, const char* label) {
                                return fmt::format("{}{} in {}", label,
                                                   counted(r.slots, Game::kSlot, Game::kSlots),
                                                   seconds_text(r.seconds));
                            };
                            source = fmt::format("measured here: {} and what it leads to, ",
                                                 Game::unit_name(calibration));
                            if (metric != "dtz") {
                                rate = measure_build_rate<G>(calibration, method);
                                source += measured(rate, both ? "DTM " : "");
                            }
                            if constexpr (std::is_same_v<G, tb::chess::ChessGame>)
                                if (builds_dtz(metric)) {
                                    const auto dtz = measure_build_rate<G, tb::chess::ChessDtzGame>(
                                        calibration, method);
                                    source += measured(dtz, both ? ", DTZ50 " : "DTZ50 ");
                                    rate = both ? one_after_the_other(rate, dtz) : dtz;
                                }
                        }
                        const std::string what =
                            args->materials.empty()
                                ? fmt::format("up to {} pieces", args->build.pieces)
                                : args->materials + " and what it leads to";
                        const std::uint64_t budget = args->build.memory;  // 0: the default
                        if constexpr (std::is_same_v<G, tb::chess::ChessGame>)
                            if (builds_dtz(metric))
                                return run_plan<G, tb::chess::ChessDtzGame>(
                                    *roots, what, rate, source, args->json, budget);
                        return run_plan<G>(*roots, what, rate, source, args->json, budget);
                    }
                    if (cmd->count("--out") == 0) return fail("--out DIR is required (or --plan)");
                    BuildRequest request = args->build.request();
                    if (!args->quiet && !args->json) request.log = print_line;
                    const std::string& metric = args->build.metric;
                    // One process, or the ranks of an MPI job (apps/slice_farm.h).
                    const auto build = [&]<typename Built>() {
                        return world.distributed()
                                   ? build_tables_farmed<G, Built>(*roots, request, args->silence)
                                   : build_tables<G, Built>(*roots, request);
                    };
                    Result<BuildSummary> summary = BuildSummary{};
                    if constexpr (std::is_same_v<G, tb::chess::ChessGame>) {
                        // Both: the DTM tables, then the DTZ ones, the summary their sum; a
                        // budget the DTZ50 build does not fit in refused before either starts.
                        if (metric == "both") {
                            using Dtz = tb::chess::ChessDtzGame;
                            const auto planned = planned_tables<G, Dtz>(tb::closure<Dtz>(*roots));
                            if (const auto fits =
                                    check_build_fits(planned, build_budget(planned, request));
                                !fits)
                                return fail(fits.error());
                        }
                        if (metric != "dtz") summary = build.template operator()<G>();
                        if (summary && builds_dtz(metric)) {
                            const auto dtz = build.template operator()<tb::chess::ChessDtzGame>();
                            summary = dtz ? add_summaries(*summary, *dtz) : dtz;
                        }
                    } else {
                        if (!metric.empty())
                            return fail("--metric " + metric +
                                        ": checkers tables have one metric, DTW (the option "
                                        "is chess's)");
                        summary = build.template operator()<G>();
                    }
                    if (world.rank() != 0) return kExitOk;  // rank 0 reports
                    if (!summary) return fail(summary.error());
                    if (args->json)
                        print_json(Game::build_json(*summary, args->build, *roots));
                    else
                        print_build_summary(*summary, args->build.method);
                    return kExitOk;
                });
            }};
}

BuildSummary add_summaries(const BuildSummary& a, const BuildSummary& b) {
    BuildSummary s = a.slices || a.kept ? a : b;
    if (!(a.slices || a.kept) || !(b.slices || b.kept)) return s;
    s.slices = a.slices + b.slices;
    s.kept = a.kept + b.kept;
    s.positions = a.positions + b.positions;
    s.bytes = a.bytes + b.bytes;
    s.seconds = a.seconds + b.seconds;
    s.peak_memory = std::max(a.peak_memory, b.peak_memory);
    return s;
}

void print_build_summary(const BuildSummary& s, const std::string& method) {
    fmt::print("built {}, {}, by {}{}\n",
               counted(static_cast<std::uint64_t>(s.slices), s.unit, s.units),
               counted(s.positions, s.slot, s.slots), method,
               s.kept ? fmt::format("; kept {} of an earlier run",
                                    counted(static_cast<std::uint64_t>(s.kept), s.unit, s.units))
                      : "");
    fmt::print("time               {}\n", seconds_text(s.seconds));
    fmt::print("rate               {}\n", rate_text(per_second(s.positions, s.seconds), s.slots));
    fmt::print("bytes on disk      {} ({})\n", grouped(s.bytes), bytes_text(s.bytes));
    fmt::print("bytes/{:<13}{:.4f}\n", s.slot,
               static_cast<double>(s.bytes) /
                   static_cast<double>(std::max<std::uint64_t>(1, s.positions)));
    fmt::print("peak memory        {}\n", bytes_text(s.peak_memory));
}

nlohmann::json build_json(const BuildSummary& s, const BuildArgs& args) {
    return {
        {"directory", args.out},
        {"pieces", args.pieces},
        {"method", args.method},
        {"slices", s.slices},
        {"kept", s.kept},
        {"positions", s.positions},
        {"seconds", json_seconds(s.seconds)},
        {"positions_per_second", static_cast<std::uint64_t>(per_second(s.positions, s.seconds))},
        {"bytes", s.bytes},
        {"peak_memory_bytes", s.peak_memory}};
}

}  // namespace retrocheck::app
