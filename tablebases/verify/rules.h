// The one-ply consistency rules (CHECKERS.md, "Metrics"), judged from a stored value and its
// children's values, shared by the verifier and the auditor.
#pragma once

#include <optional>
#include <span>

#include "engine/core/outcome.h"

namespace retrocheck::tb {

// Which rule a stored value breaks given its children's values (each from the child's side to
// move), and the child that proves it (-1: none does). Nothing when every rule holds. Without
// a distance in `stored` (WLD-only sources) only the win/draw/loss rules apply.
struct RuleBreak {
    const char* rule;
    int child;
};

std::optional<RuleBreak> judge(const Outcome& stored, std::span<const Outcome> children);

// The one value the children's values (with distances) allow, by the same rules: a win one ply
// longer than the shortest lost child, else a draw when a child is drawn, else a loss one ply
// longer than the longest won child; a loss in 0 without children. judge() finds nothing
// exactly when `stored` is this value.
Outcome implied(std::span<const Outcome> children);

}  // namespace retrocheck::tb
