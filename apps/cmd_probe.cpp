// `retrocheck probe DIR FEN [--db-format F] [--json]`: a position's value and every legal move's,
// best first, from tables of either game in any of its formats (apps/probe_run.h).
#include <memory>

#include "apps/commands.h"
#include "apps/databases.h"
#include "apps/output.h"
#include "apps/position_input.h"
#include "apps/probe_run.h"

namespace retrocheck::app {

Command add_probe(CLI::App& app) {
    struct Args {
        std::string dir, db_format = "auto";
        PositionArgs input;
        bool json = false;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand("probe", "A position's value and every move's, from tables");
    cmd->add_option("dir", args->dir, "The tables: a directory (or a Chinook data file)")
        ->required();
    cmd->add_option("fen", args->input.fen, "The position ('-': one a line from stdin)");
    add_position_options(cmd, args->input);
    add_table_format_option(cmd, args->db_format);
    cmd->add_flag("--json", args->json, "Print one JSON object a position");
    return {cmd, [args] {
                const auto kind = recognise_tables(args->db_format, args->dir);
                if (!kind) return fail(kind.error());
                const auto text = read_input_text(args->input);
                if (!text) return fail(text.error());
                return with_game(kind->game, [&]<typename G>() {
                    return run_probe<G>(kind->format, args->dir, args->input, *text, args->json);
                });
            }};
}

}  // namespace retrocheck::app
