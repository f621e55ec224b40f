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
struct Finding {
    const char* rule;
    int child;
};

std::optional<Finding> judge(const Outcome& stored, std::span<const Outcome> children);

}  // namespace retrocheck::tb
