// check-probe: a plugin's probe (a user's database reader, capture resolver or chess prober)
// against the values of our tables, and against what the plugin declares it answers. The game's
// half (plugins/probe_games.h) says what is true of a position, judges a value, and draws
// positions by kind, weighted toward what breaks probers; the run here is the same for both
// games: random positions of every piece count the tables cover, or every position up to a
// piece count. Wrong values, wrong statuses, answers that contradict the declaration, calls that
// never return, crash or misbehave are counted; the first of each are shrunk to the fewest pieces
// that still show them. A plugin that values fewer than min_valued of the positions asked that
// the tables hold fails too, even when each answer it gave was allowed (a reader that declares
// capture positions not stored is held to the share its user states).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "plugins/plugin_process.h"
#include "plugins/probe_games.h"

namespace retrocheck::plugins {

// How far a run is, for a progress line: positions done (judged; walked, with exhaustive),
// problems found, and the positions to do in all (0 while unknown: a run against the clock).
struct ProbeProgress {
    std::atomic<std::uint64_t> done{0}, problems{0}, total{0};
};

struct ProbeCheckOptions {
    std::uint64_t cases = 10000;  // random positions (when seconds is 0)
    // Or: random positions until this many seconds have passed since the run began; a call under
    // way then is cut and not judged, so the run ends within moments of it.
    double seconds = 0;
    int exhaustive = 0;  // or: every position of up to this many pieces
    int pieces = 0;      // positions of 2..pieces; 0: the tables' largest slices
    // Also ask about positions of one piece more than the tables hold, where a value is a wrong
    // status (the plugin must not value what it cannot know).
    bool outside = true;
    std::uint64_t seed = 1;
    int max_examples = 20;              // shown (shrunk), and the first of each kind of problem
    int max_call_failures = 20;         // failed calls (crashes, no answer) before the run stops
    double min_valued = 0.95;           // the least share of the positions asked it must value
    ProbeProgress* progress = nullptr;  // updated as the run goes, when given
};

// What the plugin's answers were, position by position.
struct StatusCounts {
    std::uint64_t ok = 0, not_stored = 0, missing = 0, error = 0;
    std::uint64_t invalid = 0;  // a status that is not one of 0-3
    std::uint64_t failed = 0;   // calls that crashed, did not return or misbehaved
};

template <class G>
struct ProbeExampleOf {
    using Position = typename G::Position;
    ProbeProblem problem = ProbeProblem::WrongValue;
    std::string kind;        // the kind of case it was found as ("threat cycle", ...)
    Position position;       // shrunk
    Position found;          // as drawn
    double found_after = 0;  // seconds from the start of the run
    std::optional<typename G::Answer> plugin;  // what the plugin answered at `position`, as it was
    std::optional<typename G::Value> ours;     // the true value, when the tables hold it
    // The move that shows our value: to a child whose value (for its side to move), one ply up,
    // is ours; with that child's value.
    std::optional<typename G::Move> child;
    std::optional<typename G::Value> child_value;
    std::string message;  // how the call failed, or what is wrong with the answer
    // Why the shrink stopped before the fewest pieces (the plugin stopped answering); empty when
    // it did not.
    std::string shrink_stopped;
};

template <class G>
struct ProbeReportOf {
    std::string plugin, library;
    typename G::Declaration declared;  // what the plugin declares it answers
    bool distances_checked = false;    // the declared distances compared with the tables'
    int pieces = 0;                    // the largest piece count asked about
    std::uint64_t checked = 0;         // positions asked
    std::uint64_t wrong_values = 0, wrong_statuses = 0, contradictions = 0, non_terminating = 0,
                  crashes = 0, protocol = 0;
    StatusCounts statuses;  // of every position asked
    // Positions asked that the tables hold (not those beyond them, valued through their
    // captures), and of those the ones it gave a value (right or wrong).
    std::uint64_t held = 0;
    std::uint64_t valued = 0;
    std::uint64_t excused = 0;  // capture positions it said, as declared, it does not store
    // Values that differ from ours only as a written rule allows (chess: Syzygy's DTZ in full
    // moves, plugins/probe_games.h).
    std::uint64_t allowed = 0;
    double min_valued = 0;  // the least share of `held` it had to value
    struct KindCount {
        std::string label;
        std::uint64_t asked = 0, problems = 0;
    };
    std::vector<KindCount> kinds;  // by kind of case, in label order
    bool stopped = false;          // too many failed calls
    std::vector<ProbeExampleOf<G>> examples;
    double seconds = 0;

    // Set when the tables given as the reference could not be read: the run stopped, and
    // nothing it found is the plugin's fault.
    std::string reference_error;

    std::uint64_t problems() const {
        return wrong_values + wrong_statuses + contradictions + non_terminating + crashes +
               protocol;
    }
    // The share of the held positions valued (1 when none was asked).
    double valued_share() const {
        return held == 0 ? 1.0 : static_cast<double>(valued) / static_cast<double>(held);
    }
    // Valued too few positions: a failure even without a wrong answer.
    bool too_few_valued() const { return held == 0 || valued_share() < min_valued; }
    bool passed() const { return problems() == 0 && !too_few_valued(); }
};

// The plugin against game G's reference (G::Reference: the tables, up to how many pieces). The
// plugin plays G's game and offers its probe; the caller refuses a declaration G cannot check.
template <ProbeGame G>
ProbeReportOf<G> check_probe(PluginProcess& plugin, const typename G::Reference& reference,
                             const ProbeCheckOptions& options,
                             const std::function<void(const std::string&)>& log = {});

extern template ProbeReportOf<CheckersProbe> check_probe<CheckersProbe>(
    PluginProcess&, const CheckersProbe::Reference&, const ProbeCheckOptions&,
    const std::function<void(const std::string&)>&);
extern template ProbeReportOf<ChessProbe> check_probe<ChessProbe>(
    PluginProcess&, const ChessProbe::Reference&, const ProbeCheckOptions&,
    const std::function<void(const std::string&)>&);

}  // namespace retrocheck::plugins
