// PDN game files: split a file into games (tags, main-line moves, result), then replay a game's
// moves from its set-up. Parsing is syntax only; replay() checks legality with parse_move().
//
// What is read, after PDN 3.0 (pdn.fmjd.org, "PDN Grammars" and "PDN parsing issues") and the
// PGN standard it derives from: `[Name "value"]` tags, one to a line, with `\"` and `\\`
// escapes in the value; `{...}` comments (may span lines, do not nest); `;` comments to the end
// of the line; lines starting with `%`; variations `( ... )`, nested, skipped whole; NAGs `$12`;
// move numbers `12.` and `12...` (a lone `...` too), also glued to the move (`12.11-15`); moves
// `11-15`, `22x15`, `15x24x31`, also with `:` between capture squares; annotations `!` `?` `*`
// after a move, or `(!)`, which are dropped (a `*` glued to a move marks a forced move, not the
// end of the game); and the result tokens that end a game.
//
// Result colours: PDN 3.0 ("PDN Tags", Result tag, pdn.fmjd.org/pdntags.html) gives the values
// 1-0, 0-1, 1/2-1/2, 0-0, * and, in the international style, 2-0, 0-2, 1-1, 0-0, *, and says
// "the result codes are given from the perspective of the 1st side to move". English checkers
// is GameType 21, Black moving first (PDN standard thread, damforum.nl, 2009), so 1-0 and 2-0
// are Black wins. (Wikipedia's gloss "1-0 (White won)" is chess PGN's, where White moves first.)
// 0-0 (neither side scores) is read as Unknown.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/checkers/move.h"
#include "engine/checkers/position.h"
#include "engine/checkers/rules.h"
#include "engine/core/game_record.h"
#include "engine/core/result.h"

namespace retrocheck::checkers {

using records::GameResult;
using records::to_string;
using PdnMove = records::RecordMove<Color>;
using PdnGame = records::GameRecord<Color>;

// PDN's moves for the game reader (engine/core/game_record.h): `11-15`, `22x15`, `15x24x31`,
// `15:24` (read as `x`); `!`, `?` and a glued `*` (a forced move) dropped after a move.
struct PdnNotation {
    using Color = checkers::Color;
    static constexpr Color kFirstToMove = rules::kFirstToMove;
    static constexpr Color kWhite = Color::White;
    static constexpr bool kPdnResults = true;
    static constexpr std::string_view kAnnotations = "!?*";
    static std::optional<std::string> move_text(std::string_view word);
    static std::optional<Color> fen_side(std::string_view fen);
};

// Splits text into games. A game ends at its result token, or where the next game's tags start
// (also a tag name repeated before any movetext), or at the end of the text; comments alone do
// not make a game, so empty input gives zero games. Errors read `file:line: ...` and name the
// token: an unterminated tag, comment or variation, a ')' or '}' with no opening, a malformed
// tag, or a token that is none of move, move number, NAG, annotation, result or comment.
// Echoed text is cut at 80 characters.
Result<std::vector<PdnGame>> parse_pdn(std::string_view text, const std::string& file);

// parse_pdn on a file's bytes; a file that cannot be opened or read is refused with its path and
// the system's reason.
Result<std::vector<PdnGame>> read_pdn(const std::filesystem::path& path);

// parse_pdn one game at a time: visit(game) for each as soon as it ends, so that memory holds one
// game however many the text has. A visit's error stops the walk and is returned; else the
// number of games.
Result<std::size_t> for_each_pdn_game(
    std::string_view text, const std::string& file,
    const std::function<std::optional<Error>(const PdnGame&)>& visit);

using ReplayedGame = records::ReplayedRecord<Position, Move>;

// Replays the main line from the [FEN] set-up, or the start position without one. Each move is
// played by the position's side to move. Refusals: `game 2 (from line 40): bad FEN tag '...':
// <why>` and `game 2, move 14 (White) '22-17' (line 57): <parse_move's reason>` for an illegal or
// ambiguous move.
Result<ReplayedGame> replay(const PdnGame& game);

}  // namespace retrocheck::checkers
