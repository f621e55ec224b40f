// Chess as a Game (engine/core/game.h). Moves are written in SAN, read in UCI or SAN.
#pragma once

#include <string_view>

#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/core/game.h"

namespace retrocheck::chess {

struct Chess {
    using Position = chess::Position;
    using Move = chess::Move;
    static constexpr std::string_view kName = "chess";
    static Position start() { return Position::start(); }
    static MoveList legal_moves(const Position& pos) { return chess::legal_moves(pos); }
    static Result<Position> parse_fen(std::string_view text) { return chess::parse_fen(text); }
    static std::string format_fen(const Position& pos) { return chess::format_fen(pos); }
    static bool looks_like_fen(std::string_view text) { return chess::looks_like_fen(text); }
    static Result<Move> parse_move(std::string_view text, const Position& pos) {
        return chess::parse_move(text, pos);
    }
    static std::string format_move(const Position& pos, const Move& m) {
        return format_san(pos, m);
    }
    static std::string describe(const Position& pos) { return chess::describe(pos); }
};
static_assert(Game<Chess>);

}  // namespace retrocheck::chess
