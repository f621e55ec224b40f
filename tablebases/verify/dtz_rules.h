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
    bool zeroing = false;  // a capture or a pawn move leads to it
    bool mated = false;    // the child is checkmate
    Wld wld = Wld::Draw;   // the child's result for its side to move
    int dtz = 0;           // the child's DTZ as read (used when the move does not zero)
};

struct DtzBreak {
    const char* rule;       // dtz-draw-is-0, dtz-sign, dtz-zeroing-line, dtz-50-move
    int low = 0, high = 0;  // the |dtz| the children allow
    int child = -1;         // the child that bounds it, -1: none
};

// Nothing when `dtz` fits the position's result `wdl` and its children. A win without a losing
// child, or a loss with a child not won, is the WDL rules' finding and not judged here.
std::optional<DtzBreak> judge_dtz(Wdl5 wdl, int dtz, std::span<const DtzChild> children);

}  // namespace retrocheck::tb::chess
