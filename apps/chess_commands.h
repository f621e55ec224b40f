// show and moves for chess positions: the commands tell the game by the FEN (or --game) and
// hand chess input here (perft has one report for both games, in cmd_perft.cpp). Each returns
// the process exit code.
#pragma once

#include "apps/position_input.h"

namespace retrocheck::app {

struct ChessShowOptions {
    bool flip = false, json = false;
};
int show_chess(const ChessInput& input, ChessShowOptions options);

int moves_chess(const ChessInput& input, bool json);

}  // namespace retrocheck::app
