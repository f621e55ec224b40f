// What DTZ50 a position has, given its children (CHESS.md, "Metrics"): the one-ply rule our DTZ
// tables keep exactly, which the builder, the oracle (oracles/chess/dtz50.h) and the probe of a
// position with an en passant right share. DTZ is not DTM: it counts plies to the next zeroing
// move (a capture or a pawn move) on the winning line, so a child reached by a zeroing move
// counts 1 whatever its own DTZ, as does a checkmating move.
#pragma once

#include <span>

#include "engine/core/outcome.h"
#include "tablebases/chess/source.h"

namespace retrocheck::tb::chess {

struct DtzChild {
    bool zeroing = false;   // a capture or a pawn move leads to it
    bool mated = false;     // the child is checkmate
    Wdl5 wdl = Wdl5::Draw;  // the child's result for its side to move
    int dtz = 0;            // the child's DTZ as read (used when the move does not zero)
};

// The exact value a position's children give it under the 50-move rule, nothing rounded (the
// rule our DTZ tables keep; oracles/chess/dtz50.h solves the same from scratch). Each move is
// worth, to its mover, a number of plies to the zeroing move:
//   - a checkmating move, or a zeroing move to a child lost at counter 0: a win in 1; a zeroing
//     move to a child only the 50-move rule saves (a blessed loss): a cursed win in 101
//     (Syzygy's convention); to a child won at counter 0: a loss in 1; to a cursed win: a
//     blessed loss in 101; to a draw: a draw;
//   - any other move: the child's |dtz| + 1, a win when the child is lost, a loss when it is won.
// The position takes its shortest win, else a draw, else its longest loss; a win or loss past
// 100 plies is cursed or blessed. `child` is the move that decides it (-1: none, a draw with no
// drawing move, checkmate or stalemate).
struct ImpliedDtz {
    Wdl5 wdl = Wdl5::Draw;
    int dtz = 0;
    int child = -1;
};
ImpliedDtz implied_dtz50(std::span<const DtzChild> children, bool in_check);

}  // namespace retrocheck::tb::chess
