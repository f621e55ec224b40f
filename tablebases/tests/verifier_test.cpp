// The verifier passes every built table, and catches single-value corruptions and a builder
// with the classic first-pass bug, naming the position.
#include <gtest/gtest.h>

#include <random>

#include "engine/checkers/diagram.h"
#include "engine/checkers/notation.h"
#include "tablebases/build/builder.h"
#include "tablebases/verify/verifier.h"

namespace retrocheck::tb {
namespace {

const TableSet& tables_up_to(int pieces) {
    static const TableSet three = build_up_to(3, BuildMethod::OutCounting);
    static const TableSet four = build_up_to(4, BuildMethod::OutCounting);
    return pieces == 3 ? three : four;
}

TEST(Verifier, PassesEveryBuiltTableUpTo4Pieces) {
    const VerifyReport report = verify(tables_up_to(4));
    EXPECT_EQ(report.violations, 0u)
        << (report.examples.empty() ? "" : describe(report.examples[0]));
    std::uint64_t total = 0;
    for (const auto& [s, t] : tables_up_to(4).tables()) total += t->values.size();
    EXPECT_EQ(report.positions_checked, total);
}

// A copy of the set with one value of one slice replaced.
TableSet with_value(const TableSet& set, Slice slice, std::uint64_t id, Value v) {
    TableSet out;
    for (const auto& [s, t] : set.tables()) {
        if (s != slice) {
            out.add(t);
            continue;
        }
        auto copy = std::make_shared<SliceTable>(*t);
        copy->values[id] = v;
        out.add(copy);
    }
    return out;
}

// The corrupted position is reported under a one-ply rule; every other report is one of its
// parents (naming the move to it) or its mirror.
void expect_reported_alone(const TableSet& set, const checkers::Position& pos,
                           const std::string& what) {
    const VerifyReport report = verify(set, 1000);
    ASSERT_GT(report.violations, 0u) << what;
    ASSERT_EQ(report.violations, report.examples.size()) << what;
    bool own = false;
    for (const Violation& v : report.examples) {
        if (v.position == pos) {
            own |= v.rule != "flip-symmetry";
            continue;
        }
        if (v.position == pos.flipped() && v.rule == "flip-symmetry") continue;
        ASSERT_TRUE(v.child_move.has_value()) << what << "\n" << describe(v);
        EXPECT_EQ(v.position.after(*v.child_move), pos) << what << "\n" << describe(v);
    }
    EXPECT_TRUE(own) << what << ": " << checkers::format_fen(pos) << " not reported";
}

// Corrupts `count` random values of the set, one at a time, with random kinds of change: win
// to draw, draw to loss, a distance moved by two plies.
void corrupt_and_verify(const TableSet& set, int count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<Slice> slices;
    for (const auto& [s, t] : set.tables())
        if (s.pieces() >= 2) slices.push_back(s);
    int tried = 0;
    for (int attempt = 0; tried < count && attempt < 100000; ++attempt) {
        const Slice s = slices[rng() % slices.size()];
        const SliceTable& t = *set.find(s);
        const std::uint64_t id = rng() % t.values.size();
        const Outcome old = decode(t.values[id]);
        const int kind = static_cast<int>(rng() % 3);
        std::optional<Outcome> changed;
        if (kind == 0 && old.is_win()) changed = Outcome::draw();
        if (kind == 1 && old.is_draw())
            changed = Outcome::loss(2 * static_cast<int>(rng() % 5 + 1));
        if (kind == 2 && !old.is_draw())
            changed = rng() % 2 || old.plies() < 2
                          ? (old.is_win() ? Outcome::win(old.plies() + 2)
                                          : Outcome::loss(old.plies() + 2))
                          : (old.is_win() ? Outcome::win(old.plies() - 2)
                                          : Outcome::loss(old.plies() - 2));
        if (!changed || (changed->is_win() && changed->plies() < 1)) continue;
        ++tried;
        const checkers::Position pos = t.position(id);
        expect_reported_alone(
            with_value(set, s, id, encode(*changed)), pos,
            old.to_string() + " -> " + changed->to_string() + " at " + checkers::format_fen(pos));
    }
    EXPECT_EQ(tried, count);
}

TEST(Verifier, ReportsEachCorruptedValueUpTo3Pieces) {
    corrupt_and_verify(tables_up_to(3), 40, 42);
}

TEST(SlowVerifier, ReportsEachCorruptedValueUpTo4Pieces) {
    corrupt_and_verify(tables_up_to(4), 10, 7);
}

TEST(Verifier, CatchesTheFirstFoundDistanceBug) {
    const TableSet broken = build_up_to(4, BuildMethod::FirstFoundForTesting);
    const VerifyReport report = verify(broken);
    ASSERT_GT(report.violations, 0u);
    std::cout << "first-found builder: " << report.violations << " violations, e.g.\n"
              << describe(report.examples[0]);
}

}  // namespace
}  // namespace retrocheck::tb
