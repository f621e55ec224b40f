#include "engine/checkers/search/search.h"

#include <array>
#include <chrono>

#include "engine/checkers/movegen.h"
#include "engine/checkers/search/eval.h"
#include "engine/checkers/search/ordering.h"
#include "engine/checkers/search/tt.h"

namespace retrocheck::checkers {

const char* to_string(ScoreKind k) {
    switch (k) {
        case ScoreKind::Heuristic:
            return "heuristic";
        case ScoreKind::Win:
            return "win";
        case ScoreKind::Loss:
            return "loss";
        case ScoreKind::TableWin:
            return "table_win";
        case ScoreKind::TableLoss:
            return "table_loss";
        case ScoreKind::TableDraw:
            return "table_draw";
    }
    return "?";
}

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
    using Clock = std::chrono::steady_clock;

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
    void extend_pv(int ply, const Move& m);
    bool out_of_time();
    ScoreKind kind_of(const Position& root, Score score, const std::vector<Move>& pv);

    TranspositionTable tt_;
    EndgameProbe* tables_;
    MoveOrdering ordering_;

    // Triangular principal variation: pv_[ply] holds the line from ply on.
    std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> pv_{};
    std::array<int, kMaxPly + 1> pv_len_{};
    std::array<std::vector<std::uint16_t>, kMaxPly + 1> order_{};
    std::array<std::vector<std::int64_t>, kMaxPly + 1> keys_{};

    std::uint64_t nodes_ = 0, table_probes_ = 0, tt_probes_ = 0, tt_hits_ = 0;
    Clock::time_point start_;
    double seconds_ = 0;
    int completed_ = 0;  // iterations of this search
    bool stop_ = false;
};

bool Searcher::Impl::out_of_time() {
    // The first iteration always completes, so there is always a move to play.
    if (seconds_ > 0 && completed_ > 0 && (nodes_ & 1023u) == 0 &&
        std::chrono::duration<double>(Clock::now() - start_).count() >= seconds_)
        stop_ = true;
    return stop_;
}

void Searcher::Impl::extend_pv(int ply, const Move& m) {
    const auto p = static_cast<std::size_t>(ply);
    pv_[p][p] = m;
    const int child_len = pv_len_[p + 1];
    for (int i = ply + 1; i < child_len; ++i)
        pv_[p][static_cast<std::size_t>(i)] = pv_[p + 1][static_cast<std::size_t>(i)];
    pv_len_[p] = std::max(child_len, ply + 1);
}

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
    const std::size_t n = moves.size();
    idx.resize(n);
    keys.resize(n);
    // Insertion sort, stable: lists are short, and generation order breaks ties.
    for (std::size_t i = 0; i < n; ++i) {
        const std::int64_t k = ordering_.key(pos, moves[i], i, tt_move, ply);
        std::size_t j = i;
        for (; j > 0 && keys[j - 1] < k; --j) {
            idx[j] = idx[j - 1];
            keys[j] = keys[j - 1];
        }
        idx[j] = static_cast<std::uint16_t>(i);
        keys[j] = k;
    }
    return idx;
}

Score Searcher::Impl::quiesce(const Position& pos, Score alpha, Score beta, int ply, bool pv_node) {
    pv_len_[static_cast<std::size_t>(ply)] = ply;
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
        if (stop_) return 0;
        if (s > best) {
            best = s;
            if (s > alpha) {
                alpha = s;
                if (pv_node) extend_pv(ply, m);
                if (s >= beta) break;
            }
        }
    }
    return best;
}

Score Searcher::Impl::search(const Position& pos, int depth, Score alpha, Score beta, int ply,
                             bool pv_node) {
    if (depth <= 0 || ply >= kMaxPly) return quiesce(pos, alpha, beta, ply, pv_node);
    pv_len_[static_cast<std::size_t>(ply)] = ply;
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
        if (stop_) return 0;
        if (s > best) {
            best = s;
            best_index = sequence[n];
            if (s > alpha) {
                alpha = s;
                if (pv_node) extend_pv(ply, m);
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
    bool from_table = false, table_draw = false;
    if (in_reach(end) && !pv.empty())
        if (const auto v = tables_->probe(end)) {
            from_table = true;
            table_draw = v->is_draw();
        }
    if (is_exact_win(score)) return from_table ? ScoreKind::TableWin : ScoreKind::Win;
    if (is_exact_loss(score)) return from_table ? ScoreKind::TableLoss : ScoreKind::Loss;
    if (score == 0 && table_draw) return ScoreKind::TableDraw;
    return ScoreKind::Heuristic;
}

SearchResult Searcher::Impl::run(const Position& root, const SearchLimits& limits,
                                 const std::function<void(const Iteration&)>& on_iteration) {
    nodes_ = table_probes_ = tt_probes_ = tt_hits_ = 0;
    start_ = Clock::now();
    seconds_ = limits.seconds;
    completed_ = 0;
    stop_ = false;
    tt_.new_search();
    SearchResult result;
    const MoveList root_moves = legal_moves(root);
    if (root_moves.empty()) {
        result.score = loss_in(0);
        result.kind = ScoreKind::Loss;
        return result;
    }
    const int max_depth = std::clamp(limits.depth, 1, kMaxSearchDepth);
    // A root the tables hold is decided once an iteration reaches its table value through a
    // table child (at the first, unless a probe failed and the child had to be searched).
    std::optional<Score> root_value;
    if (in_reach(root))
        if (const auto v = tables_->probe(root)) root_value = score_of(*v, 0);
    for (int depth = 1; depth <= max_depth; ++depth) {
        const Score score = search(root, depth, -kInfinite, kInfinite, 0, true);
        if (stop_) {
            result.out_of_time = true;
            break;
        }
        ++completed_;
        Iteration it;
        it.depth = depth;
        it.score = score;
        it.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_len_[0]);
        it.kind = kind_of(root, score, it.pv);
        it.nodes = nodes_;
        it.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
        result.best_move = it.pv.front();
        result.score = score;
        result.kind = it.kind;
        result.depth = depth;
        result.pv = it.pv;
        result.iterations.push_back(it);
        if (on_iteration) on_iteration(it);
        // A win or loss of known length inside the searched depth: deeper iterations can
        // only repeat it.
        const int d = distance_of(score);
        if (d >= 0 && d <= depth &&
            (result.kind == ScoreKind::Win || result.kind == ScoreKind::Loss))
            break;
        const bool table_kind = it.kind == ScoreKind::TableWin || it.kind == ScoreKind::TableLoss ||
                                it.kind == ScoreKind::TableDraw;
        if ((root_value == score && table_kind) || (seconds_ > 0 && it.seconds >= seconds_)) break;
    }
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
