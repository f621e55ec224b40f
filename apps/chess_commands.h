// show, moves and perft for chess positions: the commands tell the game by the FEN (or
// --game) and hand chess input here. Each returns the process exit code.
#pragma once

#include "apps/position_input.h"

namespace retrocheck::app {

struct ChessShowOptions {
    bool flip = false, json = false;
};
int show_chess(const ChessInput& input, ChessShowOptions options);

int moves_chess(const ChessInput& input, bool json);

struct ChessPerftOptions {
    int depth = 1;
    bool divide = false, json = false;
    int threads = 1;
};
int perft_chess(const ChessInput& input, ChessPerftOptions options);

}  // namespace retrocheck::app
