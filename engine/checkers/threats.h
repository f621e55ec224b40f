// The kinds of positions that break capture resolvers (tablebases/probe/resolver.h), as move
// predicates: threats, the threat graphs kings walk in, and chains of captures.
#pragma once

#include "engine/checkers/position.h"

namespace retrocheck::checkers {

// Only the side not to move has a capture, and the side to move has a (quiet) move.
bool is_threat(const Position& pos);

// The threat positions reachable from pos by quiet moves through threat positions (pos
// included; empty when pos is no threat), at most `cap` of them, and whether a line of moves
// among them comes back to where it started (kings stepping out of a threat into one of their
// own and back): where naive recursion never ends.
struct ThreatGraph {
    int nodes = 0;
    bool cycle = false;
};
ThreatGraph threat_graph(const Position& pos, int cap = 1000);

// The longest line of captures answered by captures from pos, in plies: 0 when the side to
// move has no capture, 1 when no capture of it leaves the opponent one, and so on.
int capture_chain_plies(const Position& pos);

}  // namespace retrocheck::checkers
