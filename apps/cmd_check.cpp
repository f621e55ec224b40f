// `retrocheck check [--pieces N] [--out DIR] [--method M] [--threads T]`: the main job. Builds
// every slice up to N pieces (5 by default), verifies the files it wrote, prints statistics.
#include <fmt/format.h>

#include <memory>

#include "apps/commands.h"
#include "apps/jobs.h"
#include "apps/output.h"

namespace retrocheck::app {

Command add_check(CLI::App& app) {
    struct Args {
        int pieces = 5;
        std::string out = "tables";
        std::string method = "outcount";
        int threads = 0;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        "check", "Build checkers tables, verify the files and print their statistics");
    cmd->add_option("--pieces", args->pieces, "Every slice with up to this many pieces")
        ->check(CLI::Range(1, 8))
        ->capture_default_str();
    cmd->add_option("--out", args->out, "Directory for the table files")->capture_default_str();
    cmd->add_option("--method", args->method, "Retrograde method")
        ->check(CLI::IsMember({"outcount", "grandfather"}))
        ->capture_default_str();
    add_threads_option(cmd, args->threads);
    return {cmd, [args] {
                const auto threads = limit_threads(args->threads);
                BuildRequest request;
                request.pieces = args->pieces;
                request.out = args->out;
                request.method = args->method == "grandfather" ? tb::BuildMethod::Grandfather
                                                               : tb::BuildMethod::OutCounting;
                fmt::print("== build: checkers, up to {} pieces, into {}\n", args->pieces,
                           args->out);
                print_build_summary(build_tables(request), args->method);
                fmt::print("\n== verify {}\n", args->out);
                const int verified = run_verify(args->out, false, 20);
                fmt::print("\n== stats {}\n", args->out);
                const int stats = run_stats(args->out, false);
                return verified != 0 ? verified : stats;
            }};
}

}  // namespace retrocheck::app
