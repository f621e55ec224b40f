// `retrocheck check-probe --plugin LIB --db DIR [--cases N | --time S] [--exhaustive P]
//  [--pieces P] [--call-time S] [--json]`: a checkers plugin against a database of any format,
// a chess plugin against our DTZ50 and DTM tables (plugins/probe_games.h).
#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/databases.h"
#include "apps/output.h"
#include "apps/plugin_args.h"
#include "apps/probe_report.h"
#include "apps/progress.h"
#include "plugins/probe_check.h"
#include "tablebases/chess/dtz_game.h"
#include "tablebases/chess/game.h"
#include "tablebases/store/directory.h"

namespace retrocheck::app {

using namespace plugins;

namespace {

// "check-probe 1,234 of 10,000 positions, 2 problems, 2,345 positions/s, ETA 4s"
std::string progress_text(const ProbeProgress& p, const ProbeCheckOptions& options,
                          std::chrono::steady_clock::time_point t0) {
    const double s = seconds_since(t0);
    const std::uint64_t done = p.done.load(), total = p.total.load();
    const std::uint64_t problems = p.problems.load();
    return fmt::format(
        "check-probe {} positions, {} problem{}, {}, {}",
        total ? grouped(done) + " of " + grouped(total) : grouped(done), grouped(problems),
        problems == 1 ? "" : "s", rate_text(per_second(done, s), "positions"),
        total ? eta_text(done, total, s) : budget_eta_text(s, options.seconds, false));
}

struct Args {
    PluginArgs plugin;
    std::string db, format = "auto";
    ProbeCheckOptions options;
    std::uint64_t cases = 0;
    bool json = false;
    std::string junit, html;
};

// The run against G's reference and its reports; the exit code.
template <class G>
int run(PluginProcess& plugin, const typename G::Reference& reference, Args& args, Metric metric) {
    for (const auto& [flag, pieces] : {std::pair{"--pieces", args.options.pieces},
                                       std::pair{"--exhaustive", args.options.exhaustive}})
        if (pieces > reference.max_pieces)
            return fail(fmt::format("{} {}: {} holds tables of up to {} pieces", flag, pieces,
                                    args.db, reference.max_pieces));
    const auto log = [json = args.json](const std::string& line) {
        if (!json) print_line(line);
    };
    ProbeProgress progress;
    args.options.progress = &progress;
    const auto t0 = std::chrono::steady_clock::now();
    const ProbeReportOf<G> r = [&] {
        ProgressLine line([&] { return progress_text(progress, args.options, t0); });
        return check_probe<G>(plugin, reference, args.options, log);
    }();
    if (!r.reference_error.empty())
        return fail(args.db + " cannot be read, so nothing the plugin answered is judged: " +
                    r.reference_error);
    if (args.json)
        print_json(probe_report_json<G>(r, args.db, metric));
    else
        print_probe_report<G>(r);
    if (!args.junit.empty())
        if (const auto w = write_junit(args.junit, probe_junit<G>(r, args.db)); !w)
            return fail(w.error());
    if (!args.html.empty())
        if (const auto w = write_html(args.html, probe_html<G>(r, args.db)); !w)
            return fail(w.error());
    return found_if(!r.passed());
}

int run_checkers(PluginProcess& plugin, Args& args) {
    const PluginInfo& info = plugin.info();
    if (!info.probe) return fail(info.library + ": the plugin offers no probe");
    if (info.probe_metric != RC_METRIC_WLD && info.probe_metric != RC_METRIC_DTW)
        return fail(fmt::format(
            "{}: the plugin declares the metric {}; checkers tables hold dtw (or win, draw or "
            "loss only: RC_METRIC_WLD)",
            info.library, metric_name(info.probe_metric)));
    if (info.probe_captures != RC_CAPTURES_RESOLVED &&
        info.probe_captures != RC_CAPTURES_NOT_STORED)
        return fail(
            fmt::format("{}: probe_captures {} is not RC_CAPTURES_RESOLVED (0) or "
                        "RC_CAPTURES_NOT_STORED (1)",
                        info.library, info.probe_captures));
    const auto db = open_database(args.format, args.db);
    if (!db) return fail(db.error());
    if (db->max_pieces < 1)
        return fail(args.db +
                    " holds tables of no piece: check-probe needs positions of one piece or more");
    return run<CheckersProbe>(plugin, {*db->full, db->max_pieces}, args, db->metric());
}

// Our tables of game T from args.db, which the declaration `needs` (for the error).
template <class T>
Result<typename T::Tables> chess_reference(const Args& args, const char* needs,
                                           const char* metric) {
    auto loaded = tb::store::load_directory<T>(args.db);
    if (!loaded)
        return Error{fmt::format(
            "{}; the plugin declares {}, which check-probe judges against our {} tables: build "
            "them with `retrocheck build chess --pieces 4 --metric {} --out {}`",
            loaded.error(), needs, metric, metric, args.db)};
    return loaded;
}

int max_pieces_of(const auto& set) {
    int n = 0;
    for (const auto& [m, table] : set.tables()) n = std::max(n, m.pieces());
    return n;
}

int run_chess(PluginProcess& plugin, Args& args) {
    const PluginInfo& info = plugin.info();
    if (!info.probe_chess) return fail(info.library + ": the plugin offers no probe_chess");
    if (info.chess_values & ~(RC_CHESS_WDL50 | RC_CHESS_DTZ | RC_CHESS_DTM))
        return fail(
            fmt::format("{}: chess_values {} declares bits beyond RC_CHESS_WDL50 | "
                        "RC_CHESS_DTZ | RC_CHESS_DTM",
                        info.library, info.chess_values));
    if (args.format != "auto" && args.format != "native")
        return fail("--db-format " + args.format +
                    ": check-probe judges a chess plugin against our own tables (native); "
                    "`retrocheck audit` checks Syzygy and Gaviota files");
    ChessProbe::Reference reference;
    std::optional<tb::chess::DtzTableSet> dtz;
    std::optional<tb::chess::MaterialTableSet> dtm;
    const bool needs_dtz = info.chess_values & (RC_CHESS_WDL50 | RC_CHESS_DTZ);
    const bool needs_dtm = (info.chess_values & RC_CHESS_DTM) || !needs_dtz;
    if (needs_dtz) {
        auto loaded =
            chess_reference<tb::chess::ChessDtzGame>(args, "50-move results or DTZ", "dtz");
        if (!loaded) return fail(loaded.error());
        dtz = std::move(loaded).value();
        reference.dtz = &*dtz;
        reference.max_pieces = max_pieces_of(*dtz);
    }
    if (needs_dtm) {
        auto loaded = chess_reference<tb::chess::ChessGame>(
            args, needs_dtz ? "distances to mate" : "win, draw or loss", "dtm");
        if (!loaded) return fail(loaded.error());
        dtm = std::move(loaded).value();
        reference.dtm = &*dtm;
        reference.max_pieces = std::max(reference.max_pieces, max_pieces_of(*dtm));
    }
    if (reference.max_pieces < 3)
        return fail(args.db + " holds no chess table of 3 pieces or more");
    return run<ChessProbe>(plugin, reference, args, Metric::Dtm);
}

}  // namespace

Command add_check_probe(CLI::App& app) {
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        "check-probe",
        "Check a plugin's probe code (a checkers database reader or capture resolver, a chess "
        "prober) against our tables (exit 0: nothing wrong)");
    add_plugin_options(cmd, args->plugin);
    cmd->add_option("--db", args->db,
                    "The tables that hold the true values (chess: our DTZ50 and DTM tables; the "
                    "plugin sees the directory as RETROCHECK_AGAINST)")
        ->required();
    add_renamed_option(cmd, "--against", "--db");
    add_db_format_option(cmd, args->format);
    auto* cases = cmd->add_option("--cases", args->cases, "Random positions (default 10,000)")
                      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000}))
                      ->default_str("");
    cmd->add_option("--time", args->options.seconds,
                    "Random positions until S seconds have passed (a call under way then is cut "
                    "and not judged)")
        ->check(CLI::Range(1.0, 1e7))
        ->default_str("")
        ->excludes(cases);
    cmd->add_option("--exhaustive", args->options.exhaustive,
                    "Every position of up to P pieces instead of random ones")
        ->check(CLI::Range(1, 24))
        ->default_str("")
        ->excludes(cases);
    cmd->add_option("--pieces", args->options.pieces,
                    "Random positions of up to P pieces (default: the tables' largest, and some "
                    "of one piece more, which the plugin must not value)")
        ->check(CLI::Range(1, 24))
        ->default_str("");
    cmd->add_option("--seed", args->options.seed, "Seed of the random positions");
    cmd->add_option("--max-examples", args->options.max_examples,
                    "Problems shown, each shrunk; all are counted")
        ->check(CLI::Range(0, 1000));
    cmd->add_option("--min-valued", args->options.min_valued,
                    "The least share (0-1) of the positions asked that the tables hold that it "
                    "must value (a reader that declares capture positions not stored values "
                    "fewer: give it the share it must reach)")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    cmd->add_flag("--json", args->json, "Print one JSON object");
    add_junit_option(cmd, args->junit);
    add_html_option(cmd, args->html);
    return {cmd, [args] {
                if (args->cases > 0) args->options.cases = args->cases;
                std::error_code ec;
                const auto dir = std::filesystem::absolute(args->db, ec);
                ::setenv("RETROCHECK_AGAINST", (ec ? args->db : dir.string()).c_str(), 1);
                auto plugin = start_plugin(args->plugin, {RC_GAME_CHECKERS, RC_GAME_CHESS});
                if (!plugin) return fail(plugin.error());
                return (*plugin)->info().game == RC_GAME_CHESS ? run_chess(**plugin, *args)
                                                               : run_checkers(**plugin, *args);
            }};
}

}  // namespace retrocheck::app
