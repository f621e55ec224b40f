#include "engine/chess/search/search.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "engine/chess/movegen.h"
#include "engine/chess/search/eval.h"
#include "engine/chess/search/ordering.h"
#include "engine/search/deepening.h"
#include "engine/search/tt.h"

namespace retrocheck::chess {

namespace {

using search::Score;

// Neither side can mate: bare kings, or a lone knight or bishop.
constexpr int kNullReduction = 2;
constexpr Score kFutilityMargin = 120;
constexpr std::size_t kLmrFrom = 3;  // moves before this one are never reduced
constexpr int kLmpBase = 4;
// A node whose side to move has this few legal moves (and is not in check: that is extended
// already) is searched a ply deeper: a king hemmed in by a mating net. 200 KBNvK games a seed
// against the tables' defence, 20,000 nodes a move, within DTM + 20: 200, 200 and 200 on seeds
// 2026, 7 and 11, against 199, 199 and 198 without it (2 moves: 200 and 199; 4: 200 on 2026).
constexpr std::size_t kFewReplies = 3;

// Plies a late quiet move is reduced by: about ln(depth) ln(n) / 2, at least 1.
int reduction(int depth, std::size_t n) {
    static const auto table = [] {
        std::array<std::array<std::uint8_t, 64>, search::kMaxPly + 2> t{};
        for (std::size_t d = 1; d < t.size(); ++d)
            for (std::size_t i = 1; i < 64; ++i)
                t[d][i] = static_cast<std::uint8_t>(std::max(
                    1.0,
                    std::log(static_cast<double>(d)) * std::log(static_cast<double>(i)) / 2.0));
        return t;
    }();
    return std::min<int>(table[static_cast<std::size_t>(depth)][std::min<std::size_t>(n, 63)],
                         depth - 2);
}

bool has_piece(const Position& pos, Color c) {
    return (pos.pieces(c) & ~pos.pieces(PieceType::Pawn) & ~pos.pieces(PieceType::King)) != 0;
}

bool insufficient_material(const Position& pos) {
    if (pos.pieces(PieceType::Pawn) | pos.pieces(PieceType::Rook) | pos.pieces(PieceType::Queen))
        return false;
    return popcount(pos.pieces(PieceType::Knight) | pos.pieces(PieceType::Bishop)) <= 1;
}

}  // namespace

class Searcher::Impl {
  public:
    explicit Impl(const SearchOptions& o)
        : tt_(o.tt_megabytes), tables_(o.tables), knowledge_(o.knowledge) {}

    SearchResult run(const Position& root, const search::SearchLimits& limits,
                     const std::function<void(const Iteration&)>& on_iteration,
                     const std::vector<std::uint64_t>& history);
    void clear() {
        tt_.clear();
        ordering_.clear();
    }

  private:
    Score search(const Position& pos, int depth, Score alpha, Score beta, int ply, bool pv_node);
    Score quiesce(const Position& pos, Score alpha, Score beta, int ply, bool pv_node);
    // A draw by the rules at a node below the root: the position met before (in the game or on
    // the line) since the last capture or pawn move, the 50-move rule, or too little to mate.
    bool drawn(const Position& pos) const;
    bool in_reach(const Position& pos) const {
        return tables_ && pos.castling() == 0 && popcount(pos.occupied()) <= tables_->max_pieces();
    }
    std::optional<Score> table_score(const Position& pos, int ply);
    const std::vector<std::uint16_t>& order(const Position& pos, const MoveList& moves,
                                            std::size_t tt_move, int ply);
    search::ScoreKind kind_of(const Position& root, Score score, const std::vector<Move>& pv);

    search::TranspositionTable tt_;
    EndgameProbe* tables_;
    const endgames::Registry* knowledge_;
    ChessOrdering ordering_;
    search::PvTable<Move> pv_;
    std::array<std::vector<std::uint16_t>, search::kMaxPly + 2> order_{};
    std::array<std::vector<std::int64_t>, search::kMaxPly + 2> keys_{};
    std::vector<std::uint64_t> path_;  // the hashes of the game's positions and the line's

