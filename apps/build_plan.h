// What a build will ask for, checked before any work starts: a table the builder's 32-bit ids
// cannot number, or one whose build needs more memory than the machine has, is refused with
// what it would need, instead of starting work that cannot finish.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/result.h"

namespace retrocheck::app {

struct PlannedTable {
    std::string name;                   // "KQRvKR", "bm1bk2wm1wk2"
    std::uint64_t slots = 0;            // both sides to move
    std::uint64_t successor_slots = 0;  // of the finished tables its moves lead to
    int value_bytes = 1;                // a slot's value: 1 (checkers), 2 (chess)
};

// Bytes a table's build holds at its peak: a value and a count a slot and two bits (the builder's
// arrays), the finished successors' values, and a margin for the rest of the process. Measured
// with one-byte values: KQRvKR (220,215,072 slots, 10,655,568 successor slots) peaked at
// 509,764 KiB, this formula 527,045 KiB.
std::uint64_t build_bytes(const PlannedTable& t);

// The memory this process may use: the smallest of the machine's, its address-space limit and
// its cgroup's limit, where they are set.
std::uint64_t usable_memory_bytes();

// Refuses a table that has 2^32 slots or more, or whose build needs more than
// usable_memory_bytes(), naming it, its slots and what it would need: the last such in build
// order (tables are in build order, the ones asked for last).
Result<bool> check_build_fits(const std::vector<PlannedTable>& tables);

}  // namespace retrocheck::app
