// `build` and the build step of `check`, once for both games (AppGame<G>, apps/games.h): the
// given slices and every slice their moves lead to, in build order, each file written as soon
// as its table is done, keeping in memory only the tables later slices still need.
//
// A build resumes: a slice whose file an earlier run finished (files are written whole, under a
// temporary name renamed at the end) is read back, every block checked, instead of built; a
// file that does not read back (damaged, another slice's, another metric's) is built again and
// replaced. --overwrite (request.overwrite) builds every table afresh.
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

// The table an earlier run left at path for s, read back with every block checked; nothing when
// there is no file, and the reason when it cannot be used (it is then built again).
template <typename Built, typename Slice>
Result<std::shared_ptr<typename Built::StoredTable>> kept_table(const std::filesystem::path& path,
                                                                const Slice& s) {
    using Files = tb::store::GameFiles<Built>;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return std::shared_ptr<typename Built::StoredTable>{};
    const auto file = tb::store::TableFile::open(path, 1);
    if (!file) return Error{file.error()};
    if (!Files::holds(**file) || !(Files::slice(**file) == s))
        return Error{path.string() + ": its header names another table (" + (*file)->table_name() +
                     ")"};
    auto table = Files::read(**file);
    if (!table) return Error{table.error()};
    return *table;
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
    // A finished table joins those in memory, and the tables no slice still to build needs leave.
    const auto hold = [&](const Slice& s, std::shared_ptr<typename Built::StoredTable> table) {
        in_memory.add(std::move(table));
        for (const Slice& t : G::successors(s))
            if (--needed_by[t] == 0) in_memory.remove(t);
        if (needed_by[s] == 0) in_memory.remove(s);
    };
    for (const Slice& s : order) {
        const std::filesystem::path path = Files::path(request.out, s);
        if (!request.overwrite) {
            auto kept = kept_table<Built>(path, s);
            if (kept && *kept) {
                ++sum.kept;
                if (request.log)
                    request.log(fmt::format(
                        "{:<12} {:<13} kept (a finished file of an earlier run)",
                        Game::unit_name(s), Game::kSliceColumn ? Game::unit_id(s) : ""));
                hold(s, std::move(kept).value());
                continue;
            }
            if (!kept && request.log)
                request.log(fmt::format("{:<12} {:<13} built again: {}", Game::unit_name(s),
                                        Game::kSliceColumn ? Game::unit_id(s) : "", kept.error()));
        }
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
        auto bytes = tb::store::write_table(*table, path);
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
        hold(s, std::move(table));
    }
    sum.seconds = seconds_since(t0);
    sum.peak_memory = peak_memory_bytes();
    return sum;
}

}  // namespace retrocheck::app
