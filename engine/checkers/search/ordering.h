// Move ordering for the search: the TT move first, then captures (more and kings first), then
// crownings, then the two killer moves of the ply, then the rest by history.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

#include "engine/checkers/move.h"
#include "engine/checkers/position.h"
#include "engine/checkers/rules.h"
#include "engine/search/search_types.h"

namespace retrocheck::checkers {

using search::kMaxPly;

class MoveOrdering {
  public:
    void clear() {
        killers_ = {};
        history_ = {};
    }

    // The ordering key of move i of moves (higher first).
    std::int64_t key(const Position& pos, const Move& m, std::size_t i, std::size_t tt_move,
                     int ply) const {
        if (i == tt_move) return std::int64_t{1} << 40;
        if (m.is_capture())
            return (std::int64_t{1} << 36) + 100 * popcount(m.captured) +
                   50 * popcount(m.captured & pos.kings());
        const Color us = pos.side_to_move();
        if ((pos.men(us) & bit(m.from)) && (bit(m.to()) & rules::promotion_row(us)))
            return std::int64_t{1} << 34;
        const auto& k = killers_[static_cast<std::size_t>(ply)];
        if (k[0].n_landings && same_effect(k[0], m)) return (std::int64_t{1} << 33) + 1;
        if (k[1].n_landings && same_effect(k[1], m)) return std::int64_t{1} << 33;
        return history(us, m);
    }

    // A quiet move that refuted the node: a killer of this ply, and history rewards it.
    void reward(const Position& pos, const Move& m, int ply, int depth) {
        auto& k = killers_[static_cast<std::size_t>(ply)];
        if (!(k[0].n_landings && same_effect(k[0], m))) {
            k[1] = k[0];
            k[0] = m;
        }
        std::int64_t& h = slot(pos.side_to_move(), m);
        h = std::min<std::int64_t>(h + std::int64_t{depth} * depth, kHistoryMax);
    }
    // A quiet move tried before the one that refuted the node.
    void punish(const Position& pos, const Move& m, int depth) {
        std::int64_t& h = slot(pos.side_to_move(), m);
        h = std::max<std::int64_t>(h - std::int64_t{depth} * depth, 0);
    }

  private:
    static constexpr std::int64_t kHistoryMax = std::int64_t{1} << 30;
    const std::int64_t& history(Color c, const Move& m) const {
        return history_[static_cast<std::size_t>(c)][static_cast<std::size_t>(index_of(m.from))]
                       [static_cast<std::size_t>(index_of(m.to()))];
    }
    std::int64_t& slot(Color c, const Move& m) {
        return const_cast<std::int64_t&>(std::as_const(*this).history(c, m));
    }

    std::array<std::array<Move, 2>, kMaxPly + 1> killers_{};
    std::array<std::array<std::array<std::int64_t, 32>, 32>, 2> history_{};
};

}  // namespace retrocheck::checkers
