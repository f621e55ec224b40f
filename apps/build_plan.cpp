#include "apps/build_plan.h"

#include <fmt/format.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <limits>

#include "apps/progress.h"
#include "engine/core/text.h"

namespace retrocheck::app {

namespace {

// The builder numbers a table's slots with 32-bit ids.
constexpr std::uint64_t kMostSlots = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint64_t kMargin = 32ull << 20;

}  // namespace

std::uint64_t own_build_bytes(const PlannedTable& t) {
    return t.slots * (static_cast<std::uint64_t>(t.value_bytes) + 1) + t.slots / 4 +
           4 * t.phase_slots + kMargin;
}

std::uint64_t table_bytes(std::uint64_t slots, int value_bytes) {
    return slots * static_cast<std::uint64_t>(value_bytes);
}

std::uint64_t least_build_bytes(const PlannedTable& t) {
    return own_build_bytes(t) + table_bytes(t.largest_successor_slots, t.value_bytes);
}

std::uint64_t least_build_budget(const std::vector<PlannedTable>& tables) {
    std::uint64_t most = 0;
    for (const PlannedTable& t : tables) most = std::max(most, least_build_bytes(t));
    return most;
}

std::uint64_t default_build_budget(const std::vector<PlannedTable>& tables) {
    const std::uint64_t least = least_build_budget(tables), usable = usable_memory_bytes();
    return least + std::min(kSpareBuildBytes, usable > least ? usable - least : 0);
}

std::uint64_t successor_room(const PlannedTable& t, std::uint64_t budget) {
    const std::uint64_t own = own_build_bytes(t);
    return std::max(budget > own ? budget - own : 0,
                    table_bytes(t.largest_successor_slots, t.value_bytes));
}

std::uint64_t build_bytes(const PlannedTable& t, std::uint64_t budget) {
    return own_build_bytes(t) +
           std::min(table_bytes(t.successor_slots, t.value_bytes), successor_room(t, budget));
}

std::vector<std::vector<std::size_t>> group_by_room(const std::vector<std::uint64_t>& bytes,
                                                    std::uint64_t room) {
    std::vector<std::size_t> order(bytes.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return bytes[a] > bytes[b]; });
    std::vector<std::vector<std::size_t>> groups;
    std::vector<std::uint64_t> held;
    for (const std::size_t i : order) {
        std::size_t g = 0;
        while (g < groups.size() && held[g] + bytes[i] > room) ++g;
        if (g == groups.size()) {
            groups.emplace_back();
            held.push_back(0);
        }
        groups[g].push_back(i);
        held[g] += bytes[i];
    }
    return groups;
}

std::uint64_t usable_memory_bytes() {
    const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
    std::uint64_t most = pages > 0 && page > 0
                             ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page)
                             : std::numeric_limits<std::uint64_t>::max();
    rlimit r{};
    if (::getrlimit(RLIMIT_AS, &r) == 0 && r.rlim_cur != RLIM_INFINITY)
        most = std::min<std::uint64_t>(most, r.rlim_cur);
    std::ifstream cgroup("/sys/fs/cgroup/memory.max");
    std::uint64_t limit = 0;
    if (cgroup >> limit && limit > 0) most = std::min(most, limit);
    return most;
}

Result<bool> check_build_fits(const std::vector<PlannedTable>& tables, std::uint64_t budget) {
    const std::uint64_t usable = usable_memory_bytes();
    // From the last table in build order: the one asked for, not a smaller one it needs.
    for (auto it = tables.rbegin(); it != tables.rend(); ++it) {
        const PlannedTable& t = *it;
        const std::uint64_t least = least_build_bytes(t);
        if (t.slots > kMostSlots)
            return Error{fmt::format(
                "{} has {} slots: more than the builder's 32-bit ids number ({} a table); its "
                "build would also need about {} of memory (this machine has {})",
                t.name, grouped(t.slots), grouped(kMostSlots), bytes_text(least),
                bytes_text(usable))};
        if (least > usable)
            return Error{
                fmt::format("{} needs about {} of memory to build ({} slots, and {} of its largest "
                            "successor); this machine has {}",
                            t.name, bytes_text(least), grouped(t.slots),
                            grouped(t.largest_successor_slots), bytes_text(usable))};
        if (least > budget)
            return Error{
                fmt::format("{} needs about {} of memory to build ({} slots, and {} of its largest "
                            "successor): more than --memory {}",
                            t.name, bytes_text(least), grouped(t.slots),
                            grouped(t.largest_successor_slots), bytes_text(budget))};
    }
    if (budget > usable)
        return Error{fmt::format("--memory {} is more than this machine has ({})",
                                 bytes_text(budget), bytes_text(usable))};
    return true;
}

}  // namespace retrocheck::app
