// `retrocheck verify DIR [--json] [--max-examples K] [--threads T] [--junit F] [--html F]`
#include <memory>

#include "apps/commands.h"
#include "apps/games.h"
#include "apps/jobs.h"
#include "apps/slice_farm.h"
#include "apps/verify_run.h"

namespace retrocheck::app {

int run_verify(const std::filesystem::path& dir, bool json, std::size_t max_examples,
               const std::string& junit, const std::string& html, double silence) {
    return with_game(game_of_tables(dir), [&]<typename G>() {
        return run_verify<G>(dir, json, max_examples, junit, html, silence);
    });
}

Command add_verify(CLI::App& app) {
    struct Args {
        std::string dir;
        bool json = false;
        std::size_t max_examples = 20;
        int threads = 0;
        double silence = kDefaultSilence;
        std::string junit, html;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        "verify",
        "Check every position of a table directory against the rules (exit 0: none broken)");
    cmd->add_option("dir", args->dir, "Directory of table files")->required();
    cmd->add_flag("--json", args->json, "Print one JSON object");
    cmd->add_option("--max-examples", args->max_examples,
                    "Findings (and consequences) printed; all are counted");
    add_threads_option(cmd, args->threads);
    add_silence_option(cmd, args->silence);
    add_junit_option(cmd, args->junit);
    add_html_option(cmd, args->html);
    return {cmd, [args] {
                const auto threads = limit_threads(args->threads);
                return run_verify(args->dir, args->json, args->max_examples, args->junit,
                                  args->html, args->silence);
            }};
}

}  // namespace retrocheck::app
