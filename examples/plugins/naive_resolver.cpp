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

using retrocheck::Outcome;
using retrocheck::Wld;
using retrocheck::checkers::Position;
namespace tb = retrocheck::tb;

// Win, draw or loss for the side to move, or the status that stopped the recursion.
struct Answer {
    rc_probe_status status = RC_PROBE_OK;
    Wld wld = Wld::Draw;
};

Answer value(const Position& pos, const example::Database& db) {
    const auto moves = retrocheck::checkers::legal_moves(pos);
    if (moves.empty()) return {RC_PROBE_OK, Wld::Loss};
    if (!retrocheck::checkers::either_side_can_capture(pos)) {
        const tb::ProbeResult r = db.files->probe(pos);
        if (r.status == tb::ProbeStatus::Missing) return {RC_PROBE_MISSING, Wld::Draw};
        if (r.status != tb::ProbeStatus::Ok) return {RC_PROBE_ERROR, Wld::Draw};
        return {RC_PROBE_OK, r.value.wld()};
    }
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
    const auto pos = retrocheck::checkers::parse_fen(fen);
    if (!pos) return example::status_only(RC_PROBE_ERROR);
    const example::Database* db = example::database();
    if (db == nullptr) return example::status_only(RC_PROBE_MISSING);
    const Answer a = value(*pos, *db);
    if (a.status != RC_PROBE_OK) return example::status_only(a.status);
    return example::value_result(Outcome::of(a.wld));
}

const rc_plugin kPlugin = {
    RC_PLUGIN_ABI_VERSION, RC_GAME_CHECKERS, "naive_resolver", nullptr, nullptr, probe};

}  // namespace

extern "C" const rc_plugin* retrocheck_plugin(void) { return &kPlugin; }
