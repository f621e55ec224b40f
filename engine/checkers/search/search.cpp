#include "engine/checkers/search/search.h"

#include <array>
#include <chrono>

#include "engine/checkers/movegen.h"
#include "engine/checkers/search/eval.h"
#include "engine/checkers/search/ordering.h"
#include "engine/search/deepening.h"
#include "engine/search/tt.h"

namespace retrocheck::checkers {

class Searcher::Impl {
  public:
    Impl(std::size_t tt_megabytes, EndgameProbe* tables) : tt_(tt_megabytes), tables_(tables) {}

    SearchResult run(const Position& root, const SearchLimits& limits,
                     const std::function<void(const Iteration&)>& on_iteration);
    void clear() {
        tt_.clear();
        ordering_.clear();
    }

  private:
    Score search(const Position& pos, int depth, Score alpha, Score beta, int ply, bool pv_node);
    Score quiesce(const Position& pos, Score alpha, Score beta, int ply, bool pv_node);
    bool in_reach(const Position& pos) const {
        return tables_ && pos.piece_count() <= tables_->max_pieces();
    }
    // Probes a position in reach of the tables.
    std::optional<Score> table_score(const Position& pos, std::uint64_t key, int ply);
    // Indexes into moves, best first, in the scratch list of the ply.
    const std::vector<std::uint16_t>& order(const Position& pos, const MoveList& moves,
                                            std::size_t tt_move, int ply);
    bool out_of_time();
    ScoreKind kind_of(const Position& root, Score score, const std::vector<Move>& pv);

    TranspositionTable tt_;
    EndgameProbe* tables_;
    MoveOrdering ordering_;

    search::PvTable<Move> pv_;
    std::array<std::vector<std::uint16_t>, kMaxPly + 1> order_{};
    std::array<std::vector<std::int64_t>, kMaxPly + 1> keys_{};

