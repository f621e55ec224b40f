// An example probe plugin that passes check-probe: our capture resolver
// (tablebases/probe/resolver.h) over the capture-free view of the tables, exact win, draw or loss
// and distance (DTW) for every position the tables cover.
#include "engine/checkers/notation.h"
#include "example_database.h"
#include "tablebases/probe/resolver.h"

namespace {

rc_probe_result resolve(const retrocheck::checkers::Position& pos, const example::Database& db) {
    const retrocheck::tb::ProbeResult r =
        retrocheck::tb::CaptureResolver(*db.capture_free).probe(pos);
    switch (r.status) {
        case retrocheck::tb::ProbeStatus::Ok:
#ifdef EXACT_RESOLVER_LONGER_WINS
            // A test variant (apps/tests): wins of 9 plies or more said to take 2 plies longer,
            // right win, draw or loss and wrong distance.
            if (r.value.is_win() && r.value.plies() >= 9)
                return example::value_result(retrocheck::Outcome::win(r.value.plies() + 2));
#endif
            return example::value_result(r.value);
        case retrocheck::tb::ProbeStatus::NotStored:
            return example::status_only(RC_PROBE_NOT_STORED);
        case retrocheck::tb::ProbeStatus::Missing:
            return example::status_only(RC_PROBE_MISSING);
        default:
            return example::status_only(RC_PROBE_ERROR);
    }
}

rc_probe_result probe(const char* fen) { return example::probe_fen(fen, resolve); }

const rc_plugin kPlugin = {
    RC_PLUGIN_ABI_VERSION, RC_GAME_CHECKERS, "exact_resolver", nullptr, nullptr, probe};

}  // namespace

extern "C" const rc_plugin* retrocheck_plugin(void) { return &kPlugin; }
