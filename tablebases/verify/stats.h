// What a table holds, per side to move: wins, draws and losses, also over the positions where
// neither side has a capture (the ones capture-free databases store), and the longest win.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/checkers/position.h"
#include "tablebases/checkers/table.h"

namespace retrocheck::tb {

struct SideStats {
    std::uint64_t positions = 0, wins = 0, draws = 0, losses = 0;
    std::uint64_t capture_positions = 0;  // either side has a capture
    std::uint64_t quiet_wins = 0, quiet_draws = 0, quiet_losses = 0;
    // Positions by distance: win_plies[n] wins in n plies, loss_plies[n] losses in n plies.
    std::vector<std::uint64_t> win_plies, loss_plies;
    int longest_win_plies = -1;                     // -1: no win
    std::optional<checkers::Position> longest_win;  // the first such position in index order

    // Adds o's counts (not its longest win, which the caller picks by its own order).
    void add_counts(const SideStats& o) {
        positions += o.positions;
        wins += o.wins;
        draws += o.draws;
        losses += o.losses;
        capture_positions += o.capture_positions;
        quiet_wins += o.quiet_wins;
        quiet_draws += o.quiet_draws;
        quiet_losses += o.quiet_losses;
        add_histogram(win_plies, o.win_plies);
        add_histogram(loss_plies, o.loss_plies);
    }
    static void add_histogram(std::vector<std::uint64_t>& to,
                              const std::vector<std::uint64_t>& from) {
        if (to.size() < from.size()) to.resize(from.size());
        for (std::size_t i = 0; i < from.size(); ++i) to[i] += from[i];
    }
    static void count_distance(std::vector<std::uint64_t>& h, int plies) {
        if (plies < 0) return;
        const auto i = static_cast<std::size_t>(plies);
        if (h.size() <= i) h.resize(i + 1);
        ++h[i];
    }
};

// [0]: Black to move, [1]: White to move. Parallel over the TBB pool.
std::array<SideStats, 2> table_stats(const SliceTable& table);

}  // namespace retrocheck::tb
