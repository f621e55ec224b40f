// Move ordering for the chess search: the TT move first, then captures and promotions by
// MVV/LVA (the most valuable victim, then the least valuable attacker), then the two killer
// moves of the ply, then the rest by history.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "engine/chess/move.h"
#include "engine/chess/position.h"
#include "engine/search/search_types.h"

namespace retrocheck::chess {

// A capture or a promotion: what quiescence searches, and what killers and history leave out.
inline bool is_tactical(const Position& pos, Move m) {
    return m.is_promotion() || m.kind() == MoveKind::EnPassant ||
           (m.kind() == MoveKind::Normal && (pos.occupied() & bit(m.to())) != 0);
}

class ChessOrdering {
  public:
    void clear() {
        killers_ = {};
        history_ = {};
    }

    // The ordering key of move i (higher first).
    std::int64_t key(const Position& pos, Move m, std::size_t i, std::size_t tt_move,
                     int ply) const {
        if (i == tt_move) return std::int64_t{1} << 40;
        if (is_tactical(pos, m)) {
            const int victim = m.kind() == MoveKind::EnPassant ? 0 : victim_of(pos, m.to());
            const int attacker = index_of(pos.piece_on(m.from())->type);
            const int promotion = m.is_promotion() ? 10 * index_of(m.promotion()) : 0;
            return (std::int64_t{1} << 36) + 100 * victim + promotion - attacker;
        }
        const auto& k = killers_[static_cast<std::size_t>(ply)];
        if (k[0] == m) return (std::int64_t{1} << 33) + 1;
        if (k[1] == m) return std::int64_t{1} << 33;
        return history_[slot(pos.side_to_move())][slot(m.from())][slot(m.to())];
    }

    // A quiet move that refuted the node: a killer of this ply, and history rewards it.
    void reward(const Position& pos, Move m, int ply, int depth) {
        auto& k = killers_[static_cast<std::size_t>(ply)];
        if (k[0] != m) {
            k[1] = k[0];
            k[0] = m;
        }
        auto& h = history_[slot(pos.side_to_move())][slot(m.from())][slot(m.to())];
        h = std::min<std::int64_t>(h + std::int64_t{depth} * depth, kHistoryMax);
    }
    // A quiet move tried before the one that refuted the node.
    void punish(const Position& pos, Move m, int depth) {
        auto& h = history_[slot(pos.side_to_move())][slot(m.from())][slot(m.to())];
        h = std::max<std::int64_t>(h - std::int64_t{depth} * depth, 0);
    }

  private:
    static constexpr std::int64_t kHistoryMax = std::int64_t{1} << 30;
    static int victim_of(const Position& pos, Square s) {
        const auto p = pos.piece_on(s);
        return p ? index_of(p->type) : 0;
    }

    std::array<std::array<Move, 2>, search::kMaxPly + 2> killers_{};
    std::array<std::array<std::array<std::int64_t, kSquares>, kSquares>, 2> history_{};
};

}  // namespace retrocheck::chess
