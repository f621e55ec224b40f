// What a chess table holds, per side to move, over its legal positions: counted once per
// symmetry class (CHESS.md's convention: 8 symmetries without pawns, the file mirror with) and
// raw (every image counted), wins, draws and losses from the side to move's view, the histogram
// of distances, and the longest win with the first position holding it in slot order.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>

#include "engine/chess/position.h"
#include "tablebases/chess/table.h"

namespace retrocheck::tb::chess {

struct ChessSideStats {
    std::uint64_t positions = 0, positions_raw = 0;
    std::uint64_t wins = 0, draws = 0, losses = 0;
    std::uint64_t wins_raw = 0, draws_raw = 0, losses_raw = 0;
    // Per class: wins by odd plies, losses by even plies (a loss in 0 is a checkmate).
    std::map<int, std::uint64_t> histogram;
    int longest_win_plies = -1;  // -1: no win
    std::optional<retrocheck::chess::Position> longest_win;
    int longest_win_classes = 0;  // classes holding the longest win

    // Adds o's counts and histogram, and takes its longest win when longer (the classes holding
    // it added when as long).
    void add(const ChessSideStats& o) {
        positions += o.positions;
        positions_raw += o.positions_raw;
        wins += o.wins;
        draws += o.draws;
        losses += o.losses;
        wins_raw += o.wins_raw;
        draws_raw += o.draws_raw;
        losses_raw += o.losses_raw;
        for (const auto& [plies, n] : o.histogram) histogram[plies] += n;
        if (o.longest_win_plies > longest_win_plies) {
            longest_win_plies = o.longest_win_plies;
            longest_win = o.longest_win;
            longest_win_classes = 0;
        }
        if (o.longest_win_plies == longest_win_plies && o.longest_win_plies >= 0)
            longest_win_classes += o.longest_win_classes;
    }
};

// How many distinct boards the symmetries of pos's material make of it (1, 2, 4 or 8).
int orbit_size(const retrocheck::chess::Position& pos);

// [0]: White to move, [1]: Black to move. Parallel over the TBB pool.
std::array<ChessSideStats, 2> material_stats(const MaterialTable& table);

}  // namespace retrocheck::tb::chess
