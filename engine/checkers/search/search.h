// The search: iterative deepening over alpha-beta with principal variation search, a
// transposition table, move ordering (TT move, captures, crownings, killers, history) and a
// quiescence search over captures (captures are mandatory, so a position is quiet when the side
// to move has none). Endgame tables are probed at every interior node whose position they hold;
// their values are exact and scored on the same distance scale as ends of game (score.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/checkers/move.h"
#include "engine/checkers/position.h"
#include "engine/search/search_types.h"
#include "engine/search/tt.h"

namespace retrocheck::checkers {

// The game-independent parts (engine/search/), named here as the checkers code has always
// named them.
using search::Bound;
using search::distance_of;
using search::format_score;
using search::from_tt;
using search::is_decided;
using search::is_exact_loss;
using search::is_exact_win;
using search::kInfinite;
using search::kMaxDistance;
using search::kMaxEval;
using search::kMaxPly;
using search::kMaxSearchDepth;
using search::kNoMove;
using search::kTableDepth;
using search::kWin;
using search::kWinBound;
using search::kWldWin;
using search::kWldWinBound;
using search::loss_in;
using search::parent_score;
using search::Score;
using search::score_of;
using search::ScoreKind;
using search::SearchLimits;
using search::to_string;
using search::to_tt;
using search::TranspositionTable;
using search::TTEntry;
using search::win_in;
using Iteration = search::IterationOf<Move>;
using SearchResult = search::SearchResultOf<Move>;
using EndgameProbe = search::EndgameProbeOf<Position>;

class Searcher {
  public:
    // tables may be null (no tables); it must outlive the searcher.
    explicit Searcher(std::size_t tt_megabytes = 64, EndgameProbe* tables = nullptr);
    ~Searcher();
    Searcher(const Searcher&) = delete;
    Searcher& operator=(const Searcher&) = delete;

    // on_iteration is called after each completed iteration.
    SearchResult search(const Position& root, const SearchLimits& limits,
                        const std::function<void(const Iteration&)>& on_iteration = {});

    // Forgets the TT, killers and history: the next search runs as in a new searcher.
    void clear();

  private:
    class Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace retrocheck::checkers
