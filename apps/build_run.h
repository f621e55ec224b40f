// `build` and the build step of `check`, once for both games (AppGame<G>, apps/games.h): the
// given slices and every slice their moves lead to, in build order, each file written as soon
// as its table is done.
//
// Memory: a build stays within a budget (--memory; by default the most that one slice's build
// needs with its largest successor beside it, and 2 GiB: build_plan.h). A slice's successors are
// read beside it all at once when they fit in what the budget leaves, with tables later slices need
// kept in the rest (the others are read again from their files); else a group at a time, each
// group's exits folded into the slice's values before the first pass (folded_exits.h). What the
// process holds beyond its tables (the allocator's residue of earlier slices) is measured before
// each slice and comes off what it keeps.
//
// A build resumes: a slice whose file an earlier run finished (files are written whole, under a
// temporary name renamed at the end) is read back, every block checked, instead of built; a
// file that does not read back (damaged, another slice's, another metric's) is built again and
// replaced. --overwrite (request.overwrite) builds every table afresh.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "apps/build_plan.h"
#include "apps/games.h"
#include "apps/jobs.h"
#include "apps/mpi_world.h"
#include "apps/output.h"
#include "apps/progress.h"
#include "apps/slice_farm.h"
#include "tablebases/build/driver.h"
#include "tablebases/checkers/files.h"
#include "tablebases/chess/files.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/window.h"
#include "tablebases/store/writer.h"

