// Moves in text: UCI (`e2e4`, `e7e8n`, castling as the king's move `e1g1`) and SAN (`Nf3`,
// `exd6`, `O-O`, `e8=N+`, `Rae1`, `Qh4#`). Parsers take the position, accept only legal moves
// and return a Result whose error names the token.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/move.h"
#include "engine/chess/position.h"
#include "engine/core/result.h"

namespace retrocheck::chess {

std::string format_uci(Move m);
Result<Move> parse_uci(std::string_view text, const Position& pos);

// With the check or mate suffix; disambiguated by file, then rank, then both, as PGN requires.
std::string format_san(const Position& pos, Move m);
// Accepts the suffixes (+, #, !, ?), `0-0` for `O-O`, `e8Q` for `e8=Q`, and more
// disambiguation than needed; refuses an ambiguous or illegal move, naming the candidates.
Result<Move> parse_san(std::string_view text, const Position& pos);

// Either notation: UCI when the token reads as UCI, SAN otherwise.
Result<Move> parse_move(std::string_view text, const Position& pos);

// The moves in SAN, space separated, each played from the position the previous one left.
std::string format_san_line(Position pos, const std::vector<Move>& line);

}  // namespace retrocheck::chess
