// What Syzygy's DTZ of a position must be, given its children (CHESS.md, "Metrics"). DTZ is not
// DTM: it counts plies to the next zeroing move (a capture or a pawn move) on the winning line,
// so a child reached by a zeroing move counts 1 whatever its own DTZ, as does a checkmating move.
//
//   win:  |dtz| = the least, over moves to a child lost for the opponent, of 1 (zeroing or
//         mating) or the child's |dtz| + 1
//   loss: |dtz| = the most, over all moves, of 1 (zeroing) or the child's |dtz| + 1; 1 when mated
//   draw: dtz = 0
//
// Syzygy may store a DTZ rounded down by one ply where that cannot change a result under the
// 50-move rule (Fathom's probe_dtz: "a return value -n can mean a loss in n+1 ply"), so every
// value read, the children's too, may be one below the truth: a child read as d is d or d + 1,
// and the position's value may be one below what its children imply. The rules allow that
// window and no more; and a win or loss (not cursed or blessed) must then still have a zeroing
// move within 100 plies, a cursed win or blessed loss none.
#pragma once

#include <optional>
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

struct DtzBreak {
    const char* rule;       // dtz-draw-is-0, dtz-sign, dtz-zeroing-line, dtz-50-move
    int low = 0, high = 0;  // the |dtz| the children allow
    int child = -1;         // the child that bounds it, -1: none
};

// Nothing when `dtz` fits the position's result `wdl` and its children. A win without a losing
// child, or a loss with a child not won, is the WDL rules' finding and not judged here.
std::optional<DtzBreak> judge_dtz(Wdl5 wdl, int dtz, std::span<const DtzChild> children);

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