    std::uint64_t nodes_ = 0, table_probes_ = 0, tt_probes_ = 0, tt_hits_ = 0;
    search::Budget budget_;
};

bool Searcher::Impl::drawn(const Position& pos) const {
    if (insufficient_material(pos)) return true;
    if (pos.halfmove_clock() >= 100) return !(pos.in_check() && legal_moves(pos).empty());
    // The same side to move two plies back, and so on, as far as the last irreversible move.
    const std::size_t n = path_.size();
    const auto back = static_cast<std::size_t>(pos.halfmove_clock());
    for (std::size_t i = 2; i <= back && i <= n; i += 2)
        if (path_[n - i] == pos.hash()) return true;
    return false;
}

std::optional<Score> Searcher::Impl::table_score(const Position& pos, int ply) {
    const auto value = tables_->probe(pos);
    if (!value) return std::nullopt;
    ++table_probes_;
    const Score s = search::score_of(*value, ply);
    tt_.store(pos.hash(), search::to_tt(s, ply), search::kTableDepth, search::Bound::Exact,
              search::kNoMove);
    return s;
}

const std::vector<std::uint16_t>& Searcher::Impl::order(const Position& pos, const MoveList& moves,
                                                        std::size_t tt_move, int ply) {
    auto& idx = order_[static_cast<std::size_t>(ply)];
    search::order_by_key(
        moves.size(), [&](std::size_t i) { return ordering_.key(pos, moves[i], i, tt_move, ply); },
        idx, keys_[static_cast<std::size_t>(ply)]);
    return idx;
}

Score Searcher::Impl::quiesce(const Position& pos, Score alpha, Score beta, int ply, bool pv_node) {
    pv_.start(ply);
    ++nodes_;
    if (budget_.stop(nodes_)) return 0;
    if (drawn(pos)) return 0;
    if (in_reach(pos)) {
        if (const auto e = tt_.probe(pos.hash()); e && e->depth == search::kTableDepth)
            return search::from_tt(e->score, ply);
        if (const auto s = table_score(pos, ply)) return *s;
    }
    const bool in_check = pos.in_check();
    MoveList moves;
    if (in_check) {
        generate_moves(pos, moves);
        if (moves.empty()) return search::loss_in(ply);
    } else {
        const int quiet = generate_captures_counting_rest(pos, moves);
        if (moves.empty() && quiet == 0) return 0;  // stalemate
    }
    if (ply >= search::kMaxPly) return evaluate(pos, knowledge_);
    Score best = -search::kInfinite;
    if (!in_check) {
        best = evaluate(pos, knowledge_);
        if (best >= beta) return best;
        alpha = std::max(alpha, best);
    }
    path_.push_back(pos.hash());
    for (const std::uint16_t i : order(pos, moves, search::kNoMove, ply)) {
        const Move m = moves[i];
        // Under-promotions are left to the full-width search.
        if (!in_check && m.is_promotion() && m.promotion() != PieceType::Queen) continue;
        const Score s = -quiesce(pos.after(m), -beta, -alpha, ply + 1, pv_node);
        if (budget_.stopped()) break;
        if (s > best) {
            best = s;
            if (s > alpha) {
                alpha = s;
                if (pv_node) pv_.extend(ply, m);
                if (s >= beta) break;
            }
        }
    }
    path_.pop_back();
    return budget_.stopped() ? 0 : best;
}

Score Searcher::Impl::search(const Position& pos, int depth, Score alpha, Score beta, int ply,
                             bool pv_node) {
    const bool in_check = pos.in_check();
    if (in_check && ply < search::kMaxPly / 2) ++depth;  // the check extension
    if (depth <= 0 || ply >= search::kMaxPly) return quiesce(pos, alpha, beta, ply, pv_node);
    pv_.start(ply);
    ++nodes_;
    if (budget_.stop(nodes_)) return 0;

    const std::uint64_t key = pos.hash();
    if (ply > 0) {
        if (drawn(pos)) return 0;
        // No line from here mates sooner than the next ply or is mated later than this one.
        alpha = std::max(alpha, search::loss_in(ply));
        beta = std::min(beta, search::win_in(ply + 1));
        if (alpha >= beta) return alpha;
    }
    std::size_t tt_move = search::kNoMove;
    ++tt_probes_;
    if (const auto e = tt_.probe(key)) {
        ++tt_hits_;
        const Score s = search::from_tt(e->score, ply);
        if (ply > 0 && e->depth == search::kTableDepth) return s;
        tt_move = e->move;
        if (!pv_node && e->depth >= depth &&
            (e->bound() == search::Bound::Exact ||
             (e->bound() == search::Bound::Lower && s >= beta) ||
             (e->bound() == search::Bound::Upper && s <= alpha)))
            return s;
    }
    if (ply > 0 && in_reach(pos))
        if (const auto s = table_score(pos, ply)) return *s;

    MoveList moves;
    generate_moves(pos, moves);
    if (moves.empty()) return in_check ? search::loss_in(ply) : 0;
    if (tt_move >= moves.size()) tt_move = search::kNoMove;
    if (!in_check && ply > 0 && moves.size() <= kFewReplies && ply < search::kMaxPly / 2) ++depth;

    const bool prunable =
        !pv_node && !in_check && ply > 0 && !search::is_decided(alpha) && !search::is_decided(beta);
    // Evaluated only where a pruning rule may use it (prunable is never in check).
    const Score static_eval = prunable ? evaluate(pos, knowledge_) : 0;
    // Reverse futility: near the leaves, an evaluation this far above beta stays there.
    if (prunable && depth <= 3 && static_eval - kFutilityMargin * depth >= beta) return static_eval;
    // Null move: when passing still holds beta at a reduced depth, so will a move. Not in check,
    // not on the principal variation, not near a proven score, and only when both sides have a
    // piece: kings and pawns alone are where zugzwang lives, and against a lone king (or king and
    // pawns) the mating side's evaluation holds beta at almost every node, so passing would prune
    // the very manoeuvres (KBNvK's) that make progress.
    if (prunable && depth >= 3 && has_piece(pos, pos.side_to_move()) &&
        has_piece(pos, ~pos.side_to_move()) && static_eval >= beta) {
        path_.push_back(key);
        const Score s =
            -search(pos.passed(), depth - 1 - kNullReduction, -beta, -beta + 1, ply + 1, false);
        path_.pop_back();
        if (budget_.stopped()) return 0;
        if (s >= beta) return search::is_decided(s) ? beta : s;
    }

    const Score alpha0 = alpha;
    Score best = -search::kInfinite;
    std::size_t best_index = search::kNoMove;
    const auto& sequence = order(pos, moves, tt_move, ply);
    path_.push_back(key);
    for (std::size_t n = 0; n < sequence.size(); ++n) {
        const Move m = moves[sequence[n]];
        const Position child = pos.after(m);
        const bool quiet = !is_tactical(pos, m);
        // Late-move pruning: near the leaves, quiet moves ordered this late are not searched
        // (unless they give check).
        if (prunable && quiet && depth <= 3 &&
            n >= static_cast<std::size_t>(kLmpBase + depth * depth) &&
            best > -search::kWldWinBound && !child.in_check())
            continue;
        Score s;
        if (n == 0) {
            s = -search(child, depth - 1, -beta, -alpha, ply + 1, pv_node);
        } else {
            // Late quiet moves that give no check are searched shallower first, the later
            // and the deeper the more.
            const int reduce =
                depth >= 3 && n >= kLmrFrom && quiet && !in_check && !child.in_check()
                    ? reduction(depth, n)
                    : 0;
            s = -search(child, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1, false);
            if (reduce && s > alpha && !budget_.stopped())
                s = -search(child, depth - 1, -alpha - 1, -alpha, ply + 1, false);
            if (s > alpha && s < beta && pv_node && !budget_.stopped())
                s = -search(child, depth - 1, -beta, -alpha, ply + 1, true);
        }
        if (budget_.stopped()) break;
        if (s > best) {
            best = s;
            best_index = sequence[n];
            if (s > alpha) {
                alpha = s;
                if (pv_node) pv_.extend(ply, m);
                if (s >= beta) {
                    if (quiet) {
                        ordering_.reward(pos, m, ply, depth);
                        for (std::size_t t = 0; t < n; ++t)
                            if (!is_tactical(pos, moves[sequence[t]]))
                                ordering_.punish(pos, moves[sequence[t]], depth);
                    }
                    break;
                }
            }
        }
    }
    path_.pop_back();
    if (budget_.stopped()) return 0;
    const auto stored =
        static_cast<std::uint8_t>(best_index < search::kNoMove ? best_index : search::kNoMove);
    const search::Bound bound = best >= beta    ? search::Bound::Lower
                                : best > alpha0 ? search::Bound::Exact
                                                : search::Bound::Upper;
    tt_.store(key, search::to_tt(best, ply), depth, bound, stored);
    return best;
}

search::ScoreKind Searcher::Impl::kind_of(const Position& root, Score score,
                                          const std::vector<Move>& pv) {
    Position end = root;
    for (const Move m : pv) end = end.after(m);
    std::optional<Outcome> end_value;
    if (in_reach(end) && !pv.empty()) end_value = tables_->probe(end);
    return search::kind_of(score, end_value);
}

SearchResult Searcher::Impl::run(const Position& root, const search::SearchLimits& limits,
                                 const std::function<void(const Iteration&)>& on_iteration,
                                 const std::vector<std::uint64_t>& history) {
    nodes_ = table_probes_ = tt_probes_ = tt_hits_ = 0;
    budget_.start(limits);
    tt_.new_search();
    path_ = history;
    SearchResult result;
    if (legal_moves(root).empty()) {
        result.score = root.in_check() ? search::loss_in(0) : 0;
        result.kind = root.in_check() ? search::ScoreKind::Loss : search::ScoreKind::Heuristic;
        return result;
    }
    std::optional<Score> root_value;
    if (in_reach(root))
        if (const auto v = tables_->probe(root)) root_value = search::score_of(*v, 0);
    search::deepen(
        limits, root_value, budget_, pv_, nodes_, result, on_iteration,
        [&](int depth) {
            return search(root, depth, -search::kInfinite, search::kInfinite, 0, true);
        },
        [&](Score score, const std::vector<Move>& pv) { return kind_of(root, score, pv); });
    result.nodes = nodes_;
    result.table_probes = table_probes_;
    result.tt_probes = tt_probes_;
    result.tt_hits = tt_hits_;
    return result;
}

Searcher::Searcher(const SearchOptions& options) : impl_(std::make_unique<Impl>(options)) {}
Searcher::~Searcher() = default;

SearchResult Searcher::search(const Position& root, const search::SearchLimits& limits,
                              const std::function<void(const Iteration&)>& on_iteration,
                              const std::vector<std::uint64_t>& history) {
    return impl_->run(root, limits, on_iteration, history);
}

void Searcher::clear() { impl_->clear(); }

}  // namespace retrocheck::chess
