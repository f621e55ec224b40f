// An example probe plugin with the bug of the seed (../shared/seeds, "Using the Chinook WLD
// database"): the obvious recursive resolver over a capture-free database. Where either side has
// a capture it recurses into every move and combines the children's values (a child lost for the
// opponent: a win; every child won for the opponent: a loss; else a draw), and looks a position
// up only when neither side has one. Where only the side not to move has a capture, its quiet
// moves can lead to another such position and back ("you play a move which removes the capture,
// then he plays a move which restores the capture, and so on"): the recursion never ends, here
// until the stack overflows. check-probe must report that as non-termination, shrunk.
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "example_database.h"

namespace {

using example::Answer;
using retrocheck::Wld;
using retrocheck::checkers::Position;

Answer value(const Position& pos, const example::Database& db) {
    const auto moves = retrocheck::checkers::legal_moves(pos);
    if (const auto a = example::settled(pos, !moves.empty(), db)) return *a;
    bool all_won = true, any_lost = false;
    for (const auto& m : moves) {
        const Answer child = value(pos.after(m), db);
        if (child.status != RC_PROBE_OK) return child;
        any_lost = any_lost || child.wld == Wld::Loss;
        all_won = all_won && child.wld == Wld::Win;
    }
    return {RC_PROBE_OK, any_lost ? Wld::Win : all_won ? Wld::Loss : Wld::Draw};
}

rc_probe_result probe(const char* fen) {
    return example::probe_fen(fen, [](const Position& pos, const example::Database& db) {
        return example::answer_result(value(pos, db));
    });
}

// Win, draw or loss for every position, capture positions included.
const rc_plugin kPlugin = {RC_PLUGIN_ABI_VERSION,
                           RC_GAME_CHECKERS,
                           "naive_resolver",
                           nullptr,
                           nullptr,
                           probe,
                           RC_METRIC_WLD,
                           RC_CAPTURES_RESOLVED,
                           nullptr /* no chess probe */,
                           0};

}  // namespace

extern "C" const rc_plugin* retrocheck_plugin(void) { return &kPlugin; }
