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
#include "engine/checkers/search/score.h"
#include "engine/core/outcome.h"

namespace retrocheck::checkers {

// What the search knows of tables: the engine has no other knowledge of them.
class EndgameProbe {
  public:
    virtual ~EndgameProbe() = default;
    // The position's value when a table holds it; nullopt when none does (too many pieces, a
    // slice not present, a resolver over its work bound).
    virtual std::optional<Outcome> probe(const Position& pos) = 0;
    // No table holds a position with more pieces than this.
    virtual int max_pieces() const = 0;
};

inline constexpr int kMaxSearchDepth = 64;

struct SearchLimits {
    int depth = 15;      // the last iteration, 1..kMaxSearchDepth
    double seconds = 0;  // > 0: no iteration starts after this, and one running is abandoned
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

struct Iteration {
    int depth = 0;
    Score score = 0;
    ScoreKind kind = ScoreKind::Heuristic;
    std::uint64_t nodes = 0;  // since the search began
    double seconds = 0;
    std::vector<Move> pv;
};

struct SearchResult {
    std::optional<Move> best_move;  // none when the root has no legal move
    Score score = 0;
    ScoreKind kind = ScoreKind::Heuristic;
    int depth = 0;  // of the last completed iteration
    std::uint64_t nodes = 0;
    std::uint64_t table_probes = 0;  // probes a table answered
    std::uint64_t tt_probes = 0, tt_hits = 0;
    std::vector<Move> pv;
    std::vector<Iteration> iterations;
    bool out_of_time = false;  // an iteration was abandoned
};

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
