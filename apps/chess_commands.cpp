#include "apps/chess_commands.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "apps/output.h"
#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"

namespace retrocheck::app {

using namespace chess;

namespace {

nlohmann::json uci_list(const MoveList& moves) {
    nlohmann::json out = nlohmann::json::array();
    for (Move m : moves) out.push_back(format_uci(m));
    return out;
}

nlohmann::json san_list(const Position& pos, const MoveList& moves) {
    nlohmann::json out = nlohmann::json::array();
    for (Move m : moves) out.push_back(format_san(pos, m));
    return out;
}

// "checkmate", "stalemate" or "" (the game goes on).
const char* ending(const Position& pos, const MoveList& moves) {
    if (!moves.empty()) return "";
    return pos.in_check() ? "checkmate" : "stalemate";
}

}  // namespace

int show_chess(const ChessInput& input, ChessShowOptions options) {
    bool first = true;
    for (const auto& in : input.positions) {
        const Position& pos = in.position;
        const MoveList moves = legal_moves(pos);
        if (options.json) {
            const auto ep = pos.en_passant();
            const char* end = ending(pos, moves);
            print_json({{"game", "chess"},
                        {"fen", format_fen(pos)},
                        {"side_to_move", to_string(pos.side_to_move())},
                        {"material", pos.material()},
                        {"in_check", pos.in_check()},
                        {"en_passant", ep ? nlohmann::json(square_name(*ep)) : nullptr},
                        {"moves", uci_list(moves)},
                        {"san", san_list(pos, moves)},
                        {"ending", *end ? nlohmann::json(end) : nlohmann::json(nullptr)}});
            continue;
        }
        if (!first) fmt::print("\n");
        first = false;
        fmt::print("{}", describe(pos, {.flip = options.flip}));
        fmt::print("material {}\n", pos.material());
        if (moves.empty()) {
            fmt::print("no legal moves: {}\n", ending(pos, moves));
            continue;
        }
        std::string list;
        for (Move m : moves) list += (list.empty() ? "" : " ") + format_san(pos, m);
        fmt::print("{} legal move{}: {}\n", moves.size(), moves.size() == 1 ? "" : "s", list);
    }
    return kExitOk;
}

int moves_chess(const ChessInput& input, bool json) {
    for (const auto& in : input.positions) {
        const MoveList moves = legal_moves(in.position);
        if (json) {
            print_json({{"game", "chess"},
                        {"fen", format_fen(in.position)},
                        {"moves", uci_list(moves)},
                        {"san", san_list(in.position, moves)}});
            continue;
        }
        if (input.bulk) fmt::print("{}\n", format_fen(in.position));
        for (Move m : moves)
            fmt::print("{}{:<6} {}\n", input.bulk ? "  " : "", format_uci(m),
                       format_san(in.position, m));
    }
    return kExitOk;
}

}  // namespace retrocheck::app
