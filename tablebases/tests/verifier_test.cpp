// The verifier passes every built table; it reports a wrong value as one finding at that
// position, with everything else it breaks as consequences, for every kind of wrong value; and
// it catches a builder with the classic first-pass bug, naming positions whose values are wrong.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <functional>
#include <iostream>
#include <map>
#include <random>
#include <set>

#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "tablebases/checkers/build.h"
#include "tablebases/checkers/game.h"
#include "tablebases/tests/corruption.h"
#include "tablebases/tests/tables.h"
#include "tablebases/verify/cause_chain.h"
#include "tablebases/verify/rules.h"
#include "tablebases/verify/slot_batch.h"
#include "tablebases/verify/verifier.h"

namespace retrocheck::tb {
namespace {

using testing::Change;
using testing::Corruption;

const TableSet& tables_up_to(int pieces) { return testing::built_tables(pieces); }

TEST(FastVerifier, PassesEveryBuiltTableUpTo4Pieces) {
    const VerifyReport<CheckersGame> report = verify(tables_up_to(4));
    EXPECT_EQ(report.violations, 0u)
        << (report.examples.empty() ? "" : describe(report.examples[0]));
    EXPECT_EQ(report.findings, 0u);
    EXPECT_TRUE(report.consequences.empty());
    std::uint64_t total = 0;
    for (const auto& [s, t] : tables_up_to(4).tables()) total += t->values.size();
    EXPECT_EQ(report.positions_checked, total);
}

// The quick check on codes (slot_batch.h) gives consistent()'s verdict, against the decoded
// values, for a million random stored values, mirrors and children (no slot, no value, short
// and long distances, draws): it accepts exactly what consistent() accepts wherever it decides.
TEST(FastVerifier, TheQuickCheckOnCodesIsTheRules) {
    std::mt19937_64 rng(20261128);
    const std::vector<Value> codes{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 250, 251, 252, 253, kDraw};
    auto any_code = [&] { return codes[rng() % codes.size()]; };
    const checkers::Position pos = *checkers::parse_fen("B:W18:B14");
    int accepted = 0;
    for (int round = 0; round < 1'000'000; ++round) {
        const Value stored = any_code();
        std::vector<Value> cells(1 + rng() % 5);
        std::vector<const Value*> slots;  // the mirror's, then the children's
        for (Value& c : cells) {
            const auto roll = rng() % 16;
            c = roll == 0 ? kUnknown : roll == 1 ? stored : any_code();
            slots.push_back(roll == 2 ? nullptr : &c);
        }
        const std::size_t n = slots.size() - 1;
        const bool quick = detail::holds_by_codes(stored, slots[0], slots.data() + 1, n);
        const bool rules = detail::consistent<CheckersGame>(
            pos, decode(stored), CheckersGame::read(slots[0]), n,
            [&](std::size_t i) { return CheckersGame::read(slots[1 + i]); });
        bool decides = n > 0;
        for (std::size_t i = 1; i < slots.size(); ++i)
            decides = decides && slots[i] && *slots[i] != kUnknown;
        if (decides) {
            ASSERT_EQ(quick, rules) << "stored " << int{stored} << ", round " << round;
        } else {
            ASSERT_FALSE(quick) << "stored " << int{stored} << ", round " << round;
        }
        accepted += quick;
    }
    EXPECT_GT(accepted, 1000);
}

TEST(FastVerifier, EveryKindOfWrongValueIsOneFinding) {
    testing::expect_every_kind_reported_alone(
        tables_up_to(4), 17, [](const TableSet&) {},
        [](const TableSet& set, const Corruption& c) -> Result<TableSet> {
            const Corruption one[] = {c};
            return testing::with_changes(set, one);
        });
}

// Corrupts `count` random values of the set, one at a time.
void corrupt_and_verify(const TableSet& set, int count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    int tried = 0;
    for (int attempt = 0; tried < count && attempt < 100000; ++attempt) {
        const auto c = testing::random_corruption(set, rng);
        if (!c) continue;
        ++tried;
        const Corruption one[] = {*c};
        testing::expect_reported_alone(testing::with_changes(set, one), *c);
    }
    EXPECT_EQ(tried, count);
}

TEST(FastVerifier, ReportsEachCorruptedValueUpTo3Pieces) {
    corrupt_and_verify(tables_up_to(3), 40, 42);
}

TEST(SlowVerifier, ReportsEachCorruptedValueUpTo4Pieces) {
    corrupt_and_verify(tables_up_to(4), 10, 7);
}

// The verifier judges slots in ranges of 8,192 and positions in batches (slot_batch.h): a wrong
// value at either end of a range, or of the table, is found as well as one inside.
TEST(FastVerifier, AWrongValueAtTheEdgeOfARangeIsFound) {
    const Slice s{1, 0, 1, 1};  // 3 pieces: more than two ranges
    const TableSet& set = tables_up_to(3);
    const std::uint64_t n = set.find(s)->values.size();
    ASSERT_GT(n, 16384u);
    for (const std::uint64_t id :
         {std::uint64_t{0}, std::uint64_t{8191}, std::uint64_t{8192}, n - 1}) {
        std::optional<Corruption> c;
        for (const Change k : testing::kEveryChange)
            if (!c) c = testing::corruption(set, s, id, k);
        ASSERT_TRUE(c.has_value()) << id;
        const Corruption one[] = {*c};
        testing::expect_reported_alone(testing::with_changes(set, one), *c);
    }
}

// Kings of both sides, 3 pieces: small, with wins, draws and losses.
const Slice kSmall{0, 1, 0, 2};
const TableSet& small_set() {
    static const TableSet set = testing::closed_subset(tables_up_to(3), {kSmall});
    return set;
}

// The first position of kSmall with a move that `wanted` accepts, and that move.
std::pair<std::uint64_t, checkers::Move> first_with_move(
    const std::function<bool(const checkers::Position&, const checkers::Move&)>& wanted) {
    const SliceTable& t = *small_set().find(kSmall);
    for (std::uint64_t id = 0; id < t.values.size(); ++id) {
        const checkers::Position p = t.position(id);
        for (const checkers::Move& m : checkers::legal_moves(p))
            if (wanted(p, m)) return {id, m};
    }
    ADD_FAILURE() << "no such position in " << name(kSmall);
    return {0, {}};
}

Outcome value(const checkers::Position& p) { return *small_set().probe(p); }

Corruption corruption_at(const checkers::Position& p, Change k) {
    const Slice s = slice_of(p);
    return *testing::corruption(small_set(), s, small_set().find(s)->id(p), k);
}

// Exactly these findings, and every consequence leads to one of them through causes of causes.
void expect_traced_to(const VerifyReport<CheckersGame>& report,
                      const std::vector<checkers::Position>& findings) {
    auto is_finding = [&](const checkers::Position& p) {
        return std::find(findings.begin(), findings.end(), p) != findings.end();
    };
    ASSERT_EQ(report.findings, findings.size()) << testing::all_of(report);
    for (const Violation<CheckersGame>& f : report.examples)
        EXPECT_TRUE(is_finding(f.position)) << testing::all_of(report);
    EXPECT_EQ(report.violations, report.findings + report.consequences.size());
    for (const Violation<CheckersGame>& v : report.consequences) {
        ASSERT_TRUE(v.cause.has_value()) << describe(v);
        EXPECT_TRUE(testing::is_consequence_of(v, *v.cause));
        checkers::Position at = *v.cause;
        for (int step = 0; step < 8 && !is_finding(at); ++step) {
            const auto next = std::find_if(report.consequences.begin(), report.consequences.end(),
                                           [&](const Violation<CheckersGame>& w) {
                                               return w.position == at && w.relation != "itself";
                                           });
            ASSERT_NE(next, report.consequences.end()) << describe(v) << "leads nowhere";
            at = *next->cause;
        }
        EXPECT_TRUE(is_finding(at)) << describe(v);
    }
}

// A slot without a value (the byte an unfinished build leaves): one finding there, under
// known-value, and each violation it causes at a parent names it.
TEST(FastVerifier, ASlotWithoutAValueIsOneFindingThere) {
    const auto [id, m] = first_with_move([](const checkers::Position& p, const checkers::Move& n) {
        return value(p).is_win() && value(p.after(n)).is_loss() && value(p.after(n)).plies() > 0;
    });
    const checkers::Position x = small_set().find(kSmall)->position(id);
    const checkers::Position hole = x.after(m);
    TableSet changed;
    for (const auto& [s, t] : small_set().tables()) {
        if (!(s == slice_of(hole))) {
            changed.add(t);
            continue;
        }
        auto copy = std::make_shared<SliceTable>(*t);
        copy->values[copy->id(hole)] = kUnknown;
        changed.add(copy);
    }
    const VerifyReport<CheckersGame> report = verify(changed, 1000);
    ASSERT_EQ(report.findings, 1u) << testing::all_of(report);
    const Violation<CheckersGame>& f = report.examples.front();
    EXPECT_EQ(f.position, hole) << describe(f);
    EXPECT_EQ(f.rule, "known-value") << describe(f);
    EXPECT_FALSE(f.stored) << describe(f);
    EXPECT_NE(describe(f).find("stored: no value"), std::string::npos) << describe(f);
    EXPECT_GT(report.consequences.size(), 0u);
    for (const Violation<CheckersGame>& c : report.consequences) {
        ASSERT_TRUE(c.cause) << describe(c);
        EXPECT_EQ(*c.cause, hole) << describe(c);
    }
}

// The same wrong value at a position and at its mirror: two wrong values, two findings.
TEST(FastVerifier, AWrongValueAndItsMirrorAreTwoFindings) {
    const auto [id, m] = first_with_move([](const checkers::Position& p, const checkers::Move&) {
        return value(p).is_win() && value(p).plies() > 3;
    });
    const checkers::Position x = small_set().find(kSmall)->position(id);
    const Corruption both[] = {corruption_at(x, Change::TwoPliesShorter),
                               corruption_at(x.flipped(), Change::TwoPliesShorter)};
    const VerifyReport<CheckersGame> report =
        verify(testing::with_changes(small_set(), both), 1000);
    expect_traced_to(report, {x, x.flipped()});
    for (const Violation<CheckersGame>& f : report.examples)
        EXPECT_EQ(f.expected, both[0].old) << describe(f);
}

// A wrong value, and a wrong value at one of its children that does not decide it: two
// findings, though the first breaks its rule beside a child that breaks its own.
TEST(FastVerifier, AWrongValueBesideAnUnrelatedWrongChildIsAFindingToo) {
    const auto [id, m] = first_with_move([](const checkers::Position& p, const checkers::Move& n) {
        const checkers::Position c = p.after(n);
        return value(p).is_win() && value(c).is_win() && c != p.flipped();
    });
    const checkers::Position x = small_set().find(kSmall)->position(id);
    const checkers::Position child = x.after(m);
    const Corruption both[] = {corruption_at(x, Change::TwoPliesLonger),
                               corruption_at(child, Change::TwoPliesLonger)};
    const VerifyReport<CheckersGame> report =
        verify(testing::with_changes(small_set(), both), 1000);
    expect_traced_to(report, {x, child});
    for (const Violation<CheckersGame>& f : report.examples)
        EXPECT_EQ(f.expected, f.position == x ? both[0].old : both[1].old) << describe(f);
}

// A value made to follow a wrong value of the child that decides it is not a finding: it is
// right given its children, and everything it breaks traces back to the child.
TEST(FastVerifier, AValueThatFollowsAWrongChildIsAConsequence) {
    const auto [id, m] = first_with_move([](const checkers::Position& p, const checkers::Move& n) {
        // The only child that decides a win, which a loss two plies longer would change.
        if (!value(p).is_win()) return false;
        int deciding = 0;
        for (const checkers::Move& o : checkers::legal_moves(p))
            deciding += value(p.after(o)).parent_view() == value(p);
        return deciding == 1 && value(p.after(n)).parent_view() == value(p) &&
               p.after(n) != p.flipped();
    });
    const checkers::Position x = small_set().find(kSmall)->position(id);
    const checkers::Position child = x.after(m);
    const Corruption wrong_child = corruption_at(child, Change::TwoPliesLonger);
    std::vector<Outcome> children;
    for (const checkers::Move& n : checkers::legal_moves(x))
        children.push_back(x.after(n) == child ? wrong_child.changed : value(x.after(n)));
    Corruption follower = corruption_at(x, Change::TwoPliesLonger);
    follower.changed = implied(children);
    ASSERT_NE(follower.changed, follower.old);
    const Corruption both[] = {wrong_child, follower};
    const VerifyReport<CheckersGame> report =
        verify(testing::with_changes(small_set(), both), 1000);
    expect_traced_to(report, {child});
    ASSERT_FALSE(report.examples.empty());
    EXPECT_EQ(report.examples[0].expected, wrong_child.old);
}

// The classification leans on this: judge() finds nothing exactly when the stored value is the
// one the children imply.
TEST(FastVerifier, JudgeFindsNothingExactlyAtTheImpliedValue) {
    const SliceTable& t = *small_set().find(kSmall);
    std::vector<Outcome> values = {Outcome::draw()};
    for (int plies = 0; plies < 30; ++plies)
        values.push_back(plies % 2 ? Outcome::win(plies) : Outcome::loss(plies));
    for (std::uint64_t id = 0; id < t.values.size(); id += 7) {
        const checkers::Position p = t.position(id);
        std::vector<Outcome> children;
        for (const checkers::Move& m : checkers::legal_moves(p))
            children.push_back(value(p.after(m)));
        EXPECT_EQ(implied(children), value(p)) << checkers::format_fen(p);
        for (const Outcome& stored : values)
            ASSERT_EQ(judge(stored, children).has_value(), stored != implied(children))
                << stored.to_string() << " at " << checkers::format_fen(p);
    }
}

// Consequences whose causes go round in a cycle: the first of the cycle stands as a finding,
// and it alone, whichever member is asked.
TEST(FastVerifier, OneOfACycleOfConsequencesStandsAsAFinding) {
    // 0 -> 1 -> 2 -> 0 a cycle; 3 leads into it; 4 is a consequence of the finding 5.
    const std::map<int, std::optional<int>> cause = {{0, 1}, {1, 2}, {2, 0},
                                                     {3, 1}, {4, 5}, {5, std::nullopt}};
    auto cause_of = [&](int x) { return cause.at(x); };
    auto stands = [&](int x, int limit) {
        return first_on_a_cycle(x, *cause.at(x), cause_of, std::less<int>(), limit);
    };
    EXPECT_TRUE(stands(0, 64));
    EXPECT_FALSE(stands(1, 64));
    EXPECT_FALSE(stands(2, 64));
    EXPECT_FALSE(stands(3, 64));
    EXPECT_FALSE(stands(4, 64));
    EXPECT_FALSE(stands(0, 2));  // a cycle longer than the causes followed is not seen
}

void expect_same(const Violation<CheckersGame>& a, const Violation<CheckersGame>& b) {
    EXPECT_EQ(a.position, b.position);
    EXPECT_EQ(a.rule, b.rule);
    EXPECT_EQ(a.finding, b.finding);
    EXPECT_EQ(a.expected, b.expected);
    EXPECT_EQ(a.cause, b.cause);
    EXPECT_EQ(a.relation, b.relation);
}

TEST(Verifier, CatchesTheFirstFoundDistanceBug) {
    const TableSet& broken = testing::built_tables(4, BuildMethod::FirstFoundForTesting);
    const TableSet& right = tables_up_to(4);
    constexpr std::size_t kAll = 1 << 17;
    const VerifyReport<CheckersGame> report = verify(broken, kAll);
    ASSERT_GT(report.findings, 0u);
    ASSERT_LT(report.findings, kAll);
    ASSERT_EQ(report.examples.size(), report.findings);
    // Every finding is a wrong value, against the tables of the right builder, and says what
    // the value should be, rightly, when its children are not in doubt.
    std::uint64_t said = 0, said_wrong = 0;
    for (const Violation<CheckersGame>& f : report.examples) {
        ASSERT_TRUE(f.finding);
        EXPECT_NE(broken.probe(f.position), right.probe(f.position)) << describe(f);
        if (f.expected) ++said;
        if (f.expected && f.expected != right.probe(f.position)) ++said_wrong;
    }
    const Violation<CheckersGame>& first = report.examples[0];
    EXPECT_EQ(first.expected, right.probe(first.position)) << describe(first);
    // The same report on one thread.
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
    const VerifyReport<CheckersGame> serial = verify(broken, kAll);
    EXPECT_EQ(serial.violations, report.violations);
    EXPECT_EQ(serial.findings, report.findings);
    ASSERT_EQ(serial.examples.size(), report.examples.size());
    for (std::size_t i = 0; i < serial.examples.size(); ++i)
        expect_same(serial.examples[i], report.examples[i]);
    ASSERT_EQ(serial.consequences.size(), report.consequences.size());
    for (std::size_t i = 0; i < serial.consequences.size(); ++i)
        expect_same(serial.consequences[i], report.consequences[i]);
    EXPECT_EQ(describe(serial.examples[0]), describe(first));
    std::uint64_t wrong = 0;
    for (const auto& [s, t] : broken.tables())
        for (std::uint64_t id = 0; id < t->values.size(); ++id)
            wrong += t->values[id] != right.find(s)->values[id];
    std::cout << "first-found builder: " << wrong << " wrong values, " << report.findings
              << " findings (" << said << " / " << said_wrong
              << " saying what the value should be), " << report.violations << " violations, e.g.\n"
              << describe(first);
}

}  // namespace
}  // namespace retrocheck::tb
