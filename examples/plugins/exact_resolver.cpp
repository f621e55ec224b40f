// An example probe plugin that passes check-probe: our capture resolver
// (tablebases/probe/resolver.h) over the capture-free view of the tables, exact win, draw or loss
// and distance (DTW) for every position the tables cover, as it declares.
//
// The tests build it again as faulty_resolver, whose fault the environment variable
// EXAMPLE_RESOLVER_FAULT names (apps/tests/plugin_cli_test.cpp):
//   longer-wins     wins of 9 plies or more said to take 2 plies longer: the distance is wrong
//   gives-up        the seed's broken resolver: "not stored" wherever a capture is possible,
//                   though it declares every position valued
//   no-distance     declares DTW and gives no distance
//   wld-declared    declares win, draw or loss only and gives distances
//   missing         "missing" for every position of 3 pieces or more, tables the reference holds
//   not-stored      declares capture positions not stored and answers so: a correct
//                   Chinook-style reader, which contradicts nothing and passes at the share of
//                   positions valued its user states (--min-valued)
#include <cstdlib>
#include <string>

#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "example_database.h"
#include "tablebases/probe/resolver.h"

namespace {

// The fault this build plays, or "" (the example itself).
const std::string& fault() {
#ifdef EXACT_RESOLVER_FAULTS
    static const std::string f =
        std::getenv("EXAMPLE_RESOLVER_FAULT") ? std::getenv("EXAMPLE_RESOLVER_FAULT") : "";
#else
    static const std::string f;
#endif
    return f;
}

rc_probe_result resolve(const retrocheck::checkers::Position& pos, const example::Database& db) {
    using retrocheck::Outcome;
    const std::string& f = fault();
    if ((f == "gives-up" || f == "not-stored") &&
        retrocheck::checkers::either_side_can_capture(pos))
        return example::status_only(RC_PROBE_NOT_STORED);
    if (f == "missing" && pos.piece_count() >= 3) return example::status_only(RC_PROBE_MISSING);
    const retrocheck::tb::ProbeResult r =
        retrocheck::tb::CaptureResolver(*db.capture_free).probe(pos);
    switch (r.status) {
        case retrocheck::tb::ProbeStatus::Ok:
            if (f == "longer-wins" && r.value.is_win() && r.value.plies() >= 9)
                return example::value_result(Outcome::win(r.value.plies() + 2));
            if (f == "no-distance") return example::value_result(r.value.wld_only());
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

}  // namespace

extern "C" const rc_plugin* retrocheck_plugin(void) {
    // DTW for every position, capture positions included (or what the fault declares).
    static const rc_plugin plugin = {
        RC_PLUGIN_ABI_VERSION,
        RC_GAME_CHECKERS,
        fault().empty() ? "exact_resolver" : "faulty_resolver",
        nullptr,
        nullptr,
        probe,
        fault() == "wld-declared" ? RC_METRIC_WLD : RC_METRIC_DTW,
        fault() == "not-stored" ? RC_CAPTURES_NOT_STORED : RC_CAPTURES_RESOLVED,
        nullptr /* no chess probe */,
        0};
    return &plugin;
}
