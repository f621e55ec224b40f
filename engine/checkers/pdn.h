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
#include "engine/core/result.h"

namespace retrocheck::checkers {

enum class GameResult { BlackWins, WhiteWins, Draw, Unknown };

struct PdnMove {
    // The move number written before the move; a move written without one continues the count,
    // two moves to a number. A game from a White-to-move set-up starts on the second half of
    // number 1, as `1... 22-18` writes it, unless the file writes `1. 22-18`.
    int number = 0;
    // The side that plays it: the sides alternate from the side to move of the [FEN] set-up
    // (Black without one, or when the FEN does not parse). Move numbers never change it, since
    // writers disagree on `1.` against `1...` for a White first move; so in a game that replays,
    // side is the position's side to move.
    Color side = Color::Black;
    // The move as written, without its annotations and with `:` written as `x` (parse_move
    // reads `x`); legality is replay()'s business.
    std::string text;
    int line = 0;  // 1-based, in the file
    // Whether it is the second move of its number as the file has it (`12... 22-18`, or the
    // second of two moves after `12.`), so that the number is printed back as it was written.
    bool second_of_number = false;
};

struct PdnGame {
    int index = 0;                                          // 1-based, in the file
    int line = 0;                                           // of its first tag or movetext token
    std::vector<std::pair<std::string, std::string>> tags;  // in file order, values unescaped
    std::optional<std::string> fen;                         // the [FEN] tag's value, if any
    std::vector<PdnMove> moves;                             // the main line
    // From the result token that ends the movetext; without one, from the [Result] tag;
    // Unknown when neither says (or the tag's value is not a result).
    GameResult result = GameResult::Unknown;
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

struct ReplayedGame {
    Position start;
    std::vector<Move> moves;
    std::vector<Position> positions;  // positions[0] = start, positions[i + 1] after moves[i]
};

// Replays the main line from the [FEN] set-up, or the start position without one. Each move is
// played by the position's side to move. Refusals: `game 2 (from line 40): bad FEN tag '...':
// <why>` and `game 2, move 14 (White) '22-17' (line 57): <parse_move's reason>` for an illegal or
// ambiguous move.
Result<ReplayedGame> replay(const PdnGame& game);

// "black wins", "white wins", "draw", "unknown".
std::string to_string(GameResult r);

}  // namespace retrocheck::checkers
