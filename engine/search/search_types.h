// What a search of either game takes and gives: its limits, the score's kind, an iteration and
// the result (over the game's move type), and the one interface through which a search sees
// endgame tables (over the game's position type).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/outcome.h"
#include "engine/search/score.h"

namespace retrocheck::search {

inline constexpr int kMaxSearchDepth = 64;
// The deepest ply a search reaches (extensions and quiescence included).
inline constexpr int kMaxPly = 128;

struct SearchLimits {
    int depth = 15;           // the last iteration, 1..kMaxSearchDepth
    double seconds = 0;       // > 0: no iteration starts after this, and one running is abandoned
    std::uint64_t nodes = 0;  // > 0: likewise once the search has visited this many nodes
};

// What a score rests on: the end of the principal variation.
enum class ScoreKind {
    Heuristic,  // the evaluation of a quiet position
    Win,        // a forced win proven by the search to the end of the game, no table used
    Loss,
    TableWin,  // a forced win (loss) whose principal variation ends in a table value
    TableLoss,
    TableDraw,  // the principal variation ends in a table draw
};
const char* to_string(ScoreKind k);  // "heuristic", "win", "table_win", ...
constexpr bool from_table(ScoreKind k) {
    return k == ScoreKind::TableWin || k == ScoreKind::TableLoss || k == ScoreKind::TableDraw;
}

template <class Move>
struct IterationOf {
    int depth = 0;
    Score score = 0;
    ScoreKind kind = ScoreKind::Heuristic;
    std::uint64_t nodes = 0;  // since the search began
    double seconds = 0;
    std::vector<Move> pv;
};

template <class Move>
struct SearchResultOf {
    std::optional<Move> best_move;  // none when the root has no legal move
    Score score = 0;
    ScoreKind kind = ScoreKind::Heuristic;
    int depth = 0;  // of the last completed iteration
    std::uint64_t nodes = 0;
    std::uint64_t table_probes = 0;  // probes a table answered
    std::uint64_t tt_probes = 0, tt_hits = 0;
    std::vector<Move> pv;
    std::vector<IterationOf<Move>> iterations;
    bool out_of_time = false;  // an iteration was abandoned (time or nodes)
};

// What the search knows of tables: the engine has no other knowledge of them.
template <class Position>
class EndgameProbeOf {
  public:
    virtual ~EndgameProbeOf() = default;
    // The position's value when a table holds it; nullopt when none does (too many pieces, a
    // material not present, a resolver over its work bound).
    virtual std::optional<Outcome> probe(const Position& pos) = 0;
    // No table holds a position with more pieces than this.
    virtual int max_pieces() const = 0;
};

// The triangular principal variation: line(ply) holds the best line found from ply on.
template <class Move>
class PvTable {
  public:
    void start(int ply) { len_[static_cast<std::size_t>(ply)] = ply; }
    // m, then the child's line.
    void extend(int ply, const Move& m) {
        const auto p = static_cast<std::size_t>(ply);
        pv_[p][p] = m;
        const int child_len = len_[p + 1];
        for (int i = ply + 1; i < child_len; ++i)
            pv_[p][static_cast<std::size_t>(i)] = pv_[p + 1][static_cast<std::size_t>(i)];
        len_[p] = std::max(child_len, ply + 1);
    }
    std::vector<Move> root() const { return {pv_[0].begin(), pv_[0].begin() + len_[0]}; }

  private:
    std::array<std::array<Move, kMaxPly + 2>, kMaxPly + 2> pv_{};
    std::array<int, kMaxPly + 2> len_{};
};

// Indexes 0..keys.size()-1 by key, highest first; ties keep generation order (a stable
// insertion sort: move lists are short).
template <class KeyOf>
void order_by_key(std::size_t n, KeyOf key_of, std::vector<std::uint16_t>& idx,
                  std::vector<std::int64_t>& keys) {
    idx.resize(n);
    keys.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::int64_t k = key_of(i);
        std::size_t j = i;
        for (; j > 0 && keys[j - 1] < k; --j) {
            idx[j] = idx[j - 1];
            keys[j] = keys[j - 1];
        }
        idx[j] = static_cast<std::uint16_t>(i);
        keys[j] = k;
    }
}

}  // namespace retrocheck::search
