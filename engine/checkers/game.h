// English checkers as a Game (engine/core/game.h).
#pragma once

#include <string_view>

#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/core/game.h"

namespace retrocheck::checkers {

struct Checkers {
    using Position = checkers::Position;
    using Move = checkers::Move;
    static constexpr std::string_view kName = "checkers";
    static Position start() { return Position::start(); }
    static MoveList legal_moves(const Position& pos) { return checkers::legal_moves(pos); }
    static Result<Position> parse_fen(std::string_view text) { return checkers::parse_fen(text); }
    static std::string format_fen(const Position& pos) { return checkers::format_fen(pos); }
    static bool looks_like_fen(std::string_view text) { return checkers::looks_like_fen(text); }
    static Result<Move> parse_move(std::string_view text, const Position& pos) {
        return checkers::parse_move(text, pos);
    }
    static std::string format_move(const Position&, const Move& m) {
        return checkers::format_move(m);
    }
    static std::string describe(const Position& pos) { return checkers::describe(pos); }
};
static_assert(Game<Checkers>);

}  // namespace retrocheck::checkers
