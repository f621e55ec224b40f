// The static evaluation: what an engine author expects of a checkers evaluation, in centipawn-
// like units for the side to move (a man is 100). Always within +-kMaxEval, so it can never be
// mistaken for an exact score (score.h).
#pragma once

#include "engine/checkers/position.h"
#include "engine/search/score.h"

namespace retrocheck::checkers {

using search::kMaxEval;
using search::Score;

// The terms, each for Black minus White, before the side-to-move sign: exposed so tests can
// check each term on its own.
struct EvalTerms {
    int material = 0;     // men 100, kings 140
    int advancement = 0;  // men further up the board, more near the crowning row
    int back_rank = 0;    // the bridge (1 and 3 for Black, 30 and 32 for White) kept while
                          // the opponent still has men to crown
    int runaway = 0;      // men no opposing piece can stand in front of
    int kings = 0;        // king mobility, trapped kings, kings kept off the edges
    int centre = 0;       // pieces on the centre squares
    int simplify = 0;     // the side ahead in material likes trading down
    int total() const {
        return material + advancement + back_rank + runaway + kings + centre + simplify;
    }
};

EvalTerms eval_terms(const Position& pos);

// For the side to move.
Score evaluate(const Position& pos);

}  // namespace retrocheck::checkers
