// What a build will ask for, checked before any work starts: a table the builder's 32-bit ids
// cannot number, or one whose build needs more memory than the machine has, is refused with
// what it would need, instead of starting work that cannot finish.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "apps/games.h"
#include "engine/core/result.h"
#include "tablebases/build/method.h"
#include "tablebases/game.h"

namespace retrocheck::app {

struct PlannedTable {
    std::string name;                           // "KQRvKR", "bm1bk2wm1wk2"
    std::uint64_t slots = 0;                    // both sides to move
    std::uint64_t successor_slots = 0;          // of the finished tables its moves lead to
    std::uint64_t largest_successor_slots = 0;  // of the largest of them
    int value_bytes = 1;                        // a slot's value: 1 (checkers), 2 (chess)
    // Solved in phases (chess DTZ50 with pawns): about the slots of its largest phase, which the
    // builder lists by 4-byte id; else 0.
    std::uint64_t phase_slots = 0;
};

// Slice s of a build of Built's tables (G's own metric, or chess::ChessDtzGame) as the memory
// budget plans it.
template <typename G, typename Built = G>
PlannedTable planned_table(const typename G::Slice& s) {
    using Game = AppGame<G>;
    PlannedTable t{G::name(s), Game::slots(s), 0, 0, sizeof(tb::CodeOf<Built>)};
    for (const auto& next : G::successors(s)) {
        t.successor_slots += Game::slots(next);
        t.largest_successor_slots = std::max(t.largest_successor_slots, Game::slots(next));
    }
    if constexpr (requires { Built::largest_phase_share(s); })
        if (Built::phases(s) > 1)
            t.phase_slots = static_cast<std::uint64_t>(static_cast<double>(t.slots) *
                                                       Built::largest_phase_share(s));
    return t;
}

// The process's own memory between builds that own_build_bytes' margin allows for (a process
// holding no table rests at about 10 MiB); the rest of the margin is the build's work beside
// its arrays.
inline constexpr std::uint64_t kRestingBytes = std::uint64_t{16} << 20;
// The spare a build can keep under its budget when the process is `resident` bytes, `held` of
// them tables: the planned spare, less what the process holds beyond its tables and
// kRestingBytes (the allocator's residue of earlier work that malloc_trim cannot return, 45 MB
// more than a resumed build's in a 5-piece build's DTZ50 half, after its DTM half).
inline std::uint64_t measured_spare(std::uint64_t planned_spare, std::uint64_t resident,
                                    std::uint64_t held) {
    const std::uint64_t beyond =
        resident > held + kRestingBytes ? resident - held - kRestingBytes : 0;
    return planned_spare > beyond ? planned_spare - beyond : 0;
}

// Bytes of a table's own build: a value and a count a slot and two bits (the builder's arrays),
// the list of its largest phase's ids when it is solved in phases, and a margin for the rest of
// the process.
std::uint64_t own_build_bytes(const PlannedTable& t);
// Bytes of finished tables in memory: `slots` values.
std::uint64_t table_bytes(std::uint64_t slots, int value_bytes);
// The least a table's build can work in: its own arrays and its largest successor.
std::uint64_t least_build_bytes(const PlannedTable& t);

// Bytes a build's default budget holds beyond the least it can work in: more successors read at
// once, and tables later tables need kept instead of read again.
inline constexpr std::uint64_t kSpareBuildBytes = std::uint64_t{2} << 30;

// The least memory a build of `tables` can work in: the most that one table's build needs with
// its largest successor beside it.
std::uint64_t least_build_budget(const std::vector<PlannedTable>& tables);
// The memory a build aims to stay within unless told (--memory): the least, and
// kSpareBuildBytes where the machine has them. A table whose successors do not fit beside it reads
// them a group at a time (tablebases/build/folded_exits.h).
std::uint64_t default_build_budget(const std::vector<PlannedTable>& tables);
// Bytes of finished tables t's build may hold beside its own arrays under `budget`: what is
// left of it, but at least its largest successor.
std::uint64_t successor_room(const PlannedTable& t, std::uint64_t budget);
// Bytes a table's build holds at its peak under `budget`: its own arrays and its successors, all
// of them or those of one group, whichever fits. Measured with every successor in memory and
// one-byte values: KQRvKR (220,215,072 slots, 10,655,568 successor slots) peaked at 509,764 KiB,
// this formula 527,045 KiB.
std::uint64_t build_bytes(const PlannedTable& t, std::uint64_t budget);

// Items of the given sizes in groups of at most `room` bytes each (an item larger than room
// alone), largest first into the first group it fits: indexes into `bytes`. One group when
// everything fits.
std::vector<std::vector<std::size_t>> group_by_room(const std::vector<std::uint64_t>& bytes,
                                                    std::uint64_t room);

// What slice s's build reads under `budget`: its successors in groups (one group: all of them
// at once, as grandfather always reads them), and the bytes of other tables the window may keep
// beside them.
template <typename G>
struct SuccessorReads {
    std::vector<std::vector<typename G::Slice>> groups;
    std::uint64_t spare = 0;
    std::uint64_t budget = 0;  // what the process's memory is planned to stay within
};
template <typename G, typename Built>
SuccessorReads<G> successor_reads(const typename G::Slice& s, std::uint64_t budget,
                                  tb::BuildMethod method) {
    const PlannedTable t = planned_table<G, Built>(s);
    const std::uint64_t room = successor_room(t, budget);
    const auto next = G::successors(s);
    std::vector<std::uint64_t> bytes;
    for (const auto& n : next) bytes.push_back(table_bytes(AppGame<G>::slots(n), t.value_bytes));
    SuccessorReads<G> out;
    const bool all_at_once = method == tb::BuildMethod::Grandfather;
    for (const auto& group :
         group_by_room(bytes, all_at_once ? std::numeric_limits<std::uint64_t>::max() : room)) {
        out.groups.emplace_back();
        for (const std::size_t i : group) out.groups.back().push_back(next[i]);
    }
    const std::uint64_t held = table_bytes(t.successor_slots, t.value_bytes);
    if (out.groups.size() <= 1 && room > held) out.spare = room - held;
    out.budget = budget;
    return out;
}

// The memory this process may use: the smallest of the machine's, its address-space limit and
// its cgroup's limit, where they are set.
std::uint64_t usable_memory_bytes();

// Refuses a table that has 2^32 slots or more, whose build needs more than `budget` (its own
// arrays and its largest successor), or a budget over usable_memory_bytes(), naming the table,
// its slots and what it would need: the last such in build order (tables are in build order,
// the ones asked for last).
Result<bool> check_build_fits(const std::vector<PlannedTable>& tables, std::uint64_t budget);

}  // namespace retrocheck::app
