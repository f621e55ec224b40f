// `retrocheck check [--game checkers|chess] [--pieces N] [--material M] [--out DIR] [--method M]
// [--threads T] [--json]`: the main job. Builds every slice up to N pieces (checkers: 5 by
// default; chess: every 3- and 4-piece material) into DIR, reads those files back, verifies
// them and prints their statistics.
#include <fmt/format.h>

#include <memory>

#include "apps/chess_tables.h"
#include "apps/commands.h"
#include "apps/jobs.h"
#include "apps/output.h"
#include "apps/build_run.h"
#include "apps/stats_printer.h"
#include "apps/verify_run.h"
#include "tablebases/store/directory.h"

namespace retrocheck::app {

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
                if (args->game == "chess") {
                    BuildArgs b = args->build;
                    if (!cmd->count("--pieces")) b.pieces = 4;
                    if (!cmd->count("--out")) b.out = "chess-tables";
                    const auto threads = limit_threads(b.threads);
                    return check_chess(b, args->materials, args->json);
                }
                if (!args->materials.empty())
                    return fail("--material: checkers tables are checked by --pieces");
                const BuildArgs& b = args->build;
                const auto threads = limit_threads(b.threads);
                if (!args->json)
                    fmt::print("== build: checkers, up to {} pieces, into {}\n", b.pieces, b.out);
                BuildRequest request = b.request();
                if (!args->json) request.log = print_line;
                const auto built = build_tables<tb::CheckersGame>(tb::slices_up_to(b.pieces), request);
                if (!built) return fail(built.error());
                if (!args->json) print_build_summary(*built, b.method);
                // The files just written, read back once for both verify and stats.
                if (!args->json) fmt::print("\n== verify {}\n", b.out);
                const auto t0 = std::chrono::steady_clock::now();
                const auto tables = tb::store::load_directory(b.out, b.pieces);
                if (!tables) return fail(tables.error());
                const auto verified = verify_tables<tb::CheckersGame>(*tables, 20, t0);
                if (args->json) {
                    print_json({{"build", build_json(*built, b)},
                                {"verify", verify_json(verified, b.out)},
                                {"stats", print_stats<tb::CheckersGame>(*tables, b.out, true)}});
                    return verified.exit_code();
                }
                print_verify(verified);
                fmt::print("\n== stats {}\n", b.out);
                print_stats<tb::CheckersGame>(*tables, b.out, false);
                return verified.exit_code();
            }};
}

}  // namespace retrocheck::app
