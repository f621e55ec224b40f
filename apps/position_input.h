// Positions as every FEN-taking command accepts them: one FEN argument, `-` for FENs on standard
// input, or --fen-file F (one a line; blank lines and `#` comments skipped), each with the moves
// of --moves applied first. All input is read and checked before any work starts, so a bad line
// is refused (exit 2, naming where it is) with nothing half done.
//
// show, moves, perft and perft-diff take chess positions too: the game is told by the first
// FEN's syntax (a chess board field has eight ranks between '/'), or named by --game.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/checkers/position.h"
#include "engine/chess/position.h"
#include "engine/core/result.h"

namespace retrocheck::app {

struct PositionArgs {
    std::string fen;  // a FEN, or "-" for standard input; not given: the default (if any)
    // Whether fen was given (an empty one is refused, not taken for the default): set for the
    // command's "fen" option by add_position_options, or by a command that fills fen itself.
    const CLI::Option* fen_option = nullptr;
    bool fen_given = false;
    std::string fen_file;
    std::string moves;  // "24-19 8-11" or "e2e4 Nf6", applied in order to every position
    std::string game;   // "chess", "checkers", or "" to tell by the FEN
};

// Adds --fen-file and --moves (the FEN positional stays the command's own, added before).
void add_position_options(CLI::App* cmd, PositionArgs& args);
// Adds --game chess|checkers, for the commands that play both games.
void add_game_option(CLI::App* cmd, PositionArgs& args);

template <class P>
struct InputPositionOf {
    P position;
    std::string where;  // "stdin line 3", "F line 3", or "" for the argument
};

template <class P>
struct PositionInputOf {
    std::vector<InputPositionOf<P>> positions;
    bool bulk = false;  // from stdin or a file: the answer is one record a position
};

using InputPosition = InputPositionOf<checkers::Position>;
using PositionInput = PositionInputOf<checkers::Position>;
using ChessInput = PositionInputOf<chess::Position>;

// The FEN lines as given, before any is parsed (stdin is read here, once).
struct InputText {
    std::vector<std::pair<std::string, std::string>> lines;  // FEN text, where
    bool bulk = false;
    bool given = false;  // false: no FEN, no file (the command's default position applies)
};
Result<InputText> read_input_text(const PositionArgs& args);

// Whether the input is chess: --game if given, else the first FEN's syntax (no FEN: checkers).
bool is_chess(const PositionArgs& args, const InputText& text);

// fallback: the position to use when neither a FEN nor a file is given (nothing: an error).
Result<PositionInput> read_positions(const PositionArgs& args,
                                     std::optional<checkers::Position> fallback = std::nullopt);
Result<PositionInput> parse_positions(const PositionArgs& args, const InputText& text,
                                      std::optional<checkers::Position> fallback = std::nullopt);
Result<ChessInput> parse_chess_positions(const PositionArgs& args, const InputText& text,
                                         std::optional<chess::Position> fallback = std::nullopt);

}  // namespace retrocheck::app