    std::uint64_t nodes_ = 0, table_probes_ = 0, tt_probes_ = 0, tt_hits_ = 0;
    search::Budget budget_;
};

bool Searcher::Impl::out_of_time() { return budget_.stop(nodes_); }

// The exact score of a position a table holds (kept in the TT at kTableDepth, since probes
// through a capture resolver can cost far more than a lookup).
std::optional<Score> Searcher::Impl::table_score(const Position& pos, std::uint64_t key, int ply) {
    const auto value = tables_->probe(pos);
    if (!value) return std::nullopt;
    ++table_probes_;
    const Score s = score_of(*value, ply);
    tt_.store(key, to_tt(s, ply), kTableDepth, Bound::Exact, kNoMove);
    return s;
}

const std::vector<std::uint16_t>& Searcher::Impl::order(const Position& pos, const MoveList& moves,
                                                        std::size_t tt_move, int ply) {
    auto& idx = order_[static_cast<std::size_t>(ply)];
    auto& keys = keys_[static_cast<std::size_t>(ply)];
    search::order_by_key(
        moves.size(), [&](std::size_t i) { return ordering_.key(pos, moves[i], i, tt_move, ply); },
        idx, keys);
    return idx;
}

Score Searcher::Impl::quiesce(const Position& pos, Score alpha, Score beta, int ply, bool pv_node) {
    pv_.start(ply);
    ++nodes_;
    if (out_of_time()) return 0;
    if (ply > 0 && in_reach(pos)) {
        const std::uint64_t key = pos.hash();
        if (const auto e = tt_.probe(key); e && e->depth == kTableDepth)
            return from_tt(e->score, ply);
        if (const auto s = table_score(pos, key, ply)) return *s;
    }
    MoveList moves;
    generate_moves(pos, moves);
    if (moves.empty()) return loss_in(ply);
    // Quiet: the side to move has no capture, and the evaluation stands.
    if (!moves[0].is_capture() || ply >= kMaxPly) return evaluate(pos);
    drop_duplicate_paths(moves);
    Score best = -kInfinite;
    for (const std::uint16_t i : order(pos, moves, kNoMove, ply)) {
        const Move& m = moves[i];
        const Score s = -quiesce(pos.after(m), -beta, -alpha, ply + 1, pv_node);
        if (budget_.stopped()) return 0;
        if (s > best) {
            best = s;
            if (s > alpha) {
                alpha = s;
                if (pv_node) pv_.extend(ply, m);
                if (s >= beta) break;
            }
        }
    }
    return best;
}

Score Searcher::Impl::search(const Position& pos, int depth, Score alpha, Score beta, int ply,
                             bool pv_node) {
    if (depth <= 0 || ply >= kMaxPly) return quiesce(pos, alpha, beta, ply, pv_node);
    pv_.start(ply);
    ++nodes_;
    if (out_of_time()) return 0;

    const std::uint64_t key = pos.hash();
    std::size_t tt_move = kNoMove;
    ++tt_probes_;
    if (const auto e = tt_.probe(key)) {
        ++tt_hits_;
        const Score s = from_tt(e->score, ply);
        if (ply > 0 && e->depth == kTableDepth) return s;
        tt_move = e->move;
        if (!pv_node && e->depth >= depth &&
            (e->bound() == Bound::Exact || (e->bound() == Bound::Lower && s >= beta) ||
             (e->bound() == Bound::Upper && s <= alpha)))
            return s;
    }
    if (ply > 0 && in_reach(pos))
        if (const auto s = table_score(pos, key, ply)) return *s;

    MoveList moves;
    generate_moves(pos, moves);
    if (moves.empty()) return loss_in(ply);
    if (moves[0].is_capture()) drop_duplicate_paths(moves);
    if (tt_move >= moves.size()) tt_move = kNoMove;

    const Score alpha0 = alpha;
    Score best = -kInfinite;
    std::size_t best_index = kNoMove;
    const auto& sequence = order(pos, moves, tt_move, ply);
    for (std::size_t n = 0; n < sequence.size(); ++n) {
        const Move& m = moves[sequence[n]];
        const Position child = pos.after(m);
        Score s;
        if (n == 0) {
            s = -search(child, depth - 1, -beta, -alpha, ply + 1, pv_node);
        } else {
            s = -search(child, depth - 1, -alpha - 1, -alpha, ply + 1, false);
            if (s > alpha && s < beta && pv_node)
                s = -search(child, depth - 1, -beta, -alpha, ply + 1, true);
        }
        if (budget_.stopped()) return 0;
        if (s > best) {
            best = s;
            best_index = sequence[n];
            if (s > alpha) {
                alpha = s;
                if (pv_node) pv_.extend(ply, m);
                if (s >= beta) {
                    if (!m.is_capture()) {
                        ordering_.reward(pos, m, ply, depth);
                        for (std::size_t t = 0; t < n; ++t)
                            ordering_.punish(pos, moves[sequence[t]], depth);
                    }
                    break;
                }
            }
        }
    }
    const auto stored = static_cast<std::uint8_t>(best_index < kNoMove ? best_index : kNoMove);
    const Bound bound = best >= beta ? Bound::Lower : best > alpha0 ? Bound::Exact : Bound::Upper;
    tt_.store(key, to_tt(best, ply), depth, bound, stored);
    return best;
}

ScoreKind Searcher::Impl::kind_of(const Position& root, Score score, const std::vector<Move>& pv) {
    Position end = root;
    for (const Move& m : pv) end = end.after(m);
    std::optional<Outcome> end_value;
    if (in_reach(end) && !pv.empty()) end_value = tables_->probe(end);
    return search::kind_of(score, end_value);
}

SearchResult Searcher::Impl::run(const Position& root, const SearchLimits& limits,
                                 const std::function<void(const Iteration&)>& on_iteration) {
    nodes_ = table_probes_ = tt_probes_ = tt_hits_ = 0;
    budget_.start(limits);
    tt_.new_search();
    SearchResult result;
    const MoveList root_moves = legal_moves(root);
    if (root_moves.empty()) {
        result.score = loss_in(0);
        result.kind = ScoreKind::Loss;
        return result;
    }
    // A root the tables hold is decided once an iteration reaches its table value through a
    // table child (at the first, unless a probe failed and the child had to be searched).
    std::optional<Score> root_value;
    if (in_reach(root))
        if (const auto v = tables_->probe(root)) root_value = score_of(*v, 0);
    search::deepen(
        limits, root_value, budget_, pv_, nodes_, result, on_iteration,
        [&](int depth) { return search(root, depth, -kInfinite, kInfinite, 0, true); },
        [&](Score score, const std::vector<Move>& pv) { return kind_of(root, score, pv); });
    result.nodes = nodes_;
    result.table_probes = table_probes_;
    result.tt_probes = tt_probes_;
    result.tt_hits = tt_hits_;
    return result;
}

Searcher::Searcher(std::size_t tt_megabytes, EndgameProbe* tables)
    : impl_(std::make_unique<Impl>(tt_megabytes, tables)) {}
Searcher::~Searcher() = default;

SearchResult Searcher::search(const Position& root, const SearchLimits& limits,
                              const std::function<void(const Iteration&)>& on_iteration) {
    return impl_->run(root, limits, on_iteration);
}

void Searcher::clear() { impl_->clear(); }

}  // namespace retrocheck::checkers
