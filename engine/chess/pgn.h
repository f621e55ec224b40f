// PGN game files: the game reader both games share (engine/core/game_record.h) with SAN moves
// (`e4`, `Nbd7`, `exd6`, `O-O`, `0-0-0`, `e8=Q+`, `Qh4#`; UCI `e2e4` too), then each game
// replayed from its [FEN] set-up or the start. `!` and `?` after a move are dropped; `+` and `#`
// are the move's own. 1-0 is White's win.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/move.h"
#include "engine/chess/position.h"
#include "engine/core/game_record.h"
#include "engine/core/result.h"

namespace retrocheck::chess {

using records::GameResult;
using PgnMove = records::RecordMove<Color>;
using PgnGame = records::GameRecord<Color>;

struct PgnNotation {
    using Color = chess::Color;
    static constexpr Color kFirstToMove = Color::White;
    static constexpr Color kWhite = Color::White;
    static constexpr bool kPdnResults = false;
    static constexpr std::string_view kAnnotations = "!?";
    // A word made of SAN's or UCI's characters with a square in it; which move it is (if any)
    // is parse_move's to say.
    static std::optional<std::string> move_text(std::string_view word);
    static std::optional<Color> fen_side(std::string_view fen);
};

Result<std::size_t> for_each_pgn_game(
    std::string_view text, const std::string& file,
    const std::function<std::optional<Error>(const PgnGame&)>& visit);
Result<std::vector<PgnGame>> parse_pgn(std::string_view text, const std::string& file);

using ReplayedPgnGame = records::ReplayedRecord<Position, Move>;

// Replays the main line from the [FEN] set-up, or the start position without one. Refusals:
// `game 2 (from line 40): bad FEN tag '...': <why>` and `game 2, move 14 (Black) 'Nf6' (line
// 57): <why>; legal: <every legal move in SAN>` for an illegal or ambiguous move.
Result<ReplayedPgnGame> replay(const PgnGame& game);

}  // namespace retrocheck::chess
