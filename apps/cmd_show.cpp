// `retrocheck show FEN` and `retrocheck moves FEN`, for either game (told by the FEN or --game).
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/games.h"
#include "apps/output.h"
#include "apps/position_input.h"

namespace retrocheck::app {

Command add_show(CLI::App& app) {
    struct Args {
        PositionArgs input;
        bool flip = false, json = false;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand("show", "Show a position: diagram, side to move, legal moves");
    cmd->add_option("fen", args->input.fen,
                    "Position in PDN FEN, e.g. 'W:WK17,24:B8,K18', or a chess FEN ('-': one a "
                    "line from stdin)");
    add_position_options(cmd, args->input);
    add_game_option(cmd, args->input);
    cmd->add_flag("--flip", args->flip, "Draw White's side at the top");
    cmd->add_flag("--json", args->json, "Print one JSON object a position");
    return {cmd, [args] {
                return with_positions(args->input, [&]<typename G>(const auto& input) {
                    using App = AppGame<G>;
                    bool first = true;
                    for (const auto& in : input.positions) {
                        if (args->json) {
                            nlohmann::json out = App::show_json(in.position);
                            out["game"] = App::kName;
                            print_json(out);
                            continue;
                        }
                        if (!first) fmt::print("\n");
                        first = false;
                        fmt::print("{}{}", App::describe(in.position, args->flip),
                                   App::show_text(in.position));
                    }
                    return kExitOk;
                });
            }};
}

Command add_moves(CLI::App& app) {
    struct Args {
        PositionArgs input;
        bool json = false;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand("moves", "List the legal moves of a position, one per line");
    cmd->add_option("fen", args->input.fen,
                    "Position in PDN FEN or chess FEN ('-': one a line from stdin)");
    add_position_options(cmd, args->input);
    add_game_option(cmd, args->input);
    cmd->add_flag("--json", args->json, "Print {\"fen\",\"moves\"} a position");
    return {cmd, [args] {
                return with_positions(args->input, [&]<typename G>(const auto& input) {
                    using App = AppGame<G>;
                    for (const auto& in : input.positions) {
                        if (args->json) {
                            nlohmann::json out = App::moves_json(in.position);
                            out["game"] = App::kName;
                            print_json(out);
                            continue;
                        }
                        if (input.bulk) fmt::print("{}\n", G::fen(in.position));
                        fmt::print("{}", App::moves_text(in.position, input.bulk ? "  " : ""));
                    }
                    return kExitOk;
                });
            }};
}

}  // namespace retrocheck::app
