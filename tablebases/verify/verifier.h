// The verifier: checks every position of a set of tables against its children's values, one
// ply deep, and against its colour-flipped mirror, for any table game (tablebases/game.h). It
// shares nothing with the builders but the move generator and the index.
//
// Rules (CHECKERS.md and CHESS.md, "Metrics"):
//   the game's no-move rule  a position without legal moves has the game's value for it:
//                        no-move-is-loss-0 (checkers), mate-is-loss-0 and stalemate-is-draw
//                        (chess); a loss in 0 is only such a one
//   win-has-losing-child a win has a child lost for the opponent
//   win-shortest         a win in n has a child lost in n-1 and none lost in fewer
//   loss-children-win    every child of a loss is a win for the opponent
//   loss-longest         the longest child win of a loss in n is n-1
//   draw-no-losing-child a draw has no child lost for the opponent
//   draw-has-draw-child  a draw has a drawing child
//   flip-symmetry        a position and its mirror have the same value
//   known-value          a legal position's slot holds a value; every child's slice exists
//   illegal-slot-holds-value  a slot whose position is illegal holds no value
//
// Each rule a position breaks is a violation. One wrong value breaks several (its own rule,
// flip symmetry at it and at its mirror, its parents' rules); the verifier reports it as one
// finding, the others as its consequences, each naming its cause (classify.h).
//
// The templates are defined in verifier_impl.h and instantiated once per game in the game's
// folder (tablebases/<game>/generic.cpp).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/outcome.h"
#include "tablebases/game.h"

namespace retrocheck::tb {

template <typename G>
struct Violation {
    std::string rule;
    typename G::Position position;
    std::optional<Outcome> stored;               // nothing: the slot holds no value
    std::optional<typename G::Move> child_move;  // the move that proves it, when one does
    std::optional<Outcome> child_value;          // that child's value (its side to move)
    bool child_table_missing = false;            // the child's slice is not in the set
    std::optional<Outcome> mirror;               // the mirror's value, when it differs

    // A finding is a stored value found wrong; a consequence is a rule broken because of
    // another position's wrong value (classify.h says how they are told apart).
    bool finding = true;
    std::optional<Outcome> expected;            // finding: what the value should be, when known
    std::optional<typename G::Position> cause;  // consequence: the position with the wrong value
    // How the cause reaches it: "child 14-10", "mirror", or "itself" (a finding's own broken
    // flip symmetry).
    std::string relation;
    bool fails_own = false;         // the position breaks its own one-ply rule
    bool mirror_fails_own = false;  // its mirror breaks its own
};

template <typename G>
struct VerifyReport {
    struct SliceCount {
        typename G::Slice slice;
        std::uint64_t positions = 0, violations = 0, findings = 0;
    };
    std::vector<SliceCount> slices;  // in build order
    std::uint64_t positions_checked = 0;
    std::uint64_t violations = 0;  // all of them, findings and consequences
    std::uint64_t findings = 0;
    std::vector<Violation<G>> examples;      // the first max_examples findings, in walk order
    std::vector<Violation<G>> consequences;  // the first max_examples consequences, in walk order
};

// Every legal position of every table (of the slices in `only`, when given: the set still
// values their children), in parallel over the TBB pool; the report does not depend on the
// number of threads. `progress`, when given, counts slots done. There is at least one finding
// when there are violations.
template <typename Tables, TableGame G = GameOf<Tables>>
VerifyReport<G> verify(const Tables& tables, std::size_t max_examples = 20,
                       std::atomic<std::uint64_t>* progress = nullptr,
                       const std::vector<typename G::Slice>& only = {});

// verify() in parts, for callers that walk a set a part at a time (streaming.h): one part's
// report, its consequences one more than max_examples and no finding made of them yet. Parts
// walked in order and joined by join_part(), then finish_report(), report what verify() does.
template <typename Tables, TableGame G = GameOf<Tables>>
VerifyReport<G> verify_part(const Tables& tables, std::size_t max_examples,
                            std::atomic<std::uint64_t>* progress,
                            const std::vector<typename G::Slice>& only);

// The next part's report added to `report`'s.
template <typename G>
void join_part(VerifyReport<G>& report, VerifyReport<G>&& part, std::size_t max_examples) {
    for (auto& s : part.slices) report.slices.push_back(s);
    report.positions_checked += part.positions_checked;
    report.violations += part.violations;
    report.findings += part.findings;
    for (auto& v : part.examples)
        if (report.examples.size() < max_examples) report.examples.push_back(std::move(v));
    for (auto& v : part.consequences)
        if (report.consequences.size() < max_examples + 1)
            report.consequences.push_back(std::move(v));
}

// Every violation is a consequence, along cycles of causes longer than those followed: the
// first stands as a finding, so that a broken table always has one. Then the consequences are
// cut to max_examples.
template <typename G>
void finish_report(VerifyReport<G>& report, std::size_t max_examples) {
    if (report.findings == 0 && !report.consequences.empty()) {
        Violation<G> first = std::move(report.consequences.front());
        report.consequences.erase(report.consequences.begin());
        first.finding = true;
        first.cause.reset();
        first.relation.clear();
        report.findings = 1;
        if (max_examples > 0) report.examples.push_back(std::move(first));
    }
    if (report.consequences.size() > max_examples) report.consequences.resize(max_examples);
}

// The checks of one position, classified, for callers that walk positions themselves: its own
// rule first, then flip symmetry; at most one finding.
template <typename Tables, TableGame G = GameOf<Tables>>
std::vector<Violation<G>> check_position(const Tables& tables, const typename G::Position& pos);

// How a violation is printed. A finding: "finding: <rule> at <FEN>", the diagram, the stored
// value, what it should be, and the child that proves it (its value from the side to move's
// point of view, and its FEN). A consequence: one line, "consequence of <cause FEN>
// (<relation>): <rule> at <FEN>".
template <TableGame G>
std::string describe(const Violation<G>& v);

}  // namespace retrocheck::tb
