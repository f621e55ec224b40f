// `retrocheck check [--game checkers|chess] [--pieces N] [--material M] [--out DIR] [--method M]
// [--threads T] [--json]`: the main job. Builds every slice up to N pieces (checkers: 5 by
// default; chess: every 3- and 4-piece material) into DIR, reads those files back, verifies
// them and prints their statistics.
#include <fmt/format.h>

#include <chrono>
#include <memory>

#include "apps/build_run.h"
#include "apps/commands.h"
#include "apps/games.h"
#include "apps/jobs.h"
#include "apps/output.h"
#include "apps/stats_printer.h"
#include "apps/verify_run.h"
#include "tablebases/store/directory.h"

namespace retrocheck::app {

namespace {

// Builds into b.out, reads those files back once for both verify and stats.
template <typename G>
int check(const BuildArgs& b, const std::vector<typename G::Slice>& roots, const std::string& what,
          bool json) {
    using Game = AppGame<G>;
    const auto threads = limit_threads(b.threads);
    if (!json) fmt::print("== build: {}, {}, into {}\n", Game::kName, what, b.out);
    BuildRequest request = b.request();
    if (!json) request.log = print_line;
    const auto built = build_tables<G>(roots, request);
    if (!built) return fail(built.error());
    if (!json) {
        print_build_summary(*built, b.method);
        fmt::print("\n== verify {}\n", b.out);
    }
    const auto t0 = std::chrono::steady_clock::now();
    const auto tables = tb::store::load_directory<G>(b.out);
    if (!tables) return fail(tables.error());
    const auto verified = verify_tables<G>(*tables, 20, t0);
    if (json) {
        print_json({{"build", Game::build_json(*built, b, roots)},
                    {"verify", verify_json(verified, b.out)},
                    {"stats", print_stats<G>(*tables, b.out, true)}});
        return verified.exit_code();
    }
    print_verify(verified);
    fmt::print("\n== stats {}\n", b.out);
    print_stats<G>(*tables, b.out, false);
    return verified.exit_code();
}

}  // namespace

Command add_check(CLI::App& app) {
    struct Args {
        BuildArgs build;
        std::string game = "checkers", materials;
        bool json = false;
    };
    auto args = std::make_shared<Args>();
    auto* cmd =
        app.add_subcommand("check", "Build tables, verify the files and print their statistics");
    add_build_options(cmd, args->build, false);
    cmd->add_option("--game", args->game,
                    "checkers (up to --pieces, 5 by default) or chess (every 3- and 4-piece "
                    "material, or --pieces, or --material)")
        ->check(CLI::IsMember({"checkers", "chess"}))
        ->capture_default_str();
    cmd->add_option("--material", args->materials,
                    "Chess: these materials (KQvKR,KPvK) and every material they lead to");
    cmd->add_flag("--json", args->json, "Print one JSON object: build, verify and stats");
    return {cmd, [args, cmd] {
                return with_game(args->game, [&]<typename G>() {
                    using Game = AppGame<G>;
                    BuildArgs b = args->build;
                    if (!cmd->count("--pieces")) b.pieces = Game::kCheckPieces;
                    if (!cmd->count("--out")) b.out = Game::kCheckOut;
                    const auto roots = Game::roots(args->materials, b.pieces, true, false);
                    if (!roots) return fail(roots.error());
                    const std::string what = args->materials.empty()
                                                 ? fmt::format("up to {} pieces", b.pieces)
                                                 : args->materials;
                    return check<G>(b, *roots, what, args->json);
                });
            }};
}

}  // namespace retrocheck::app
