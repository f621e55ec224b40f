// `retrocheck build checkers --pieces N --out DIR [--method outcount|grandfather] [--threads T]`
#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <memory>

#include "apps/commands.h"
#include "apps/jobs.h"
#include "apps/output.h"
#include "apps/progress.h"
#include "tablebases/build/builder.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/format.h"
#include "tablebases/store/writer.h"

namespace retrocheck::app {

using namespace tb;

using Clock = std::chrono::steady_clock;

BuildSummary build_tables(const BuildRequest& request) {
    const std::vector<Slice> slices = slices_up_to(request.pieces);
    // How many slices still to build need each slice: a table leaves memory when none does.
    std::map<Slice, int> needed_by;
    std::uint64_t total = 0;
    for (const Slice& s : slices) {
        for (const Slice& t : successors(s)) ++needed_by[t];
        total += 2 * SliceIndex(s).size();
    }
    std::filesystem::create_directories(request.out);

    BuildSummary sum;
    const auto t0 = Clock::now();
    TableSet in_memory;
    for (const Slice& s : slices) {
        BuildProgress progress;
        const std::uint64_t before = sum.positions;
        const std::uint64_t size = 2 * SliceIndex(s).size();
        const auto t_slice = Clock::now();
        BuildStats stats;
        std::shared_ptr<SliceTable> table;
        {
            ProgressLine line([&] {
                const std::uint64_t seeded = progress.seeded.load();
                const std::uint64_t settled = progress.settled.load();
                const std::uint64_t done = before + seeded;
                return fmt::format("{} {} of {} positions, {} settled, distance {}, {}, {}",
                                   name(s), grouped(seeded), grouped(size), grouped(settled),
                                   progress.level.load(),
                                   rate_text(static_cast<double>(done) / seconds_since(t0)),
                                   eta_text(done, total, seconds_since(t0)));
            });
            table = std::make_shared<SliceTable>(
                build_slice(s, in_memory, request.method, &stats, &progress));
        }
        const double build_seconds = seconds_since(t_slice);
        auto bytes = store::write_table(*table, store::table_path(request.out, s));
        if (!bytes) throw std::runtime_error(bytes.error());
        sum.positions += stats.positions;
        sum.bytes += *bytes;
        ++sum.slices;
        if (request.log)
            request.log(
                fmt::format("{:<14} {:>14} positions  longest {:>3} plies  {:>7.2f} s  "
                            "{:>10}",
                            name(s), grouped(stats.positions), stats.levels - 1, build_seconds,
                            bytes_text(*bytes)));
        in_memory.add(std::move(table));
        for (const Slice& t : successors(s))
            if (--needed_by[t] == 0) in_memory.remove(t);
        if (needed_by[s] == 0) in_memory.remove(s);
    }
    sum.seconds = seconds_since(t0);
    sum.peak_memory = peak_memory_bytes();
    return sum;
}

BuildRequest BuildArgs::request() const {
    BuildRequest r;
    r.pieces = pieces;
    r.out = out;
    r.method = method == "grandfather" ? BuildMethod::Grandfather : BuildMethod::OutCounting;
    return r;
}

void add_build_options(CLI::App* cmd, BuildArgs& args, bool required) {
    auto* pieces =
        cmd->add_option("--pieces", args.pieces, "Every slice with up to this many pieces")
            ->check(CLI::Range(1, store::kMaxPieces));
    auto* out = cmd->add_option("--out", args.out, "Directory for the table files");
    if (required) {
        pieces->required();
        out->required();
    } else {
        pieces->capture_default_str();
        out->capture_default_str();
    }
    cmd->add_option("--method", args.method, "Retrograde method")
        ->check(CLI::IsMember({"outcount", "grandfather"}))
        ->capture_default_str();
    add_threads_option(cmd, args.threads);
}

Command add_build(CLI::App& app) {
    struct Args {
        std::string game;
        BuildArgs build;
        bool quiet = false;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand("build", "Build tablebases (WLD and DTW) into a directory");
    cmd->add_option("game", args->game, "The game: checkers")
        ->required()
        ->check(CLI::IsMember({"checkers"}));
    add_build_options(cmd, args->build, true);
    cmd->add_flag("--quiet", args->quiet, "Print only the summary");
    return {cmd, [args] {
                const auto threads = limit_threads(args->build.threads);
                BuildRequest request = args->build.request();
                if (!args->quiet)
                    request.log = [](const std::string& l) {
                        fmt::print("{}\n", l);
                        std::fflush(stdout);
                    };
                print_build_summary(build_tables(request), args->build.method);
                return 0;
            }};
}

void print_build_summary(const BuildSummary& s, const std::string& method) {
    fmt::print("built {} slices, {} positions, by {}\n", s.slices, grouped(s.positions), method);
    fmt::print("seconds            {:.1f}\n", s.seconds);
    fmt::print("positions/second   {}\n",
               grouped(static_cast<std::uint64_t>(static_cast<double>(s.positions) / s.seconds)));
    fmt::print("bytes on disk      {} ({})\n", grouped(s.bytes), bytes_text(s.bytes));
    fmt::print("bytes/position     {:.4f}\n",
               static_cast<double>(s.bytes) / static_cast<double>(s.positions));
    fmt::print("peak memory        {}\n", bytes_text(s.peak_memory));
}

}  // namespace retrocheck::app
