// Exact distances beyond the tables. The prover (prover.h) proves win, draw or loss; a distance
// (DTW: plies to the end of the game, the winner hurrying and the loser delaying) needs more:
// "the side to move wins within d plies" and "loses within d plies", searched AND-OR to depth d
// with the tables' own distances at the leaves and each answer kept per position and depth. A
// win in exactly n is a win within n and none within n - 2; a loss in exactly n likewise. What
// the budget does not reach stays unknown: a distance is never guessed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "engine/checkers/position.h"
#include "engine/checkers/prove/prover.h"
#include "engine/checkers/search/search.h"
#include "engine/core/outcome.h"

namespace retrocheck::checkers::prove {

struct DistanceProof {
    // Whether the position's value is exactly the one claimed; nullopt: not settled.
    std::optional<bool> exact;
    // When not exact: what was proven instead ("not a win within 17 plies", "a win within 15
    // plies"); when unsettled: what ran out.
    std::string because;
    std::uint64_t nodes = 0;
    double seconds = 0;
};

// Whether pos (for its side to move) is exactly `claimed`, a win or a loss with a distance.
// tables may be null (the search then goes to the end of the game).
DistanceProof prove_distance(const Position& pos, const Outcome& claimed, EndgameProbe* tables,
                             const ProveLimits& limits);

}  // namespace retrocheck::checkers::prove
