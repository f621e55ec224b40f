// check-probe: a plugin's probe (a user's database code and capture resolver) against the values
// of our tables. Random positions of every piece count the tables cover, weighted toward what
// breaks resolvers (tablebases/probe/resolver_cases.h), or every position up to a piece count.
// Wrong values, wrong statuses, calls that never return and crashes are counted; the first of
// each are shrunk to the fewest pieces that still show them.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/checkers/move.h"
#include "engine/checkers/position.h"
#include "engine/core/outcome.h"
#include "plugins/plugin_process.h"
#include "tablebases/probe/source.h"

namespace retrocheck::plugins {

struct ProbeCheckOptions {
    std::uint64_t cases = 10000;  // random positions (when seconds is 0)
    double seconds = 0;           // or: random positions until this much time is left
    int exhaustive = 0;           // or: every position of up to this many pieces
    int pieces = 0;               // positions of 2..pieces; 0: the tables' largest slices
    // Also ask about positions of one piece more than the tables hold, where a value is a wrong
    // status (the plugin must not value what it cannot know).
    bool outside = true;
    std::uint64_t seed = 1;
    int max_examples = 5;        // shown (shrunk), and the first of each kind of problem
    int max_call_failures = 20;  // failed calls (crashes, no answer) before the run stops
};

// The reference: every position's true value, and how far it reaches.
struct Reference {
    const tb::TableSource& truth;
    int max_pieces = 0;
};

enum class ProbeProblem { WrongValue, WrongStatus, NonTerminating, Crash };
const char* to_string(ProbeProblem p);  // "wrong-value", "wrong-status", ...

struct ProbeExample {
    ProbeProblem problem = ProbeProblem::WrongValue;
    std::string kind;             // the kind of case it was found as ("threat cycle", ...)
    checkers::Position position;  // shrunk
    checkers::Position found;     // as drawn
    double found_after = 0;       // seconds from the start of the run
    std::optional<rc_probe_result> plugin;  // what the plugin answered at `position`
    std::optional<Outcome> ours;            // the true value, when the tables hold it
    // The move that shows our value: to a child whose value (for its side to move), one ply up,
    // is ours; with that child's value.
    std::optional<checkers::Move> child;
    std::optional<Outcome> child_value;
    std::string message;  // how the call failed
};

struct ProbeReport {
    std::string plugin, library;
    int pieces = 0;             // the largest piece count asked about
    std::uint64_t checked = 0;  // positions asked
    std::uint64_t wrong_values = 0, wrong_statuses = 0, non_terminating = 0, crashes = 0;
    std::uint64_t valued = 0;      // positions the tables hold that the plugin gave a value
    std::uint64_t missing = 0;     // positions the plugin said it has no table for
    std::uint64_t not_stored = 0;  // capture positions the plugin said it does not store
    struct KindCount {
        std::string label;
        std::uint64_t asked = 0, problems = 0;
    };
    std::vector<KindCount> kinds;  // by kind of case, in label order
    bool stopped = false;          // too many failed calls
    std::vector<ProbeExample> examples;
    double seconds = 0;

    std::uint64_t problems() const {
        return wrong_values + wrong_statuses + non_terminating + crashes;
    }
};

// The time a run keeps free at its end with --time: a call's limit and a second (a host started
// again after a failure may take longer, up to its load limit).
double time_margin(const PluginProcess& plugin);

// reference.max_pieces must be 2 or more.
ProbeReport check_probe(PluginProcess& plugin, const Reference& reference,
                        const ProbeCheckOptions& options,
                        const std::function<void(const std::string&)>& log = {});

}  // namespace retrocheck::plugins
