// What the corpus needs of a game: its position and move types and their text forms. An entry's
// moves are read as the game's notation reads them (checkers: 11-15, 22x15; chess: SAN or UCI).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/checkers/move.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/position.h"
#include "engine/chess/fen.h"
#include "engine/chess/notation.h"
#include "engine/chess/position.h"
#include "engine/core/result.h"

namespace retrocheck::corpus {

template <class P>
struct CorpusGame;

template <>
struct CorpusGame<checkers::Position> {
    using Move = checkers::Move;
    static constexpr const char* kName = "checkers";
    static Result<checkers::Position> parse_fen(std::string_view t) {
        return checkers::parse_fen(t);
    }
    static Result<Move> parse_move(std::string_view t, const checkers::Position& p) {
        return checkers::parse_move(t, p);
    }
    static std::string fen(const checkers::Position& p) { return checkers::format_fen(p); }
    static std::string move(const checkers::Position&, const Move& m) {
        return checkers::format_move(m);
    }
    static std::string line(const checkers::Position&, const std::vector<Move>& l) {
        return checkers::format_line(l);
    }
};

template <>
struct CorpusGame<chess::Position> {
    using Move = chess::Move;
    static constexpr const char* kName = "chess";
    static Result<chess::Position> parse_fen(std::string_view t) { return chess::parse_fen(t); }
    static Result<Move> parse_move(std::string_view t, const chess::Position& p) {
        return chess::parse_move(t, p);
    }
    static std::string fen(const chess::Position& p) { return chess::format_fen(p); }
    static std::string move(const chess::Position& p, const Move& m) {
        return chess::format_san(p, m);
    }
    static std::string line(const chess::Position& p, const std::vector<Move>& l) {
        return chess::format_san_line(p, l);
    }
};

template <class P>
using MoveOf = typename CorpusGame<P>::Move;

}  // namespace retrocheck::corpus
