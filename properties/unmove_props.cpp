// Retrograde moves against forward moves: every parent given has a legal move to the
// position, and every quiet non-crowning move of a position is found again backwards.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/unmove.h"
#include "properties/checkers_gen.h"

namespace retrocheck::checkers {
namespace {

bool same_material(const Position& a, const Position& b) {
    for (Color c : {Color::Black, Color::White})
        if (popcount(a.men(c)) != popcount(b.men(c)) ||
            popcount(a.kings(c)) != popcount(b.kings(c)))
            return false;
    return true;
}

RC_GTEST_PROP(CheckersUnmove, EveryParentHasALegalMoveHere, ()) {
    const Position pos = *gen::mixed_position();
    classify(pos);
    for_each_quiet_parent(pos, [&](const Position& parent) {
        RC_ASSERT(parent.is_ok());
        RC_ASSERT(same_material(parent, pos));
        const MoveList moves = legal_moves(parent);
        const bool reaches = std::any_of(moves.begin(), moves.end(),
                                         [&](const Move& m) { return parent.after(m) == pos; });
        if (!reaches)
            RC_FAIL("parent\n" + describe(parent) + "has no legal move to\n" + describe(pos));
    });
}

RC_GTEST_PROP(CheckersUnmove, EveryQuietMoveIsFoundBackwards, ()) {
    const Position pos = *gen::mixed_position();
    classify(pos);
    for (const Move& m : legal_moves(pos)) {
        const Position child = pos.after(m);
        if (!same_material(child, pos)) continue;  // a capture or a crowning leaves the slice
        int found = 0;
        for_each_quiet_parent(child, [&](const Position& parent) { found += parent == pos; });
        if (found != 1)
            RC_FAIL("move " + format_move(m) + " from\n" + describe(pos) + "found " +
                    std::to_string(found) + " times among the parents of\n" + describe(child));
    }
}

}  // namespace
}  // namespace retrocheck::checkers
