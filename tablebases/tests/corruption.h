// Test support: random single-value corruptions of a table set, and the check that the
// verifier reports exactly the corrupted position.
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>

#include "engine/checkers/notation.h"
#include "tablebases/verify/verifier.h"

namespace retrocheck::tb::testing {

struct Corruption {
    Slice slice;
    std::uint64_t id = 0;
    checkers::Position position;
    Outcome old = Outcome::draw(), changed = Outcome::draw();

    std::string what() const {
        return old.to_string() + " -> " + changed.to_string() + " at " +
               checkers::format_fen(position);
    }
};

// A random kind of change (win to draw, draw to loss, a distance moved by two plies) of a
// random position of a slice with two pieces or more; nothing when the draw did not fit.
inline std::optional<Corruption> random_corruption(const TableSet& set, std::mt19937_64& rng) {
    std::vector<Slice> slices;
    for (const auto& [s, t] : set.tables())
        if (s.pieces() >= 2) slices.push_back(s);
    const Slice s = slices[rng() % slices.size()];
    const SliceTable& t = *set.find(s);
    const std::uint64_t id = rng() % t.values.size();
    const Outcome old = decode(t.values[id]);
    const int kind = static_cast<int>(rng() % 3);
    std::optional<Outcome> changed;
    if (kind == 0 && old.is_win()) changed = Outcome::draw();
    if (kind == 1 && old.is_draw()) changed = Outcome::loss(2 * static_cast<int>(rng() % 5 + 1));
    if (kind == 2 && !old.is_draw()) {
        const int plies = rng() % 2 || old.plies() < 2 ? old.plies() + 2 : old.plies() - 2;
        changed = old.is_win() ? Outcome::win(plies) : Outcome::loss(plies);
    }
    if (!changed || (changed->is_win() && changed->plies() < 1)) return std::nullopt;
    return Corruption{s, id, t.position(id), old, *changed};
}

// The corrupted position is reported under a one-ply rule; every other report is one of its
// parents (naming the move to it) or its mirror.
inline void expect_reported_alone(const TableSet& set, const Corruption& c) {
    const VerifyReport report = verify(set, 1000);
    ASSERT_GT(report.violations, 0u) << c.what();
    ASSERT_EQ(report.violations, report.examples.size()) << c.what();
    bool own = false;
    for (const Violation& v : report.examples) {
        if (v.position == c.position) {
            own |= v.rule != "flip-symmetry";
            continue;
        }
        if (v.position == c.position.flipped() && v.rule == "flip-symmetry") continue;
        ASSERT_TRUE(v.child_move.has_value()) << c.what() << "\n" << describe(v);
        EXPECT_EQ(v.position.after(*v.child_move), c.position) << c.what() << "\n" << describe(v);
    }
    EXPECT_TRUE(own) << c.what() << ": not reported";
}

}  // namespace retrocheck::tb::testing
