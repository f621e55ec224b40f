// `retrocheck stats DIR [--json] [--threads T]`
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/jobs.h"
#include "apps/output.h"
#include "engine/checkers/notation.h"
#include "tablebases/store/directory.h"
#include "tablebases/verify/stats.h"

namespace retrocheck::app {

using namespace tb;

int run_stats(const std::filesystem::path& dir, bool json) {
    auto files = store::open_directory(dir);
    if (!files) return fail(files.error());
    nlohmann::json out = nlohmann::json::array();
    SideStats total;
    if (!json)
        fmt::print("{:<14} {:<5} {:>14} {:>14} {:>14} {:>14} {:>14} {:>7}  {}\n", "slice", "side",
                   "positions", "wins", "draws", "losses", "captures", "longest", "longest win");
    for (const auto& file : *files) {
        auto table = file->read_all();
        if (!table) return fail(table.error());
        const auto sides = table_stats(**table);
        const Slice s = file->slice();
        for (int side = 0; side < 2; ++side) {
            const SideStats& st = sides[static_cast<std::size_t>(side)];
            const char* who = side == 0 ? "black" : "white";
            const std::string fen = st.longest_win ? checkers::format_fen(*st.longest_win) : "";
            total.positions += st.positions;
            total.wins += st.wins;
            total.draws += st.draws;
            total.losses += st.losses;
            total.capture_positions += st.capture_positions;
            if (st.longest_win_plies > total.longest_win_plies) {
                total.longest_win_plies = st.longest_win_plies;
                total.longest_win = st.longest_win;
            }
            if (!json) {
                fmt::print("{:<14} {:<5} {:>14} {:>14} {:>14} {:>14} {:>14} {:>7}  {}\n", name(s),
                           who, grouped(st.positions), grouped(st.wins), grouped(st.draws),
                           grouped(st.losses), grouped(st.capture_positions), st.longest_win_plies,
                           fen);
                continue;
            }
            out.push_back({{"slice", name(s)},
                           {"black_men", s.black_men},
                           {"black_kings", s.black_kings},
                           {"white_men", s.white_men},
                           {"white_kings", s.white_kings},
                           {"side_to_move", who},
                           {"positions", st.positions},
                           {"wins", st.wins},
                           {"draws", st.draws},
                           {"losses", st.losses},
                           {"capture_positions", st.capture_positions},
                           {"quiet_wins", st.quiet_wins},
                           {"quiet_draws", st.quiet_draws},
                           {"quiet_losses", st.quiet_losses},
                           {"longest_win_plies", st.longest_win_plies >= 0
                                                     ? nlohmann::json(st.longest_win_plies)
                                                     : nlohmann::json(nullptr)},
                           {"longest_win_fen",
                            st.longest_win ? nlohmann::json(fen) : nlohmann::json(nullptr)}});
        }
    }
    if (json) {
        fmt::print("{}\n", out.dump(2));
        return 0;
    }
    fmt::print("{:<14} {:<5} {:>14} {:>14} {:>14} {:>14} {:>14} {:>7}  {}\n", "total", "both",
               grouped(total.positions), grouped(total.wins), grouped(total.draws),
               grouped(total.losses), grouped(total.capture_positions), total.longest_win_plies,
               total.longest_win ? checkers::format_fen(*total.longest_win) : "");
    return 0;
}

Command add_stats(CLI::App& app) {
    struct Args {
        std::string dir;
        bool json = false;
        int threads = 0;
    };
    auto args = std::make_shared<Args>();
    auto* cmd =
        app.add_subcommand("stats", "Wins, draws, losses and longest wins per slice and side");
    cmd->add_option("dir", args->dir, "Directory of table files")->required();
    cmd->add_flag("--json", args->json, "Print a JSON array, one object a slice and side");
    add_threads_option(cmd, args->threads);
    return {cmd, [args] {
                const auto threads = limit_threads(args->threads);
                return run_stats(args->dir, args->json);
            }};
}

}  // namespace retrocheck::app
