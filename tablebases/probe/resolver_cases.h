// What a capture resolver is asked about when it is tested: kinds of positions, each with the
// weight it is drawn with. One table, used by the resolver's own properties and by check-probe
// on a user's resolver.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "engine/checkers/position.h"
#include "engine/core/outcome.h"

namespace retrocheck::tb {

enum class ResolverCase {
    Plain,             // any position
    Threat,            // only the side not to move has a capture
    ThreatGraph,       // ... and a quiet move steps out of it into a threat to the opponent
    ThreatCycle,       // ... and moves among such threats come back (naive recursion loops)
    CaptureChain,      // a capture the opponent answers with a capture
    CaptureChoice,     // capture moves of different values: the best one must be taken
    EveryCaptureLoses  // two capture moves or more, and the position is lost
};

struct ResolverCaseKind {
    ResolverCase kind;
    const char* label;  // "threat cycle"
    int weight;         // how often it is drawn, against the sum of all weights
};

// Every kind, with its label and weight.
std::span<const ResolverCaseKind> resolver_cases();
const char* label(ResolverCase c);

// The true value of a position, for the kinds defined by values (nothing: not known).
using TrueValue = std::function<std::optional<Outcome>(const checkers::Position&)>;

// Whether pos is of kind c. ThreatCycle is too rare to find by sampling: draw it from
// threat_cycles() (this tests it all the same).
bool is_case(ResolverCase c, const checkers::Position& pos, const TrueValue& value);

// Every threat position with a cycle in its threat graph among the 4-piece positions of a lone
// king against three pieces (a king on each side: men cannot come back). Searching every 2-4
// piece position finds 40, all of this material. Computed once (a fraction of a second).
const std::vector<checkers::Position>& threat_cycles();

}  // namespace retrocheck::tb
