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

namespace {

// Rows of per-side statistics, printed as they come (text) or gathered (JSON), and a total.
class StatsPrinter {
  public:
    explicit StatsPrinter(bool json) : json_(json) {
        if (!json_)
            row("slice", "side", "positions", "wins", "draws", "losses", "captures", "longest",
                "longest win");
    }

    void add(const SliceTable& table) {
        const Slice s = table.index.slice();
        const auto sides = table_stats(table);
        for (int side = 0; side < 2; ++side) {
            const SideStats& st = sides[static_cast<std::size_t>(side)];
            const char* who = side == 0 ? "black" : "white";
            const std::string fen = st.longest_win ? checkers::format_fen(*st.longest_win) : "";
            total_.positions += st.positions;
            total_.wins += st.wins;
            total_.draws += st.draws;
            total_.losses += st.losses;
            total_.capture_positions += st.capture_positions;
            if (st.longest_win_plies > total_.longest_win_plies) {
                total_.longest_win_plies = st.longest_win_plies;
                total_.longest_win = st.longest_win;
            }
            if (!json_) {
                row(name(s), who, grouped(st.positions), grouped(st.wins), grouped(st.draws),
                    grouped(st.losses), grouped(st.capture_positions),
                    std::to_string(st.longest_win_plies), fen);
                continue;
            }
            out_.push_back({{"slice", name(s)},
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

    void finish() {
        if (json_) {
            fmt::print("{}\n", out_.dump(2));
            return;
        }
        row("total", "both", grouped(total_.positions), grouped(total_.wins), grouped(total_.draws),
            grouped(total_.losses), grouped(total_.capture_positions),
            std::to_string(total_.longest_win_plies),
            total_.longest_win ? checkers::format_fen(*total_.longest_win) : "");
    }

  private:
    static void row(const std::string& slice, const std::string& side, const std::string& n,
                    const std::string& w, const std::string& d, const std::string& l,
                    const std::string& c, const std::string& longest, const std::string& fen) {
        fmt::print("{:<14} {:<5} {:>14} {:>14} {:>14} {:>14} {:>14} {:>7}  {}\n", slice, side, n, w,
                   d, l, c, longest, fen);
    }
    bool json_;
    SideStats total_;
    nlohmann::json out_ = nlohmann::json::array();
};

}  // namespace

int run_stats(const std::filesystem::path& dir, bool json) {
    auto files = store::open_directory(dir);
    if (!files) return fail(files.error());
    StatsPrinter printer(json);
    for (const auto& file : *files) {
        auto table = file->read_all();
        if (!table) return fail(table.error());
        printer.add(**table);
    }
    printer.finish();
    return 0;
}

void print_stats(const TableSet& tables, bool json) {
    StatsPrinter printer(json);
    for (const auto& entry : tables.tables()) printer.add(*entry.second);
    printer.finish();
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
