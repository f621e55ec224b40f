// `build --plan`: what a build of the given slices (and every slice they lead to) asks for,
// without building it: per slice in build order its slots, the slots of the successors it reads,
// the memory its build needs (build_bytes) and its time at a measured rate; the totals; and the
// critical path of the slice graph (the chain of slices, each needing the next, with the most
// time: no number of machines builds the set faster), so that a user can size a cluster.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <vector>

#include "apps/build_plan.h"
#include "apps/games.h"
#include "apps/output.h"
#include "apps/progress.h"
#include "tablebases/build/driver.h"

namespace retrocheck::app {

// The rate a build of this game runs at here: the slices `calibration` leads to built in memory
// (the method and threads given), slots a second, and what was measured. The second of two
// builds is timed (the first warms the process up: thread pool, attack and index tables). Larger
// tables build faster a slot (KQRvKR 14M slots/s against KQvKR's 7.6M on the 2 cores), so the
// estimates err long for them.
struct MeasuredRate {
    double slots_per_second = 0;
    std::uint64_t slots = 0;
    double seconds = 0;
};
// Built: the tables timed, G's own or chess DTZ50's.
template <typename G, typename Built = G>
MeasuredRate measure_build_rate(const typename G::Slice& calibration, tb::BuildMethod method) {
    MeasuredRate r;
    for (int run = 0; run < 2; ++run) {
        const auto t0 = std::chrono::steady_clock::now();
        tb::build_closure<Built>({calibration}, method);
        r.seconds = seconds_since(t0);
    }
    for (const auto& s : tb::closure<G>({calibration})) r.slots += AppGame<G>::slots(s);
    r.slots_per_second = static_cast<double>(r.slots) / std::max(r.seconds, 1e-6);
    return r;
}

// The rate of a build that makes each slice's tables of one metric after the other's (chess's
// --metric both): a slot's times add up.
inline MeasuredRate one_after_the_other(const MeasuredRate& a, const MeasuredRate& b) {
    return {1 / (1 / a.slots_per_second + 1 / b.slots_per_second), a.slots + b.slots,
            a.seconds + b.seconds};
}

// "0.4s", "42.0s", "5h12m".
inline std::string plan_time(double seconds) {
    return seconds < 60 ? fmt::format("{:.1f}s", seconds)
                        : duration_text(static_cast<long>(seconds + 0.5));
}

// `memory`: the build's budget (--memory), or 0 for the default. Built: the tables whose memory
// is planned, G's own or chess DTZ50's (--metric dtz or both: the larger, its phases listed).
template <typename G, typename Built = G>
int run_plan(const std::vector<typename G::Slice>& roots, const std::string& what,
             const MeasuredRate& rate, const std::string& rate_source, bool json,
             std::uint64_t memory) {
    using Game = AppGame<G>;
    using Slice = typename G::Slice;
    const std::vector<Slice> order = tb::closure<G>(roots);
    std::vector<PlannedTable> planned;
    for (const Slice& s : order) planned.push_back(planned_table<G, Built>(s));
    const std::uint64_t budget = memory ? memory : default_build_budget(planned);
    int grouped_slices = 0;
    struct Row {
        Slice slice;
        std::uint64_t slots = 0, successor_slots = 0, memory = 0;
        std::size_t groups = 0;                // of successors read at once (build_run.h)
        double seconds = 0, path_seconds = 0;  // its own; the longest chain from it down
        std::optional<Slice> next;             // the successor on that chain
    };
    std::map<Slice, Row> rows;
    std::uint64_t total_slots = 0, peak = 0;
    double total_seconds = 0;
    std::optional<Slice> peak_slice, head;
    for (std::size_t i = 0; i < order.size(); ++i) {  // successors first: chains known
        const Slice& s = order[i];
        Row r;
        r.slice = s;
        r.slots = Game::slots(s);
        for (const Slice& t : G::successors(s)) {
            r.successor_slots += Game::slots(t);
            const Row& n = rows.at(t);
            if (!r.next || n.path_seconds > r.path_seconds) {
                r.path_seconds = n.path_seconds;
                r.next = t;
            }
        }
        r.memory = build_bytes(planned[i], budget);
        r.groups = successor_reads<G, Built>(s, budget, tb::BuildMethod::OutCounting).groups.size();
        if (r.groups > 1) ++grouped_slices;
        r.seconds = static_cast<double>(r.slots) / rate.slots_per_second;
        r.path_seconds += r.seconds;
        total_slots += r.slots;
        total_seconds += r.seconds;
        if (r.memory > peak) peak = r.memory, peak_slice = s;
        if (!head || r.path_seconds > rows.at(*head).path_seconds) head = s;
        rows.emplace(s, r);
    }
    std::vector<Slice> path;
    for (std::optional<Slice> s = head; s; s = rows.at(*s).next) path.push_back(*s);
    const double path_seconds = head ? rows.at(*head).path_seconds : 0;
    const auto name = [](const Slice& s) {
        return Game::kSliceColumn ? fmt::format("{} ({})", Game::unit_name(s), Game::unit_id(s))
                                  : Game::unit_name(s);
    };
    if (json) {
        nlohmann::json slices = nlohmann::json::array(), chain = nlohmann::json::array();
        for (const Slice& s : order) {
            const Row& r = rows.at(s);
            slices.push_back({{"name", G::name(s)},
                              {"slots", r.slots},
                              {"successor_slots", r.successor_slots},
                              {"memory_bytes", r.memory},
                              {"successor_groups", r.groups},
                              {"seconds", json_seconds(r.seconds)}});
        }
        for (const Slice& s : path) chain.push_back(G::name(s));
        print_json({{"game", Game::kName},
                    {"plan", what},
                    {"rate_slots_per_second", std::round(rate.slots_per_second * 10) / 10},
                    {"rate_source", rate_source},
                    {"slices", slices},
                    {"total_slots", total_slots},
                    {"total_seconds", json_seconds(total_seconds)},
                    {"peak_memory_bytes", peak},
                    {"peak_memory_slice", peak_slice ? G::name(*peak_slice) : ""},
                    {"memory_budget_bytes", budget},
                    {"least_memory_bytes", least_build_budget(planned)},
                    {"critical_path", chain},
                    {"critical_path_seconds", json_seconds(path_seconds)}});
        return kExitOk;
    }
    fmt::print("plan: {} {}, {} ({})\n", Game::kName, what,
               counted(order.size(), Game::kUnit, Game::kUnits),
               counted(total_slots, Game::kSlot, Game::kSlots));
    fmt::print("rate {} ({})\n\n", rate_text(rate.slots_per_second, Game::kSlots), rate_source);
    fmt::print("{:<28} {:>22} {:>22} {:>12} {:>14}\n", Game::kUnit, Game::kSlots,
               "successors' " + std::string(Game::kSlots), "memory", "time");
    for (const Slice& s : order) {
        const Row& r = rows.at(s);
        fmt::print("{:<28} {:>22} {:>22} {:>12} {:>14}\n", name(s), grouped(r.slots),
                   grouped(r.successor_slots), bytes_text(r.memory), plan_time(r.seconds));
    }
    fmt::print("\none process: {}; the largest build needs {} ({})\n", plan_time(total_seconds),
               bytes_text(peak), peak_slice ? name(*peak_slice) : "-");
    fmt::print(
        "memory: {} (--memory; the least these tables build in is {}); successors read a "
        "group at a time by {}\n",
        bytes_text(budget), bytes_text(least_build_budget(planned)),
        counted(static_cast<std::uint64_t>(grouped_slices), Game::kUnit, Game::kUnits));
    std::string chain;
    for (const Slice& s : path) chain += (chain.empty() ? "" : " <- ") + Game::unit_name(s);
    fmt::print(
        "critical path: {} {}, {}, each built from the next (no number of processes "
        "builds the set faster): {}\n",
        path.size(), path.size() == 1 ? Game::kUnit : Game::kUnits, plan_time(path_seconds), chain);
    return kExitOk;
}

}  // namespace retrocheck::app
