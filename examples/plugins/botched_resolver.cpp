// An example probe plugin that check-probe must report for wrong values: the seed's recursive
// resolver (see naive_resolver.cpp) with the combination botched, as its author warns ("Implement
// that logic carefully, I botched it once"): a position with a child won for the opponent is
// called lost, where every child must be. It ends where the naive one does not by the seed's
// own guess ("If we play two non-capture moves in a row, does that mean that we are drawn?
// Perchance."): two quiet moves in a row are called a draw, which is wrong too.
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "example_database.h"

namespace {

using example::Answer;
using retrocheck::Wld;
using retrocheck::checkers::Position;

// quiet_plies: quiet moves played in a row to reach pos.
Answer value(const Position& pos, const example::Database& db, int quiet_plies) {
    const auto moves = retrocheck::checkers::legal_moves(pos);
    if (const auto a = example::settled(pos, !moves.empty(), db)) return *a;
    if (quiet_plies >= 2) return {RC_PROBE_OK, Wld::Draw};  // "Perchance."
    bool any_won = false, any_lost = false;
    for (const auto& m : moves) {
        const Answer child = value(pos.after(m), db, m.is_capture() ? 0 : quiet_plies + 1);
        if (child.status != RC_PROBE_OK) return child;
        any_lost = any_lost || child.wld == Wld::Loss;
        any_won = any_won || child.wld == Wld::Win;  // the botch: all children must be wins
    }
    return {RC_PROBE_OK, any_lost ? Wld::Win : any_won ? Wld::Loss : Wld::Draw};
}

rc_probe_result probe(const char* fen) {
    return example::probe_fen(fen, [](const Position& pos, const example::Database& db) {
        return example::answer_result(value(pos, db, 0));
    });
}

// Win, draw or loss for every position, capture positions included.
const rc_plugin kPlugin = {RC_PLUGIN_ABI_VERSION,
                           RC_GAME_CHECKERS,
                           "botched_resolver",
                           nullptr,
                           nullptr,
                           probe,
                           RC_METRIC_WLD,
                           RC_CAPTURES_RESOLVED,
                           nullptr /* no chess probe */,
                           0};

}  // namespace

extern "C" const rc_plugin* retrocheck_plugin(void) { return &kPlugin; }
