// `retrocheck check [--pieces N] [--out DIR] [--method M] [--threads T]`: the main job. Builds
// every slice up to N pieces (5 by default) into DIR, reads those files back, verifies them and
// prints their statistics.
#include <fmt/format.h>

#include <memory>

#include "apps/commands.h"
#include "apps/jobs.h"
#include "apps/output.h"
#include "tablebases/store/directory.h"

namespace retrocheck::app {

Command add_check(CLI::App& app) {
    auto args = std::make_shared<BuildArgs>();
    auto* cmd = app.add_subcommand(
        "check", "Build checkers tables, verify the files and print their statistics");
    add_build_options(cmd, *args, false);
    return {cmd, [args] {
                const auto threads = limit_threads(args->threads);
                fmt::print("== build: checkers, up to {} pieces, into {}\n", args->pieces,
                           args->out);
                print_build_summary(build_tables(args->request()), args->method);
                // The files just written, read back once for both verify and stats.
                fmt::print("\n== verify {}\n", args->out);
                const auto t0 = std::chrono::steady_clock::now();
                const auto tables = tb::store::load_directory(args->out, args->pieces);
                if (!tables) return fail(tables.error());
                const int verified = verify_tables(*tables, args->out, false, 20, t0);
                fmt::print("\n== stats {}\n", args->out);
                print_stats(*tables, false);
                return verified;
            }};
}

}  // namespace retrocheck::app