namespace retrocheck::app {

// The longest distance a build settled, named by its parity: "win in 19 plies", "loss in 20
// plies" (wins are odd, losses even; a DTZ code's plies are half of it), or "-" for a table of
// draws.
template <typename Metric>
std::string longest_text(int levels) {
    if (levels <= 1) return "-";
    const int code = levels - 1;
    return (code % 2 == 1 ? "win in " : "loss in ") + Outcome::plies_text(Metric::plies(code));
}

// What became of one slice: kept (a valid file of an earlier run) or built and written.
struct SliceBuilt {
    bool kept = false;
    std::uint64_t positions = 0, bytes = 0;
    std::vector<std::string> lines;  // for the log, in order
};

// Slice s of G's tables (Built: G's own metric, DTW or DTM, or another of the game's,
// chess::ChessDtzGame): the file an earlier run finished kept (unless request.overwrite), else
// built from its successors, read through `window` as `reads` says, and written. `table`
// receives the table; `status`, when given, draws a progress line from the build's counts.
template <typename G, typename Built>
Result<SliceBuilt> build_one(const typename G::Slice& s, tb::store::TableWindow<Built>& window,
                             const SuccessorReads<G>& reads, const BuildRequest& request,
                             std::shared_ptr<const typename Built::StoredTable>& table,
                             const std::function<std::string(const tb::BuildProgress&)>& status) {
    using Game = AppGame<G>;
    using Files = tb::store::GameFiles<Built>;
    SliceBuilt out;
    const std::string head = fmt::format("{:<12} {:<13}", Game::unit_name(s),
                                         Game::kSliceColumn ? Game::unit_id(s) : "");
    const std::filesystem::path path = Files::path(request.out, s);
    // Room made before anything is read or allocated: the tables an earlier slice kept beyond
    // this one's spare leave now, those it reads first stay. The spare is the plan's less what
    // the process holds beyond its tables, measured once the allocator has given its free
    // pages back.
    return_free_memory();
    window.set_spare(measured_spare(reads.spare, resident_memory_bytes(), window.held_bytes()));
    window.make_room(reads.groups.empty() ? std::vector<typename G::Slice>{}
                                          : reads.groups.front());
    return_free_memory();
    const std::uint64_t peak_before = peak_memory_bytes();
    // A slice that raised the process's peak memory says so, beside the budget and the tables
    // held in memory when it ended.
    const auto peak_text = [&] {
        const std::uint64_t peak = peak_memory_bytes();
        return peak > peak_before
                   ? fmt::format("  new peak {} of {} (tables held {})", bytes_text(peak),
                                 bytes_text(reads.budget), bytes_text(window.held_bytes()))
                   : std::string();
    };
    if (!request.overwrite) {
        auto kept = tb::store::read_table_file<Built>(path, s);
        if (kept && *kept) {
            out.kept = true;
            out.lines.push_back(head + " kept (a finished file of an earlier run)" + peak_text());
            table = std::move(kept).value();
            return out;
        }
        if (!kept) out.lines.push_back(head + " built again: " + kept.error());
    }
    tb::BuildProgress progress;
    tb::BuildStats stats;
    const auto t_slice = std::chrono::steady_clock::now();
    std::shared_ptr<typename Built::StoredTable> built;
    try {
        std::optional<ProgressLine> line;
        if (reads.groups.size() <= 1) {
            if (auto e = window.focus(G::successors(s))) return *e;
            if (status) line.emplace([&] { return status(progress); });
            built = std::make_shared<typename Built::StoredTable>(
                tb::build_slice<Built>(s, window.tables(), request.method, &stats, &progress));
        } else {
            if (status) line.emplace([&] { return status(progress); });
            const tb::SuccessorGroups<Built> groups = [&](const auto& visit) {
                for (const auto& group : reads.groups) {
                    if (auto e = window.focus(group)) throw std::runtime_error(e->message);
                    visit(window.tables());
                }
            };
            built = std::make_shared<typename Built::StoredTable>(
                tb::build_slice<Built>(s, groups, request.method, &stats, &progress));
        }
    } catch (const std::exception& e) {
        return Error{G::name(s) + ": " + e.what()};
    }
    const double seconds = seconds_since(t_slice);
    auto bytes = tb::store::write_table(*built, path);
    if (!bytes) return Error{bytes.error()};
    out.positions = stats.positions;
    out.bytes = *bytes;
    out.lines.push_back(fmt::format(
        "{} {:>24}  longest {:>16}  {:>10}  {:>10}{}{}", head,
        counted(stats.positions, Game::kSlot, Game::kSlots),
        longest_text<typename tb::detail::MetricOf<Built>::type>(stats.levels),
        seconds_text(seconds), bytes_text(*bytes),
        reads.groups.size() > 1 ? fmt::format("  (successors in {} groups)", reads.groups.size())
                                : "",
        peak_text()));
    table = std::move(built);
    return out;
}

// The tables of a build of `order` (slices in build order, closed under moves) as the memory
// budget plans them, and the budget: request.memory, or the default (build_plan.h).
template <typename G, typename Built>
std::vector<PlannedTable> planned_tables(const std::vector<typename G::Slice>& order) {
    std::vector<PlannedTable> plan;
    for (const auto& s : order) plan.push_back(planned_table<G, Built>(s));
    return plan;
}
inline std::uint64_t build_budget(const std::vector<PlannedTable>& plan,
                                  const BuildRequest& request) {
    return request.memory ? request.memory : default_build_budget(plan);
}

// The build of `order` checked against memory, and `out` cleared of table files the build would
// not write (unless they are to be kept: an error then); the build's memory budget.
template <typename G, typename Built>
Result<std::uint64_t> prepare_build(const std::vector<typename G::Slice>& order,
                                    const BuildRequest& request) {
    using Files = tb::store::GameFiles<Built>;
    std::vector<std::string> names;
    for (const auto& s : order) names.push_back(Files::path({}, s).stem().string());
    const std::vector<PlannedTable> plan = planned_tables<G, Built>(order);
    const std::uint64_t budget = build_budget(plan, request);
    if (const auto fits = check_build_fits(plan, budget); !fits) return Error{fits.error()};
    if (const auto cleared = clear_stale_tables(request.out, names, request.overwrite,
                                                std::is_same_v<Built, tb::chess::ChessDtzGame>);
        !cleared)
        return Error{cleared.error()};
    return budget;
}

template <typename G>
BuildSummary empty_summary() {
    using Game = AppGame<G>;
    BuildSummary sum;
    sum.unit = Game::kUnit;
    sum.units = Game::kUnits;
    sum.slot = Game::kSlot;
    sum.slots = Game::kSlots;
    return sum;
}

inline void add_slice(BuildSummary& sum, const SliceBuilt& b) {
    if (b.kept) {
        ++sum.kept;
        return;
    }
    ++sum.slices;
    sum.positions += b.positions;
    sum.bytes += b.bytes;
}

// G: the game (AppGame<G>); Built: the table game whose tables are built, G's own (DTW, DTM) or
// another metric's of the same game (chess::ChessDtzGame).
template <typename G, typename Built = G>
Result<BuildSummary> build_tables(const std::vector<typename G::Slice>& slices,
                                  const BuildRequest& request) {
    using Game = AppGame<G>;
    using Slice = typename G::Slice;
    const std::vector<Slice> order = tb::closure<Built>(slices);
    const auto budget = prepare_build<G, Built>(order, request);
    if (!budget) return Error{budget.error()};
    std::uint64_t total = 0;
    // How many slices still to build need each slice: a table leaves memory when none does.
    std::map<Slice, int> needed_by;
    for (const Slice& s : order) {
        total += Game::slots(s);
        for (const Slice& next : G::successors(s)) ++needed_by[next];
    }
    BuildSummary sum = empty_summary<G>();
    const auto t0 = std::chrono::steady_clock::now();
    // The tables in memory: a slice's successors while it is built, and within the budget those
    // later slices need; the rest are read again from the files written.
    auto window = tb::store::TableWindow<Built>::at(request.out, 0);
    for (const Slice& s : order) {
        const std::uint64_t before = sum.positions;
        const std::uint64_t size = Game::slots(s);
        std::shared_ptr<const typename Built::StoredTable> table;
        const auto reads = successor_reads<G, Built>(s, *budget, request.method);
        const auto built = build_one<G, Built>(
            s, window, reads, request, table, [&](const tb::BuildProgress& progress) {
                const std::uint64_t seeded = progress.seeded.load();
                const std::uint64_t done = before + seeded;
                const std::string pace =
                    fmt::format("{}, {}", rate_text(per_second(done, seconds_since(t0)), "slots"),
                                eta_text(done, total, seconds_since(t0)));
                if (const int group = progress.group.load())
                    return fmt::format("{} successor group {} of {}: {} of {} slots folded, {}",
                                       Game::unit_name(s), group, reads.groups.size(),
                                       grouped(progress.folded.load()), grouped(size), pace);
                return fmt::format("{} {} of {} slots, {} settled, distance {}, {}",
                                   Game::unit_name(s), grouped(seeded), grouped(size),
                                   grouped(progress.settled.load()), progress.level.load(), pace);
            });
        if (!built) return Error{built.error()};
        add_slice(sum, *built);
        if (request.log)
            for (const std::string& line : built->lines) request.log(line);
        // The table joins those in memory, and the tables no slice still to build needs leave.
        window.adopt(s, std::move(table));
        for (const Slice& t : G::successors(s))
            if (--needed_by[t] == 0) window.release(t);
        if (needed_by[s] == 0) window.release(s);
        window.trim();  // a kept table read back, or one built, within the spare
    }
    sum.seconds = seconds_since(t0);
    sum.peak_memory = peak_memory_bytes();
    return sum;
}

// build_tables over the ranks of an MPI job (apps/slice_farm.h): rank 0 prepares the directory
// and hands out each slice once its successors are written; each other rank reads the
// successors from the shared directory (keeping those it may need again within a budget), builds
// the slice as in one process and writes it. The summary on rank 0 (its peak memory the largest
// of any rank's); the other ranks return an empty one.
template <typename G, typename Built = G>
Result<BuildSummary> build_tables_farmed(const std::vector<typename G::Slice>& slices,
                                         const BuildRequest& request, double silence) {
    using Slice = typename G::Slice;
    const std::vector<Slice> order = tb::closure<Built>(slices);
    BuildSummary sum = empty_summary<G>();
    if (MpiWorld::get().rank() != 0) {
        const std::uint64_t budget = build_budget(planned_tables<G, Built>(order), request);
        auto window = tb::store::TableWindow<Built>::at(request.out, 0);
        farm_work([&](int job) -> Result<std::string> {
            const Slice& s = order[static_cast<std::size_t>(job)];
            std::shared_ptr<const typename Built::StoredTable> table;
            const auto built =
                build_one<G, Built>(s, window, successor_reads<G, Built>(s, budget, request.method),
                                    request, table, {});
            if (!built) return Error{built.error()};
            window.adopt(s, std::move(table));
            window.trim();
            return nlohmann::json{{"kept", built->kept},
                                  {"positions", built->positions},
                                  {"bytes", built->bytes},
                                  {"lines", built->lines},
                                  {"peak", peak_memory_bytes()}}
                .dump();
        });
        return sum;
    }
    if (const auto prepared = prepare_build<G, Built>(order, request); !prepared)
        return Error{prepared.error()};
    const auto t0 = std::chrono::steady_clock::now();
    std::map<Slice, int> job_of;
    for (std::size_t i = 0; i < order.size(); ++i) job_of[order[i]] = static_cast<int>(i);
    FarmSetup setup;
    setup.silence = silence;
    for (const Slice& s : order) {
        std::vector<int> after;
        for (const Slice& t : G::successors(s)) after.push_back(job_of.at(t));
        setup.after.push_back(after);
    }
    std::uint64_t peak = 0;
    setup.done = [&](int, int rank, const std::string& body) {
        const auto j = nlohmann::json::parse(body, nullptr, false);
        if (j.is_discarded()) return;
        SliceBuilt b{j.value("kept", false),
                     j.value("positions", std::uint64_t{0}),
                     j.value("bytes", std::uint64_t{0}),
                     {}};
        peak = std::max(peak, j.value("peak", std::uint64_t{0}));
        add_slice(sum, b);
        if (request.log && j.contains("lines"))
            for (const auto& line : j["lines"])
                request.log(fmt::format("{}  (rank {})", line.get<std::string>(), rank));
    };
    setup.log = print_notice;
    const auto farmed = farm_out(setup);
    if (!farmed) return Error{farmed.error()};
    sum.seconds = seconds_since(t0);
    sum.peak_memory = std::max(peak, peak_memory_bytes());
    return sum;
}

}  // namespace retrocheck::app
