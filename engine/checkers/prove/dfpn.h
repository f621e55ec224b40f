// Depth-first proof-number search (df-pn, Nagai 2002) for one question: does the attacker win
// from the root? A proof is a strategy for the attacker that reaches, in finitely many moves, a
// position the tables hold as won or one where the defender has no move. A disproof is a strategy
// for the defender that avoids that forever: it reaches a table value that is not a win for the
// attacker, or keeps the play going (infinite play is a draw, as in the tables).
//
// Repetitions: a child already on the current path is scored as disproven (the defender is happy
// to repeat), never as proven, so no proof rests on a repetition. A disproof that rests on one
// (the graph-history interaction problem) holds only below the ancestors it repeats: it is kept
// with the path from the highest of them down to the node (its length and a hash). Reached by the
// same path it rests on the same ancestors; reached by another it is either searched afresh
// (strict: sound but exponential where kings can wander, as in most draws) or reused
// optimistically, as practical df-pn solvers do (fast, but it can mislead a proof).
// So a claim of this search is a candidate, never a result: the certificate checker
// (certificate.h) decides it by retrograde analysis of the positions the claim points to, and the
// prover forgets what the checker refutes and searches on.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/checkers/position.h"
#include "engine/checkers/prove/certificate.h"
#include "engine/checkers/prove/proof_number.h"
#include "engine/checkers/prove/store.h"
#include "engine/checkers/search/search.h"

namespace retrocheck::checkers::prove {

enum class SearchState {
    Proven,     // the attacker wins (to be checked)
    Disproven,  // the attacker does not win (to be checked)
    Budget,     // the node budget or the deadline ran out
    Memory,     // the solved positions alone fill the store
    Stuck,      // every line left is deeper than kMaxProofPly
};

// Evaluation units (a man is 100) that add one to a starting proof or disproof number.
inline constexpr int kEvalUnit = 50;

// Plies from the root past which the search does not expand.
inline constexpr int kMaxProofPly = 600;

class WinSearch {
  public:
    using Clock = std::chrono::steady_clock;

    // tables may be null and must outlive the search. The store keeps at most max_entries
    // positions: unsolved ones with the least work below them are dropped to make room.
    // optimistic: reuse a disproof that rests on a path off that path (see above); otherwise
    // such a disproof is searched afresh there.
    WinSearch(const Position& root, Color attacker, EndgameProbe* tables, std::size_t max_entries,
              bool optimistic);

    // Searches on (the store is kept between calls) until the root is solved, `nodes` more
    // nodes are expanded, or the deadline passes.
    SearchState run(std::uint64_t nodes, Clock::time_point deadline);

    const Position& root() const { return root_; }
    Color attacker() const { return attacker_; }
    std::uint64_t nodes() const { return nodes_; }
    // Adds the expansions to *counter as they go, by 1,024s (for a progress line).
    void count_nodes_in(std::atomic<std::uint64_t>* counter) { counter_ = counter; }
    std::size_t stored() const { return store_.size(); }
    // What the store says of a position: proven, disproven (resting on a path or not: the
    // certificate checker decides), open; nullopt when it holds nothing.
    std::optional<Claim> claim(const Position& pos) const;
    // true proven, false disproven, nullopt otherwise.
    std::optional<bool> solved(const Position& pos) const {
        const auto c = claim(pos);
        if (!c || *c == Claim::Open) return std::nullopt;
        return *c == Claim::Win;
    }
    // Drops what the store claims of these positions (a claim its certificate refuted), so the
    // search looks at them afresh.
    void forget(const std::vector<Position>& positions);

  private:
    struct Value {
        ProofNumber pn, dn;
        std::int32_t anchor_ply;
    };
    struct Child {
        Position pos;
        std::uint64_t hash = 0;
        bool looked_at = false;   // the fields below are set
        std::optional<bool> end;  // a table value or no move: whether the attacker wins
        int moves = 1;            // its legal moves
        Value initial{1, 1, -1};  // its starting numbers
    };

    void mid(const Position& pos, std::uint64_t hash, int ply, ProofNumber th_pn,
             ProofNumber th_dn);
    Value value_of(Child& child, int ply);
    Value initial(const Child& child) const;
    void collect_garbage();
    bool out_of_budget();

    Position root_;
    Color attacker_;
    EndgameProbe* tables_;
    std::size_t max_entries_;
    bool optimistic_;
    ProofStore store_;
    // The path's rolling hash: prefix_[i] covers the positions at plies 0..i-1.
    std::vector<std::pair<Position, std::uint64_t>> path_;  // each with its hash
    std::vector<std::uint64_t> prefix_{0}, powers_{1};
    void push_path(const Position& pos, std::uint64_t hash);
    void pop_path();
    // The hash of the positions at plies first..last-1 of the path.
    std::uint64_t segment(std::size_t first, std::size_t last) const;
    // Whether n's anchor holds for a child at `ply` of the current path (its ply then).
    std::optional<std::int32_t> anchor_here(const StoredNode& n, int ply) const;
    std::uint64_t nodes_ = 0, node_limit_ = 0;
    std::atomic<std::uint64_t>* counter_ = nullptr;
    Clock::time_point deadline_;
    bool stop_ = false, memory_full_ = false;
};

}  // namespace retrocheck::checkers::prove
