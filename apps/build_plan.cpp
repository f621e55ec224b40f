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

std::uint64_t build_bytes(const PlannedTable& t) {
    const auto width = static_cast<std::uint64_t>(t.value_bytes);
    return t.slots * (width + 1) + t.slots / 4 + t.successor_slots * width + kMargin;
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

Result<bool> check_build_fits(const std::vector<PlannedTable>& tables) {
    const std::uint64_t usable = usable_memory_bytes();
    // From the last table in build order: the one asked for, not a smaller one it needs.
    for (auto it = tables.rbegin(); it != tables.rend(); ++it) {
        const PlannedTable& t = *it;
        const std::uint64_t need = build_bytes(t);
        if (t.slots > kMostSlots)
            return Error{fmt::format(
                "{} has {} slots: more than the builder's 32-bit ids number ({} a table); its "
                "build would also need about {} of memory (this machine has {})",
                t.name, grouped(t.slots), grouped(kMostSlots), bytes_text(need),
                bytes_text(usable))};
        if (need > usable)
            return Error{fmt::format(
                "{} needs about {} of memory to build ({} slots, and {} of the tables its "
                "moves lead to); this machine has {}",
                t.name, bytes_text(need), grouped(t.slots), grouped(t.successor_slots),
                bytes_text(usable))};
    }
    return true;
}

}  // namespace retrocheck::app
