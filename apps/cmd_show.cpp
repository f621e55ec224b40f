// `retrocheck show FEN` and `retrocheck moves FEN`.
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/output.h"
#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"

namespace retrocheck::app {

using namespace checkers;

Command add_show(CLI::App& app) {
    struct Args {
        std::string fen;
        bool flip = false;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand("show", "Show a position: diagram, side to move, legal moves");
    cmd->add_option("fen", args->fen, "Position in PDN FEN, e.g. 'W:WK17,24:B8,K18'")->required();
    cmd->add_flag("--flip", args->flip, "Draw White's side at the top");
    return {cmd, [args] {
                const auto pos = fen_argument(args->fen);
                if (!pos) return fail(pos.error());
                fmt::print("{}", describe(*pos, {.flip = args->flip}));
                const MoveList moves = legal_moves(*pos);
                std::string list;
                for (const Move& m : moves) list += (list.empty() ? "" : " ") + format_move(m);
                if (moves.empty())
                    fmt::print("no legal moves: the side to move has lost\n");
                else
                    fmt::print("{} legal move{}{}: {}\n", moves.size(),
                               moves.size() == 1 ? "" : "s",
                               moves[0].is_capture() ? " (captures are mandatory)" : "", list);
                return 0;
            }};
}

Command add_moves(CLI::App& app) {
    struct Args {
        std::string fen;
        bool json = false;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand("moves", "List the legal moves of a position, one per line");
    cmd->add_option("fen", args->fen, "Position in PDN FEN")->required();
    cmd->add_flag("--json", args->json, "Print a JSON array of moves");
    return {cmd, [args] {
                const auto pos = fen_argument(args->fen);
                if (!pos) return fail(pos.error());
                nlohmann::json out = nlohmann::json::array();
                for (const Move& m : legal_moves(*pos)) {
                    if (args->json)
                        out.push_back(format_move(m));
                    else
                        fmt::print("{}\n", format_move(m));
                }
                if (args->json) fmt::print("{}\n", out.dump());
                return 0;
            }};
}

}  // namespace retrocheck::app
