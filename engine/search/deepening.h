// The iterative deepening loop both games' searches run, and what a score rests on.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>

#include "engine/search/search_types.h"

namespace retrocheck::search {

// A search's time and node budget. The first iteration always completes, so that there is always
// a move to play; after it, a search stops at the first node past either limit.
class Budget {
  public:
    void start(const SearchLimits& limits) {
        start_ = Clock::now();
        seconds_ = limits.seconds;
        nodes_ = limits.nodes;
        completed_ = 0;
        stop_ = false;
    }
    void iteration_done() { ++completed_; }
    // Whether the search must stop now, having visited `nodes` nodes (checked at every node).
    bool stop(std::uint64_t nodes) {
        if (stop_ || completed_ == 0) return stop_;
        if (nodes_ > 0 && nodes >= nodes_) stop_ = true;
        if (seconds_ > 0 && (nodes & 1023u) == 0 && elapsed() >= seconds_) stop_ = true;
        return stop_;
    }
    bool stopped() const { return stop_; }
    // Whether no further iteration may start.
    bool spent(std::uint64_t nodes) const {
        return (seconds_ > 0 && elapsed() >= seconds_) || (nodes_ > 0 && nodes >= nodes_);
    }
    double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  private:
    using Clock = std::chrono::steady_clock;
    Clock::time_point start_;
    double seconds_ = 0;
    std::uint64_t nodes_ = 0;
    int completed_ = 0;
    bool stop_ = false;
};

// The kind of a root score, from the value a table gives the end of its principal variation
// (nothing when no table holds it, or the line is empty).
constexpr ScoreKind kind_of(Score score, const std::optional<Outcome>& end_value) {
    if (is_exact_win(score)) return end_value ? ScoreKind::TableWin : ScoreKind::Win;
    if (is_exact_loss(score)) return end_value ? ScoreKind::TableLoss : ScoreKind::Loss;
    if (score == 0 && end_value && end_value->is_draw()) return ScoreKind::TableDraw;
    return ScoreKind::Heuristic;
}

// Iterations 1..limits.depth into result: search_root(depth) searches the root (filling pv),
// kind_of(score, line) says what its score rests on, nodes is the search's node count. An
// iteration the budget stops is abandoned (result.out_of_time) and none starts once the budget is
// spent; the root moves it searched in full still count: when one of them heads the principal
// variation it left (search_root sets it only from moves searched to the end), it is the best
// move, the score staying the last complete iteration's. The loop also ends once a win or loss
// proven by the search lies inside the searched depth (deeper iterations can only repeat it), or
// once an iteration reaches root_value, the table value of the root, through the tables.
template <class Move, class SearchRoot, class KindOf>
void deepen(const SearchLimits& limits, const std::optional<Score>& root_value, Budget& budget,
            const PvTable<Move>& pv, const std::uint64_t& nodes, SearchResultOf<Move>& result,
            const std::function<void(const IterationOf<Move>&)>& on_iteration,
            SearchRoot search_root, KindOf kind_of) {
    const int max_depth = std::clamp(limits.depth, 1, kMaxSearchDepth);
    for (int depth = 1; depth <= max_depth; ++depth) {
        const Score score = search_root(depth);
        if (budget.stopped()) {
            result.out_of_time = true;
            if (const auto line = pv.root(); !line.empty()) {
                result.best_move = line.front();
                result.pv = line;
            }
            break;
        }
        budget.iteration_done();
        IterationOf<Move> it;
        it.depth = depth;
        it.score = score;
        it.pv = pv.root();
        it.kind = kind_of(score, it.pv);
        it.nodes = nodes;
        it.seconds = budget.elapsed();
        result.best_move = it.pv.front();
        result.score = it.score;
        result.kind = it.kind;
        result.depth = depth;
        result.pv = it.pv;
        result.iterations.push_back(it);
        if (on_iteration) on_iteration(it);
        const int d = distance_of(it.score);
        if (d >= 0 && d <= depth && (it.kind == ScoreKind::Win || it.kind == ScoreKind::Loss))
            break;
        if ((root_value == it.score && from_table(it.kind)) || budget.spent(nodes)) break;
    }
}

}  // namespace retrocheck::search
