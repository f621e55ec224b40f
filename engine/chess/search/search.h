// The chess search: iterative deepening over alpha-beta with principal variation search, a
// transposition table (engine/search/tt.h), move ordering (TT move, captures by MVV/LVA,
// promotions, killers, history), late-move reductions of quiet moves, check extensions and a
// ply more where the side to move has three moves or fewer, and a quiescence search over
// captures and promotions (every evasion when in check). Mate scores carry the distance
// (engine/search/score.h). Draws by repetition (of the game's positions and the line's), the
// 50-move rule and bare kings or a lone minor piece score 0.
//
// Endgame tables are probed at every interior node whose position they hold (no castling
// right, few enough pieces), through the one interface both games' searches use; endgame
// knowledge (endgames/registry.h) is the evaluation's, through SearchOptions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/chess/endgames/registry.h"
#include "engine/chess/move.h"
#include "engine/chess/position.h"
#include "engine/search/search_types.h"

namespace retrocheck::chess {

using Iteration = search::IterationOf<Move>;
using SearchResult = search::SearchResultOf<Move>;
using EndgameProbe = search::EndgameProbeOf<Position>;

struct SearchOptions {
    std::size_t tt_megabytes = 64;
    EndgameProbe* tables = nullptr;  // must outlive the searcher; null: no tables
    // The evaluation's endgame knowledge (must outlive the searcher); null: none.
    const endgames::Registry* knowledge = nullptr;
};

class Searcher {
  public:
    explicit Searcher(const SearchOptions& options);
    ~Searcher();
    Searcher(const Searcher&) = delete;
    Searcher& operator=(const Searcher&) = delete;

    // history: the hashes of the game's positions before the root, oldest first (a position
    // met again is a draw). on_iteration is called after each completed iteration.
    SearchResult search(const Position& root, const search::SearchLimits& limits,
                        const std::function<void(const Iteration&)>& on_iteration = {},
                        const std::vector<std::uint64_t>& history = {});

    // Forgets the TT, killers and history: the next search runs as in a new searcher.
    void clear();

  private:
    class Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace retrocheck::chess
