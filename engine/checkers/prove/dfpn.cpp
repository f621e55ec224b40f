#include "engine/checkers/prove/dfpn.h"

#include <algorithm>
#include <climits>

#include "engine/checkers/movegen.h"
#include "engine/checkers/prove/leaf.h"
#include "engine/checkers/search/eval.h"

namespace retrocheck::checkers::prove {

namespace {

constexpr StoredNode solved_node(bool attacker_wins) {
    StoredNode n;
    n.pn = attacker_wins ? 0 : kInfinite;
    n.dn = attacker_wins ? kInfinite : 0;
    return n;
}

}  // namespace

WinSearch::WinSearch(const Position& root, Color attacker, EndgameProbe* tables,
                     std::size_t max_entries, bool optimistic)
    : root_(root),
      attacker_(attacker),
      tables_(tables),
      max_entries_(max_entries),
      optimistic_(optimistic) {}

std::optional<Claim> WinSearch::claim(const Position& pos) const {
    const StoredNode* n = store_.find(pos, pos.hash());
    if (!n) return std::nullopt;
    return n->proven() ? Claim::Win : n->disproven() ? Claim::NoWin : Claim::Open;
}

void WinSearch::forget(const std::vector<Position>& positions) {
    for (const Position& p : positions) {
        StoredNode* n = store_.find(p, p.hash());
        // Ends of the game and table values (stored with no work below them) are facts.
        if (!n || n->work == 0) continue;
        n->pn = n->dn = 1;
        n->anchor_depth = -1;
    }
}

bool WinSearch::out_of_budget() {
    if (nodes_ >= node_limit_) stop_ = true;
    if ((nodes_ & 1023u) == 0) {
        if (counter_) counter_->fetch_add(1024, std::memory_order_relaxed);
        if (Clock::now() >= deadline_) stop_ = true;
    }
    return stop_;
}

// Heuristic starting numbers for a position not searched yet: a position the attacker stands well
// in looks cheap to prove and dear to disprove. This is the only use of the heuristic: it orders
// the search and never decides a value.
WinSearch::Value WinSearch::initial(const Child& c) const {
    // Mobility: the side to move's number of moves is what a proof (an AND node) or a disproof
    // (an OR node) has to answer. The evaluation adds the side the attacker stands worse or
    // better by, a man's worth a unit per kEvalUnit.
    Score e = evaluate(c.pos);
    if (c.pos.side_to_move() != attacker_) e = -e;
    const bool or_node = c.pos.side_to_move() == attacker_;
    ProofNumber pn = 1, dn = 1;
    (or_node ? dn : pn) = static_cast<ProofNumber>(std::max(c.moves, 1));
    (e > 0 ? dn : pn) += static_cast<ProofNumber>((e > 0 ? e : -e) / kEvalUnit);
    return {pn, dn, -1};
}

WinSearch::Value WinSearch::value_of(Child& child, int ply) {
    if (const StoredNode* found = store_.find(child.pos, child.hash)) {
        const StoredNode& n = *found;
        // A repetition: good for the defender only.
        if (n.path_ply >= 0) return {kInfinite, 0, n.path_ply};
        if (n.anchor_depth < 0) return {n.pn, n.dn, -1};
        if (const auto a = anchor_here(n, ply)) return {n.pn, n.dn, *a};
        // Off the path it was found on: reused as resting on the parent when optimistic (the
        // certificate settles it; a claim it refutes is forgotten, prover.cpp), else searched
        // afresh.
        if (optimistic_) return {n.pn, n.dn, ply - 1};
    }
    if (!child.looked_at) {
        child.looked_at = true;
        child.end = end_of(child.pos, attacker_, tables_, &child.moves);
        if (!child.end) child.initial = initial(child);
    }
    if (child.end) {
        // Kept in the store for the certificate (dropped first when it fills up).
        const StoredNode n = solved_node(*child.end);
        store_.insert(child.pos, child.hash) = n;
        return {n.pn, n.dn, -1};
    }
    if (ply > kMaxProofPly) return {kUnsolvedMax, kUnsolvedMax, -1};
    return child.initial;
}

constexpr std::uint64_t kPathBase = 0x100000001B3ull;

void WinSearch::push_path(const Position& pos, std::uint64_t hash) {
    store_.insert(pos, hash).path_ply = static_cast<std::int16_t>(prefix_.size() - 1);
    path_.emplace_back(pos, hash);
    prefix_.push_back(prefix_.back() * kPathBase + hash);
    if (powers_.size() < prefix_.size()) powers_.push_back(powers_.back() * kPathBase);
}

void WinSearch::pop_path() {
    prefix_.pop_back();
    store_.find(path_.back().first, path_.back().second)->path_ply = -1;
    path_.pop_back();
}

std::uint64_t WinSearch::segment(std::size_t first, std::size_t last) const {
    return prefix_[last] - prefix_[first] * powers_[last - first];
}

std::optional<std::int32_t> WinSearch::anchor_here(const StoredNode& n, int ply) const {
    const int first = ply - n.anchor_depth;
    if (first < 0 || ply > static_cast<int>(prefix_.size()) - 1) return std::nullopt;
    if (segment(static_cast<std::size_t>(first), static_cast<std::size_t>(ply)) != n.anchor_key)
        return std::nullopt;
    return first;
}

void WinSearch::collect_garbage() {
    // Drops the unsolved half with the least work below it, the ends (table values and
    // positions without a move: probed again when needed) and disproofs that rest on a path.
    // Other solved positions stay (a certificate reads them), and so does the current path.
    std::vector<std::uint32_t> works;
    store_.for_each([&](const Position&, const StoredNode& n) {
        if (!n.solved() && n.path_ply < 0) works.push_back(n.work);
    });
    std::uint32_t cut = 0;
    if (!works.empty()) {
        auto mid = works.begin() + static_cast<std::ptrdiff_t>(works.size() / 2);
        std::nth_element(works.begin(), mid, works.end());
        cut = *mid;
    }
    store_.retain([cut](const Position&, const StoredNode& n) {
        if (n.path_ply >= 0) return true;
        if (!n.solved()) return n.work > cut;
        return n.work > 0 && !(n.disproven() && n.anchor_depth >= 0);
    });
    if (store_.size() > max_entries_ - max_entries_ / 8) memory_full_ = true;
}

void WinSearch::mid(const Position& pos, std::uint64_t hash, int ply, ProofNumber th_pn,
                    ProofNumber th_dn) {
    ++nodes_;
    if (out_of_budget()) return;
    if (store_.size() >= max_entries_) collect_garbage();
    if (memory_full_) {
        stop_ = true;
        return;
    }
    std::vector<Child> children;
    for (const Position& c : children_of(pos))
        children.push_back(Child{c, c.hash(), false, std::nullopt, 1, {1, 1, -1}});
    std::vector<Value> values(children.size());
    const bool or_node = pos.side_to_move() == attacker_;
    push_path(pos, hash);
    const std::uint64_t nodes_before = nodes_;

    ProofNumber pn = 0, dn = 0;
    std::int32_t anchor = -1;
    for (;;) {
        for (std::size_t i = 0; i < children.size(); ++i)
            values[i] = value_of(children[i], ply + 1);
        // The node's numbers, its most promising child and the runner-up's number.
        std::size_t best = 0;
        ProofNumber second = kInfinite;
        anchor = -1;
        if (or_node) {
            pn = kInfinite;
            std::int32_t lowest = INT_MAX;
            WeakSum sum;
            for (std::size_t i = 0; i < values.size(); ++i) {
                const Value& v = values[i];
                sum.add(v.dn);
                if (v.pn < pn) {
                    second = pn;
                    pn = v.pn;
                    best = i;
                } else if (v.pn < second) {
                    second = v.pn;
                }
                if (v.anchor_ply >= 0) lowest = std::min(lowest, v.anchor_ply);
            }
            dn = pn == 0 ? kInfinite : sum.value();
            if (dn == 0 && lowest != INT_MAX) anchor = lowest;  // every child rests on it
        } else {
            dn = kInfinite;
            WeakSum sum;
            for (std::size_t i = 0; i < values.size(); ++i) {
                const Value& v = values[i];
                sum.add(v.pn);
                // Among disproven children, one resting on no repetition, else the deepest
                // anchor (it binds the least of the path).
                const bool better =
                    v.dn < dn || (v.dn == 0 && dn == 0 && values[best].anchor_ply >= 0 &&
                                  (v.anchor_ply < 0 || v.anchor_ply > values[best].anchor_ply));
                if (better) {
                    if (v.dn < dn) second = dn;
                    dn = v.dn;
                    best = i;
                } else if (v.dn < second) {
                    second = v.dn;
                }
            }
            pn = dn == 0 ? kInfinite : sum.value();
            if (dn == 0) anchor = values[best].anchor_ply;
        }
        if (pn >= th_pn || dn >= th_dn || stop_) break;
        const Value& b = values[best];
        ProofNumber child_pn = 0, child_dn = 0;
        if (or_node) {
            child_pn = std::min(th_pn, second_best_threshold(second));
            child_dn = th_dn - dn + b.dn;  // dn < th_dn, and dn counts b.dn
        } else {
            child_dn = std::min(th_dn, second_best_threshold(second));
            child_pn = th_pn - pn + b.pn;
        }
        mid(children[best].pos, children[best].hash, ply + 1, child_pn, child_dn);
    }
    pop_path();
    // A repetition of this node or of one below it is settled here: the disproof is a closed
    // set of positions inside this subtree, whatever path leads to it.
    if (anchor >= ply) anchor = -1;
    StoredNode& n = store_.insert(pos, hash);
    n.pn = pn;
    n.dn = dn;
    const std::uint64_t work = std::uint64_t{n.work} + (nodes_ - nodes_before) + 1;
    n.work = static_cast<std::uint32_t>(std::min<std::uint64_t>(work, UINT32_MAX));
    n.anchor_depth = static_cast<std::int16_t>(dn == 0 && anchor >= 0 ? ply - anchor : -1);
    n.anchor_key = n.anchor_depth >= 0
                       ? segment(static_cast<std::size_t>(anchor), static_cast<std::size_t>(ply))
                       : 0;
}

SearchState WinSearch::run(std::uint64_t nodes, Clock::time_point deadline) {
    node_limit_ = nodes_ + nodes;
    deadline_ = deadline;
    stop_ = false;
    const std::uint64_t root_hash = root_.hash();
    if (!store_.find(root_, root_hash))
        if (const auto end = end_of(root_, attacker_, tables_))
            store_.insert(root_, root_hash) = solved_node(*end);
    for (;;) {
        if (const auto s = solved(root_)) return *s ? SearchState::Proven : SearchState::Disproven;
        if (memory_full_) return SearchState::Memory;
        if (stop_) return SearchState::Budget;
        const StoredNode* n = store_.find(root_, root_hash);
        if (n && (n->pn >= kUnsolvedMax || n->dn >= kUnsolvedMax)) return SearchState::Stuck;
        mid(root_, root_hash, 0, kUnsolvedMax, kUnsolvedMax);
    }
}

}  // namespace retrocheck::checkers::prove
