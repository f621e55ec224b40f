#include "apps/chess_commands.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "apps/output.h"
#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/perft.h"

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
            print_json({{"game", "chess"},
                        {"fen", format_fen(pos)},
                        {"side_to_move", to_string(pos.side_to_move())},
                        {"material", pos.material()},
                        {"in_check", pos.in_check()},
                        {"en_passant", ep ? nlohmann::json(square_name(*ep)) : nullptr},
                        {"moves", uci_list(moves)},
                        {"san", san_list(pos, moves)},
                        {"ending", *ending(pos, moves) ? nlohmann::json(ending(pos, moves))
                                                       : nlohmann::json(nullptr)}});
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

int perft_chess(const ChessInput& input, ChessPerftOptions options) {
    bool first = true;
    for (const auto& in : input.positions) {
        const Position& pos = in.position;
        const auto t0 = std::chrono::steady_clock::now();
        std::vector<std::pair<Move, std::uint64_t>> divide;
        std::uint64_t nodes = 0;
        const PerftOptions perft_options{options.threads};
        if (options.divide && options.depth > 0) {
            divide = perft_divide(pos, options.depth, perft_options);
            for (const auto& [move, n] : divide) nodes += n;
        } else {
            nodes = perft(pos, options.depth, perft_options);
        }
        const double seconds = seconds_since(t0);
        const double rate = per_second(nodes, seconds);
        if (options.json) {
            nlohmann::json out = {{"game", "chess"},
                                  {"fen", format_fen(pos)},
                                  {"depth", options.depth},
                                  {"nodes", nodes},
                                  {"seconds", json_seconds(seconds)},
                                  {"nodes_per_second", static_cast<std::uint64_t>(rate)}};
            if (options.divide) {
                out["divide"] = nlohmann::json::object();
                for (const auto& [move, n] : divide) out["divide"][format_uci(move)] = n;
            }
            print_json(out);
            continue;
        }
        if (!first) fmt::print("\n");
        first = false;
        // The divide as UCI engines print it ("e2e4: 600"), so the two can be diffed.
        for (const auto& [move, n] : divide) fmt::print("{}: {}\n", format_uci(move), n);
        fmt::print("perft {} from {}\n", options.depth, format_fen(pos));
        fmt::print("nodes    {}\n", grouped(nodes));
        fmt::print("time     {}\n", seconds_text(seconds));
        fmt::print("rate     {}\n", rate_text(rate, "nodes"));
    }
    return kExitOk;
}

}  // namespace retrocheck::app
