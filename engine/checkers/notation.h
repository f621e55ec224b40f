// PDN notation: FEN positions and moves, in and out. Parsers return a Result whose error
// message names the offending token.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/checkers/move.h"
#include "engine/checkers/position.h"
#include "engine/core/result.h"

namespace retrocheck::checkers {

// Accepts `B:W21,22:B1-12`, the lists in either order, `K` before a king (or a range of
// kings), optional spaces, a trailing period, and a `[FEN "..."]` tag around it all.
Result<Position> parse_fen(std::string_view text);

// Whether text looks like a checkers FEN rather than a chess one: the side to move and a colon
// ("W:", "B:"), or a [FEN "..."] tag.
bool looks_like_fen(std::string_view text);

// Canonical form: side, then the white list, then the black list, squares ascending.
std::string format_fen(const Position& pos);

// `24-19`, `15x8`, `15x24x31`; a capture may also be given as `from x to` when that names
// one effect among the legal moves. The move must be legal in pos.
Result<Move> parse_move(std::string_view text, const Position& pos);

// Every landing square: `24-19`, `15x24x31`.
std::string format_move(const Move& m);

// A line of moves, space-separated: "24-19 8-11 19-15".
std::string format_line(const std::vector<Move>& line);

}  // namespace retrocheck::checkers
