// Test support: wrong values (tablebases/tests/wrong_values.h) put into a checkers table set
// (every kind of change, or a random one), and the check that the verifier reports each as one
// finding at the changed position, everything else it reports being a consequence of it.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/core/result.h"
#include "tablebases/checkers/build.h"
#include "tablebases/checkers/game.h"
#include "tablebases/tests/wrong_values.h"
#include "tablebases/verify/verifier.h"

namespace retrocheck::tb::testing {

struct Corruption {
    Slice slice;
    std::uint64_t id = 0;
    checkers::Position position;
    Outcome old = Outcome::draw(), changed = Outcome::draw();
    Change kind = Change::WinToDraw;

    // The rule the changed value breaks: a position without moves is a loss in 0
    // (CHECKERS.md), and breaks that rule.
    std::string rule() const {
        const bool no_moves = checkers::legal_moves(position).empty();
        return rule_broken(
            old, kind, changed,
            no_moves ? std::optional<std::string>("no-move-is-loss-0") : std::nullopt);
    }

    std::string what() const {
        return std::string(to_string(kind)) + ": " + old.to_string() + " -> " +
               changed.to_string() + " at " + checkers::format_fen(position);
    }
};

// The corruption of position `id` of `slice` by k, when k applies to its value.
inline std::optional<Corruption> corruption(const TableSet& set, Slice slice, std::uint64_t id,
                                            Change k) {
    const SliceTable& t = *set.find(slice);
    const Outcome old = decode(t.values[id]);
    const auto now = changed(old, k);
    if (!now) return std::nullopt;
    return Corruption{slice, id, t.position(id), old, *now, k};
}

// A random change of a random position of a slice with two pieces or more; nothing when the
// change does not apply to the value drawn.
inline std::optional<Corruption> random_corruption(const TableSet& set, std::mt19937_64& rng) {
    std::vector<Slice> slices;
    for (const auto& [s, t] : set.tables())
        if (s.pieces() >= 2) slices.push_back(s);
    const Slice s = slices[rng() % slices.size()];
    const std::uint64_t id = rng() % set.find(s)->values.size();
    return corruption(set, s, id, kEveryChange[rng() % kEveryChange.size()]);
}

// Slices to put every kind of wrong value in: kings, men, and both, on 2, 3 and 4 pieces, each
// small enough with what its moves lead to for many verifications. The largest takes each kind
// on one side to move only.
struct FaultSlice {
    Slice slice;
    bool both_sides = true;
};
inline const std::vector<FaultSlice> kFaultSlices = {{{0, 1, 0, 1}}, {{1, 0, 1, 0}},
                                                     {{1, 0, 0, 2}}, {{0, 2, 0, 1}},
                                                     {{0, 2, 0, 2}}, {{1, 0, 0, 3}, false}};

// Corruptions of positions of f.slice: for each side to move, a position for every kind of change
// that applies to a value there (the first from a random place on), and, when the slice has
// them, a win in 1 made two plies longer and a position without moves (a loss in 0) made
// longer, a win and a draw. Without both_sides, each kind on one side only (alternately Black
// and White, or the other when the kind does not apply there) and none of the extra ones.
inline std::vector<Corruption> every_kind_of_corruption(const TableSet& set, const FaultSlice& f,
                                                        std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    const SliceTable& t = *set.find(f.slice);
    const std::uint64_t half = t.index.size();
    std::vector<Corruption> out;
    auto pick = [&](std::uint64_t base, Change k, auto&& wanted) {
        const std::uint64_t start = rng() % half;
        for (std::uint64_t j = 0; j < half; ++j) {
            const std::uint64_t id = base + (start + j) % half;
            if (!wanted(decode(t.values[id]))) continue;
            if (const auto c = corruption(set, f.slice, id, k)) {
                out.push_back(*c);
                return true;
            }
        }
        return false;
    };
    auto any = [](const Outcome&) { return true; };
    if (!f.both_sides) {
        for (std::size_t k = 0; k < kEveryChange.size(); ++k)
            if (!pick(k % 2 ? half : 0, kEveryChange[k], any))
                pick(k % 2 ? 0 : half, kEveryChange[k], any);
        return out;
    }
    for (const std::uint64_t base : {std::uint64_t{0}, half}) {
        for (const Change k : kEveryChange) pick(base, k, any);
        const std::pair<Outcome, Change> shortest[] = {{Outcome::win(1), Change::TwoPliesLonger},
                                                       {Outcome::loss(0), Change::TwoPliesLonger},
                                                       {Outcome::loss(0), Change::LossToWin},
                                                       {Outcome::loss(0), Change::LossToDraw}};
        for (const auto& [value, k] : shortest)
            pick(base, k, [&](const Outcome& o) { return o == value; });
    }
    return out;
}

// A copy of the set (sharing the unchanged tables) with the corruptions' values.
inline TableSet with_changes(const TableSet& set, std::span<const Corruption> changes) {
    std::map<Slice, std::shared_ptr<SliceTable>> copies;
    for (const Corruption& c : changes) {
        auto& copy = copies[c.slice];
        if (!copy) copy = std::make_shared<SliceTable>(*set.find(c.slice));
        copy->values[c.id] = encode(c.changed);
    }
    TableSet out;
    for (const auto& [s, t] : set.tables()) {
        const auto it = copies.find(s);
        if (it == copies.end())
            out.add(t);
        else
            out.add(it->second);
    }
    return out;
}

// The tables of `slices`, their mirrors and every slice their moves lead to, shared with `set`:
// a small set closed under moves and flips, for tests that verify it many times.
inline TableSet closed_subset(const TableSet& set, const std::vector<Slice>& slices) {
    std::vector<Slice> roots = slices;
    for (const Slice& s : slices) roots.push_back(flipped(s));
    TableSet out;
    for (const Slice& s : closure(roots)) out.add(set.tables().at(s));
    return out;
}

// A consequence names its cause and how the cause reaches it: as one of its children (by a
// legal move to it), as its mirror, or as itself (a finding's own broken flip symmetry).
inline ::testing::AssertionResult is_consequence_of(const Violation<CheckersGame>& v,
                                                    const checkers::Position& cause) {
    auto fail = [&] { return ::testing::AssertionFailure() << describe(v); };
    if (v.finding || !v.cause || *v.cause != cause) return fail() << "is not a consequence of it";
    if (v.relation == "itself")
        return v.position == cause && v.rule == "flip-symmetry" ? ::testing::AssertionSuccess()
                                                                : fail();
    if (v.relation == "mirror")
        return v.position.flipped() == cause ? ::testing::AssertionSuccess() : fail();
    for (const checkers::Move& m : checkers::legal_moves(v.position))
        if (v.relation == "child " + checkers::format_move(m) && v.position.after(m) == cause)
            return ::testing::AssertionSuccess();
    return fail() << "names no move to it";
}

inline std::string all_of(const VerifyReport<CheckersGame>& report) {
    std::string s;
    for (const Violation<CheckersGame>& v : report.examples) s += describe(v);
    for (const Violation<CheckersGame>& v : report.consequences) s += describe(v);
    return s;
}

// The changed position is the one finding, under the rule its new value breaks, with its old
// value as what it should be; every other violation is a consequence of it.
inline void expect_reported_alone(const TableSet& set, const Corruption& c) {
    const VerifyReport<CheckersGame> report = verify(set, 1000);
    ASSERT_EQ(report.findings, 1u) << c.what() << "\n" << all_of(report);
    ASSERT_EQ(report.examples.size(), 1u);
    const Violation<CheckersGame>& f = report.examples[0];
    EXPECT_TRUE(f.finding);
    EXPECT_EQ(f.position, c.position) << c.what() << "\n" << all_of(report);
    EXPECT_EQ(f.rule, c.rule()) << c.what() << "\n" << describe(f);
    EXPECT_EQ(f.stored, c.changed) << c.what();
    EXPECT_EQ(f.expected, c.old) << c.what() << "\n" << describe(f);
    const std::string head =
        "finding: " + f.rule + " at " + checkers::format_fen(c.position) + "\n";
    EXPECT_EQ(describe(f).substr(0, head.size()), head);
    EXPECT_NE(describe(f).find("\nstored: " + c.changed.to_string() + "\n"), std::string::npos)
        << describe(f);
    EXPECT_NE(describe(f).find("\nshould be: " + c.old.to_string()), std::string::npos)
        << describe(f);
    EXPECT_EQ(report.violations, 1 + report.consequences.size()) << c.what();
    // The mirror keeps the old value, so it breaks flip symmetry: a consequence that must be
    // reported there, pointing back at the changed position.
    const checkers::Position mirror = c.position.flipped();
    if (set.probe(mirror)) {
        const bool seen = std::any_of(
            report.consequences.begin(), report.consequences.end(),
            [&](const Violation<CheckersGame>& v) {
                return v.position == mirror && v.rule == "flip-symmetry" && v.relation == "mirror";
            });
        EXPECT_TRUE(seen) << c.what() << ": no flip-symmetry consequence at the mirror "
                          << checkers::format_fen(mirror) << "\n"
                          << all_of(report);
    }
    for (const Violation<CheckersGame>& v : report.consequences) {
        EXPECT_TRUE(is_consequence_of(v, c.position)) << c.what();
        // One line, naming the cause, how, the rule and the position.
        const std::string text = describe(v);
        const std::string line = "consequence of " + checkers::format_fen(c.position) + " (" +
                                 v.relation + "): " + v.rule + " at " +
                                 checkers::format_fen(v.position);
        EXPECT_EQ(text.substr(0, line.size()), line) << c.what();
        EXPECT_EQ(text.find('\n'), text.size() - 1) << text;
        if (v.rule != "flip-symmetry") continue;
        // Both positions named, and which one breaks its own rule: the changed one.
        EXPECT_NE(text.find(checkers::format_fen(v.position.flipped())), std::string::npos) << text;
        EXPECT_TRUE(v.relation != "mirror" || v.mirror_fails_own) << text;
        EXPECT_TRUE(v.relation != "itself" || v.fails_own) << text;
    }
}

// Which kinds of change went into positions of how many pieces, with which side to move;
// complete when every kind went into 2, 3 and 4 pieces with each side to move.
class KindCoverage {
  public:
    void add(const Corruption& c) {
        covered_.insert({c.slice.pieces(), c.kind, c.position.side_to_move()});
    }
    void expect_complete() const {
        for (const int pieces : {2, 3, 4})
            for (const Change k : kEveryChange)
                for (const auto side : {checkers::Color::Black, checkers::Color::White})
                    EXPECT_TRUE(covered_.count({pieces, k, side}))
                        << pieces << " pieces, " << to_string(k) << ", " << checkers::title(side)
                        << " to move";
    }

