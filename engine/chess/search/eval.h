// The static evaluation of a chess position for the side to move, in centipawns, always within
// +-kMaxEval (search/score.h) so it is never mistaken for an exact score.
//
// With endgame knowledge (a registry, endgames/registry.h), a material the registry holds is
// valued by its specialised evaluator alone, and pawnless material with too little to mate is
// scaled toward a draw; without it, every position gets the general terms.
#pragma once

#include "engine/chess/endgames/registry.h"
#include "engine/chess/position.h"
#include "engine/search/score.h"

namespace retrocheck::chess {

// The general terms, each for White minus Black, exposed so tests can check each on its own.
struct EvalTerms {
    int material = 0;   // P 100, N 320, B 330, R 500, Q 900
    int placement = 0;  // knights and bishops central, kings sheltered early and central late
    int pawns = 0;      // advanced and passed pawns
    int bishop_pair = 0;
    int phase = 0;  // 24 with every piece on the board, 0 with none but kings and pawns
    int total() const { return material + placement + pawns + bishop_pair; }
};
EvalTerms eval_terms(const Position& pos);

// For the side to move; knowledge may be null (the general evaluation only).
search::Score evaluate(const Position& pos, const endgames::Registry* knowledge);

}  // namespace retrocheck::chess
