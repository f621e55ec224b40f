// FEN and EPD positions, in and out. The parser returns a Result whose error names the field
// or token at fault (CHESS.md lists every rejection).
#pragma once

#include <string>
#include <string_view>

#include "engine/chess/position.h"
#include "engine/core/result.h"

namespace retrocheck::chess {

inline constexpr std::string_view kStartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// The six standard fields, or the four of EPD (the clocks then default to 0 and 1).
Result<Position> parse_fen(std::string_view text);

// Six fields. The en passant field names a square only when a pawn can capture to it.
std::string format_fen(const Position& pos);
// The four EPD fields: board, side, castling, en passant.
std::string format_epd(const Position& pos);

// Whether text looks like a chess FEN rather than a checkers one: a board field of eight
// ranks separated by '/'.
bool looks_like_fen(std::string_view text);

}  // namespace retrocheck::chess
