// What a table holds, per side to move, for any table game (tablebases/game.h): wins, draws and
// losses over its positions (chess: one a symmetry class, CHESS.md's convention), the
// histogram of distances, the longest win with the first position holding it in slot order and
// how many hold it, and the game's own counts (G::StatsExtra: checkers counts the positions
// where a side has a capture and the values of the others, which capture-free databases store;
// chess counts every symmetric image).
#pragma once

#include <tbb/parallel_for.h>

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/outcome.h"
#include "tablebases/game.h"

namespace retrocheck::tb {

template <typename G>
struct SideStats {
    std::uint64_t positions = 0, wins = 0, draws = 0, losses = 0;
    // Positions by distance, histogram[plies]: wins by odd plies, losses by even (a loss in 0
    // has no move); as long as the longest distance plus one.
    std::vector<std::uint64_t> histogram;
    int longest_win_plies = -1;                       // -1: no win
    std::optional<typename G::Position> longest_win;  // the first such position in slot order
    std::uint64_t longest_win_classes = 0;            // positions holding the longest win
    typename G::StatsExtra extra;

    void count(const typename G::Position& pos, const Outcome& o) {
        ++positions;
        extra.count(pos, o);
        if (o.is_draw()) {
            ++draws;
            return;
        }
        const auto at = static_cast<std::size_t>(o.plies());
        if (histogram.size() <= at) histogram.resize(at + 1);
        ++histogram[at];
        if (o.is_loss()) {
            ++losses;
            return;
        }
        ++wins;
        if (o.plies() > longest_win_plies) {
            longest_win_plies = o.plies();
            longest_win = pos;
            longest_win_classes = 0;
        }
        if (o.plies() == longest_win_plies) ++longest_win_classes;
    }
    // Adds the counts of positions after these in slot order: a longest win of o's is taken
    // when longer, its holders added when as long.
    void add(const SideStats& o) {
        positions += o.positions;
        wins += o.wins;
        draws += o.draws;
        losses += o.losses;
        extra.add(o.extra);
        if (histogram.size() < o.histogram.size()) histogram.resize(o.histogram.size());
        for (std::size_t plies = 0; plies < o.histogram.size(); ++plies)
            histogram[plies] += o.histogram[plies];
        if (o.longest_win_plies > longest_win_plies) {
            longest_win_plies = o.longest_win_plies;
            longest_win = o.longest_win;
            longest_win_classes = 0;
        }
        if (o.longest_win_plies == longest_win_plies && o.longest_win_plies >= 0)
            longest_win_classes += o.longest_win_classes;
    }
};

// The two halves of the table, in slot order (checkers: Black to move first; chess: White).
// Parallel over the TBB pool; the result does not depend on the number of threads.
template <typename G>
std::array<SideStats<G>, 2> table_stats(const typename G::StoredTable& table) {
    std::array<SideStats<G>, 2> out;
    const std::uint64_t half = table.values.size() / 2;
    constexpr std::uint64_t kChunk = 1 << 14;
    for (std::size_t side = 0; side < 2; ++side) {
        std::vector<SideStats<G>> chunks((half + kChunk - 1) / kChunk);
        tbb::parallel_for(std::size_t{0}, chunks.size(), [&](std::size_t k) {
            SideStats<G>& st = chunks[k];
            const std::uint64_t end = std::min(half, (k + 1) * kChunk);
            for (std::uint64_t i = k * kChunk; i < end; ++i) {
                const std::uint64_t id = i + side * half;
                if (is_unknown(table.values[id])) continue;  // no position (chess)
                const auto pos = G::slot_position(table, id);
                if (!pos) continue;
                st.count(*pos, decode(table.values[id]));
            }
        });
        for (const SideStats<G>& c : chunks) out[side].add(c);
    }
    return out;
}

}  // namespace retrocheck::tb
