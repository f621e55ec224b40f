// Positions as every FEN-taking command accepts them: one FEN argument, `-` for FENs on standard
// input, or --fen-file F (one a line; blank lines and `#` comments skipped), each with the moves
// of --moves applied first. All input is read and checked before any work starts, so a bad line
// is refused (exit 2, naming where it is) with nothing half done.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/checkers/position.h"
#include "engine/core/result.h"

namespace retrocheck::app {

struct PositionArgs {
    std::string fen;  // a FEN, or "-" for standard input; empty: the default (if any)
    std::string fen_file;
    std::string moves;  // "24-19 8-11", applied in order to every position
};

// Adds --fen-file and --moves (the FEN positional stays the command's own).
void add_position_options(CLI::App* cmd, PositionArgs& args);

struct InputPosition {
    checkers::Position position;
    std::string where;  // "stdin line 3", "F line 3", or "" for the argument
};

struct PositionInput {
    std::vector<InputPosition> positions;
    bool bulk = false;  // from stdin or a file: the answer is one record a position
};

// fallback: the position to use when neither a FEN nor a file is given (nothing: an error).
Result<PositionInput> read_positions(const PositionArgs& args,
                                     std::optional<checkers::Position> fallback = std::nullopt);

}  // namespace retrocheck::app
