// `retrocheck stats DIR [--json] [--threads T] [--html F]`
#include <memory>

#include "apps/commands.h"
#include "apps/games.h"
#include "apps/jobs.h"
#include "apps/stats_printer.h"
#include "tablebases/checkers/files.h"
#include "tablebases/chess/files.h"
#include "tablebases/store/directory.h"

namespace retrocheck::app {

namespace {

// One file at a time: a table's statistics need only that table.
template <typename G>
int run_stats(const std::filesystem::path& dir, bool json, const std::string& html) {
    const auto files = tb::store::open_game_directory<G>(dir);
    if (!files) return fail(files.error());
    StatsPrinter<G> printer(dir.string(), json);
    for (const auto& file : *files) {
        const auto table = tb::store::GameFiles<G>::read(*file);
        if (!table) return fail(table.error());
        printer.add(tb::store::GameFiles<G>::slice(*file), **table);
    }
    const nlohmann::json doc = printer.finish();
    if (json) print_json(doc);
    if (!html.empty())
        if (const auto w = write_html(html, printer.html()); !w) return fail(w.error());
    return kExitOk;
}

}  // namespace

int run_stats(const std::filesystem::path& dir, bool json, const std::string& html) {
    return with_game(game_of_tables(dir),
                     [&]<typename G>() { return run_stats<G>(dir, json, html); });
}

Command add_stats(CLI::App& app) {
    struct Args {
        std::string dir;
        bool json = false;
        int threads = 0;
        std::string html;
    };
    auto args = std::make_shared<Args>();
    auto* cmd =
        app.add_subcommand("stats", "Wins, draws, losses and longest wins per slice and side");
    cmd->add_option("dir", args->dir, "Directory of table files")->required();
    cmd->add_flag("--json", args->json, "Print one JSON object");
    add_threads_option(cmd, args->threads);
    add_html_option(cmd, args->html);
    return {cmd, [args] {
                const auto threads = limit_threads(args->threads);
                return run_stats(args->dir, args->json, args->html);
            }};
}

}  // namespace retrocheck::app
