// `retrocheck show FEN` and `retrocheck moves FEN`.
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "apps/chess_commands.h"
#include "apps/commands.h"
#include "apps/output.h"
#include "apps/position_input.h"
#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"

namespace retrocheck::app {

using namespace checkers;

namespace {

nlohmann::json moves_json(const MoveList& moves) {
    nlohmann::json out = nlohmann::json::array();
    for (const Move& m : moves) out.push_back(format_move(m));
    return out;
}

nlohmann::json squares_json(Bitboard b) {
    nlohmann::json out = nlohmann::json::array();
    for (int sq = 1; sq <= 32; ++sq)
        if (b & bit(square_from_pdn(sq))) out.push_back(sq);
    return out;
}

}  // namespace

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
    return {
        cmd, [args] {
            const auto text = read_input_text(args->input);
            if (!text) return fail(text.error());
            if (is_chess(args->input, *text)) {
                const auto chess = parse_chess_positions(args->input, *text);
                if (!chess) return fail(chess.error());
                return show_chess(*chess, {.flip = args->flip, .json = args->json});
            }
            const auto input = parse_positions(args->input, *text);
            if (!input) return fail(input.error());
            bool first = true;
            for (const InputPosition& in : input->positions) {
                const Position& pos = in.position;
                const MoveList moves = legal_moves(pos);
                if (args->json) {
                    print_json({{"fen", format_fen(pos)},
                                {"side_to_move", to_string(pos.side_to_move())},
                                {"black_men", squares_json(pos.men(Color::Black))},
                                {"black_kings", squares_json(pos.kings(Color::Black))},
                                {"white_men", squares_json(pos.men(Color::White))},
                                {"white_kings", squares_json(pos.kings(Color::White))},
                                {"moves", moves_json(moves)},
                                {"captures_mandatory", !moves.empty() && moves[0].is_capture()}});
                    continue;
                }
                if (!first) fmt::print("\n");
                first = false;
                fmt::print("{}", describe(pos, {.flip = args->flip}));
                std::string list;
                for (const Move& m : moves) list += (list.empty() ? "" : " ") + format_move(m);
                if (moves.empty())
                    fmt::print("no legal moves: the side to move has lost\n");
                else
                    fmt::print("{} legal move{}{}: {}\n", moves.size(),
                               moves.size() == 1 ? "" : "s",
                               moves[0].is_capture() ? " (captures are mandatory)" : "", list);
            }
            return kExitOk;
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
    return {
        cmd, [args] {
            const auto text = read_input_text(args->input);
            if (!text) return fail(text.error());
            if (is_chess(args->input, *text)) {
                const auto chess = parse_chess_positions(args->input, *text);
                if (!chess) return fail(chess.error());
                return moves_chess(*chess, args->json);
            }
            const auto input = parse_positions(args->input, *text);
            if (!input) return fail(input.error());
            for (const InputPosition& in : input->positions) {
                const MoveList moves = legal_moves(in.position);
                if (args->json) {
                    print_json({{"fen", format_fen(in.position)}, {"moves", moves_json(moves)}});
                    continue;
                }
                if (input->bulk) fmt::print("{}\n", format_fen(in.position));
                for (const Move& m : moves)
                    fmt::print("{}{}\n", input->bulk ? "  " : "", format_move(m));
            }
            return kExitOk;
        }};
}

}  // namespace retrocheck::app
