// Which broken rules are findings (a stored value that is wrong) and which are consequences of
// another position's wrong value. One wrong value breaks rules at up to a handful of positions:
// its own one-ply rule, flip symmetry with its mirror (at both), and its parents' rules. A
// second look at the children and the mirror of a position that breaks a rule tells them apart.
//
// own(P): P's stored value is not the one its children's values imply (implied(P)).
// sym(P): P's mirror stores another value.
//   1. own(P), sym(P), the mirror stores implied(P) and keeps its own rule: finding, the value
//      should be implied(P).
//   2. sym(P) alone: a consequence of the mirror when the mirror breaks its own rule. Else both
//      agree with their children, which must then differ from their own mirrors: a consequence
//      of such a child (the one that sets P's value if it is one). Else (children missing) the
//      first of the two in walk order is a finding and the other its consequence.
//   3. own(P): a consequence of a child without a value; else of a child that breaks a rule
//      itself when the value that child should have (implied by its own children, or stored by
//      its mirror) makes P's value right again, alone or with the other such children; else a
//      finding. Its value should be what its children imply once each child that breaks a
//      rule takes the value it should have (unknown if one has none).
// A position whose stored byte is not a value, or with a child whose slice is missing, is a
// finding. Unlike "a consequence of any child that breaks a rule", rule 3 keeps a wrong value
// beside an unrelated wrong child a finding.
#pragma once

#include <optional>
#include <string>

#include "engine/checkers/position.h"
#include "engine/core/outcome.h"
#include "tablebases/table.h"

namespace retrocheck::tb {

struct Classification {
    bool finding = true;
    std::optional<Outcome> expected;          // finding: what the value should be, when known
    std::optional<checkers::Position> cause;  // consequence: whose wrong value explains it
    std::string relation;                     // how: "child 14-10" or "mirror"
    bool fails_own = false;                   // the position breaks its own one-ply rule
    bool mirror_fails_own = false;            // its mirror does
};

// For a position of `tables` that breaks a rule. Consequences may form a cycle (see
// cause_chain.h); this does not resolve it.
Classification classify(const TableSet& tables, const checkers::Position& pos);

// Walk order (slices in build order, then table ids) of two positions of `tables`.
bool walk_before(const TableSet& tables, const checkers::Position& a, const checkers::Position& b);

}  // namespace retrocheck::tb