  private:
    std::set<std::tuple<int, Change, checkers::Color>> covered_;
};

// Every kind of wrong value in positions of every slice of kFaultSlices, one at a time, each
// verified alone: `start` is given each slice's set (closed_subset of `tables`) once, `change`
// makes that set with one value changed. Then checks that each kind went into positions of 2, 3
// and 4 pieces with each side to move, and that a win in 1 and a position without moves took
// their changes.
inline void expect_every_kind_reported_alone(
    const TableSet& tables, std::uint64_t seed, const std::function<void(const TableSet&)>& start,
    const std::function<Result<TableSet>(const TableSet&, const Corruption&)>& change) {
    KindCoverage covered;
    std::set<std::pair<Value, Change>> shortest;  // changes to a win in 1 or a loss in 0
    for (const FaultSlice& f : kFaultSlices) {
        const TableSet set = closed_subset(tables, {f.slice});
        start(set);
        for (const Corruption& c : every_kind_of_corruption(set, f, seed)) {
            SCOPED_TRACE(c.what());
            const auto changed = change(set, c);
            ASSERT_TRUE(changed.ok()) << changed.error();
            ASSERT_EQ(changed->probe(c.position), c.changed);
            expect_reported_alone(*changed, c);
            covered.add(c);
            if (c.old == Outcome::win(1) || c.old == Outcome::loss(0))
                shortest.insert({encode(c.old), c.kind});
        }
    }
    covered.expect_complete();
    for (const auto& [value, k] : {std::pair{Outcome::win(1), Change::TwoPliesLonger},
                                   std::pair{Outcome::loss(0), Change::TwoPliesLonger},
                                   std::pair{Outcome::loss(0), Change::LossToWin},
                                   std::pair{Outcome::loss(0), Change::LossToDraw}})
        EXPECT_TRUE(shortest.count({encode(value), k}))
            << value.to_string() << ", " << to_string(k);
}

}  // namespace retrocheck::tb::testing
