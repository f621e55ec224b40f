// `build` and the build step of `check`, once for both games (AppGame<G>, apps/games.h): the
// given slices and every slice their moves lead to, in build order, each file written as soon
// as its table is done, keeping in memory only the tables later slices still need.
#pragma once

#include <fmt/format.h>

#include <chrono>
#include <exception>
#include <map>
#include <memory>
#include <type_traits>
#include <vector>

#include "apps/build_plan.h"
#include "apps/games.h"
#include "apps/jobs.h"
#include "apps/output.h"
#include "apps/progress.h"
#include "tablebases/build/driver.h"
#include "tablebases/checkers/files.h"
#include "tablebases/chess/files.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/writer.h"

namespace retrocheck::app {

// Refuses a directory holding table files it would not rewrite, unless request.overwrite, and
// a build that would not fit in memory.
// The longest distance a build settled, named by its parity: "win in 19 plies", "loss in 20
// plies" (wins are odd, losses even; a DTZ code's plies are half of it), or "-" for a table of
// draws.
template <typename Metric>
std::string longest_text(int levels) {
    if (levels <= 1) return "-";
    const int code = levels - 1;
    return (code % 2 == 1 ? "win in " : "loss in ") + Outcome::plies_text(Metric::plies(code));
}

// G: the game (AppGame<G>); Built: the table game whose tables are built, G's own (DTW, DTM) or
// another metric's of the same game (chess::ChessDtzGame).
template <typename G, typename Built = G>
Result<BuildSummary> build_tables(const std::vector<typename G::Slice>& slices,
                                  const BuildRequest& request) {
    using Game = AppGame<G>;
    using Slice = typename G::Slice;
    using Files = tb::store::GameFiles<Built>;
    const std::vector<Slice> order = tb::closure<Built>(slices);
    std::vector<std::string> names;
    std::vector<PlannedTable> plan;
    std::uint64_t total = 0;
    // How many slices still to build need each slice: a table leaves memory when none does.
    std::map<Slice, int> needed_by;
    for (const Slice& s : order) {
        names.push_back(Files::path({}, s).stem().string());
        PlannedTable t{G::name(s), Game::slots(s), 0};
        for (const Slice& next : G::successors(s)) {
            t.successor_slots += Game::slots(next);
            ++needed_by[next];
        }
        plan.push_back(t);
        total += Game::slots(s);
    }
    if (const auto fits = check_build_fits(plan); !fits) return Error{fits.error()};
    if (const auto cleared = clear_stale_tables(request.out, names, request.overwrite,
                                                std::is_same_v<Built, tb::chess::ChessDtzGame>);
        !cleared)
        return Error{cleared.error()};

    BuildSummary sum;
    sum.unit = Game::kUnit;
    sum.units = Game::kUnits;
    sum.slot = Game::kSlot;
    sum.slots = Game::kSlots;
    const auto t0 = std::chrono::steady_clock::now();
    typename Built::Tables in_memory;
    for (const Slice& s : order) {
        tb::BuildProgress progress;
        tb::BuildStats stats;
        const std::uint64_t before = sum.positions;
        const std::uint64_t size = Game::slots(s);
        const auto t_slice = std::chrono::steady_clock::now();
        std::shared_ptr<typename Built::StoredTable> table;
        try {
            ProgressLine line([&] {
                const std::uint64_t seeded = progress.seeded.load();
                const std::uint64_t done = before + seeded;
                return fmt::format("{} {} of {} slots, {} settled, distance {}, {}, {}",
                                   Game::unit_name(s), grouped(seeded), grouped(size),
                                   grouped(progress.settled.load()), progress.level.load(),
                                   rate_text(per_second(done, seconds_since(t0)), "slots"),
                                   eta_text(done, total, seconds_since(t0)));
            });
            table = std::make_shared<typename Built::StoredTable>(
                tb::build_slice<Built>(s, in_memory, request.method, &stats, &progress));
        } catch (const std::exception& e) {
            return Error{G::name(s) + ": " + e.what()};
        }
        const double seconds = seconds_since(t_slice);
        auto bytes = tb::store::write_table(*table, Files::path(request.out, s));
        if (!bytes) return Error{bytes.error()};
        sum.positions += stats.positions;
        sum.bytes += *bytes;
        ++sum.slices;
        if (request.log)
            request.log(
                fmt::format("{:<12} {:<13} {:>24}  longest {:>16}  {:>10}  {:>10}",
                            Game::unit_name(s), Game::kSliceColumn ? Game::unit_id(s) : "",
                            counted(stats.positions, Game::kSlot, Game::kSlots),
                            longest_text<typename tb::detail::MetricOf<Built>::type>(stats.levels),
                            seconds_text(seconds), bytes_text(*bytes)));
        in_memory.add(std::move(table));
        for (const Slice& t : G::successors(s))
            if (--needed_by[t] == 0) in_memory.remove(t);
        if (needed_by[s] == 0) in_memory.remove(s);
    }
    sum.seconds = seconds_since(t0);
    sum.peak_memory = peak_memory_bytes();
    return sum;
}

}  // namespace retrocheck::app
