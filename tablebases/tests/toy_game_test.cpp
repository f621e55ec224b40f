// The generic paths of tablebases/ (the build driver and retrograde solver, the verifier with its
// classification, the probe path) instantiated with a third game, tiny and written only here
// (toy_game.h): the builders' values against a solver that shares nothing with them, the
// verifier silent on right tables and exact on a wrong value, the probe path consistent.
#include <gtest/gtest.h>

#include <bit>
#include <map>
#include <vector>

#include "tablebases/build/driver.h"
#include "tablebases/probe/position_probe.h"
#include "tablebases/tests/toy_game.h"
#include "tablebases/verify/verifier_impl.h"

namespace retrocheck::tb::toy {
namespace {

constexpr Slice kTop{3, 3};

// Every position with up to three tokens a side, either side to move.
std::vector<Position> every_position() {
    std::vector<Position> out;
    for (unsigned w = 0; w < 256; ++w)
        for (unsigned b = 0; b < 256; ++b)
            if (!(w & b) && std::popcount(w) <= 3 && std::popcount(b) <= 3)
                for (const bool white : {true, false})
                    out.push_back(
                        {static_cast<std::uint8_t>(w), static_cast<std::uint8_t>(b), white});
    return out;
}

std::uint32_t key(const Position& p) {
    return (p.white_to_move ? 0x10000u : 0u) | p.white * 256u | p.black;
}

// The values by plain induction on the distance, all positions at once: level n (a loss in n
// for n even, a win in n for n odd) takes the positions whose children decide it, levels stop
// at the first that takes none, and what is left is drawn. No slices, no un-moves.
std::map<std::uint32_t, Outcome> solved() {
    const std::vector<Position> all = every_position();
    std::map<std::uint32_t, Outcome> value;
    for (int n = 0;; ++n) {
        std::vector<std::pair<std::uint32_t, Outcome>> level;
        for (const Position& p : all) {
            if (value.count(key(p))) continue;
            const std::vector<Move> moves = legal_moves(p);
            bool any_loss = false, all_wins = true;
            int longest = -1;
            for (const Move& m : moves) {
                const auto it = value.find(key(p.after(m)));
                if (it == value.end()) {
                    all_wins = false;
                    continue;
                }
                if (it->second.is_loss() && it->second.plies() == n - 1) any_loss = true;
                if (!it->second.is_win()) all_wins = false;
                if (it->second.is_win()) longest = std::max(longest, it->second.plies());
            }
            if (n % 2 == 1 && any_loss) level.push_back({key(p), Outcome::win(n)});
            if (n % 2 == 0 && all_wins && longest == n - 1)
                level.push_back({key(p), Outcome::loss(n)});
        }
        if (level.empty()) break;
        for (const auto& [k, v] : level) value.insert_or_assign(k, v);
    }
    for (const Position& p : every_position()) value.emplace(key(p), Outcome::draw());
    return value;
}

const std::map<std::uint32_t, Outcome>& truth() {
    static const auto t = solved();
    return t;
}

const Tables& built() {
    static const Tables t = build_closure<ToyGame>({kTop}, BuildMethod::OutCounting);
    return t;
}

Position at(const std::string& row, bool white_to_move) {
    Position p;
    p.white_to_move = white_to_move;
    for (int s = 0; s < 8; ++s) {
        if (row[static_cast<std::size_t>(s)] == 'W') p.white |= static_cast<std::uint8_t>(1u << s);
        if (row[static_cast<std::size_t>(s)] == 'B') p.black |= static_cast<std::uint8_t>(1u << s);
    }
    return p;
}

TEST(FastToyGame, TheBuildersAgreeWithASolverThatSharesNothingWithThem) {
    // The slices of up to three tokens a side, fewer tokens first.
    const std::vector<Slice> order = closure<ToyGame>({kTop});
    ASSERT_EQ(order.size(), 16u);
    EXPECT_EQ(order.front(), (Slice{0, 0}));
    EXPECT_EQ(order.back(), kTop);
    // Hand-checked values: a side without a token has lost; a token beside the opponent's last
    // takes it; a token at the edge one square from the opponent's must step beside it; with
    // one token a side, the side to move wins when an even number of squares lies between
    // them (it closes to an odd gap and follows every retreat to the edge).
    EXPECT_EQ(*built().probe(at("W.......", false)), Outcome::loss(0));
    EXPECT_EQ(*built().probe(at("WB......", true)), Outcome::win(1));
    EXPECT_EQ(*built().probe(at("W.B.....", true)), Outcome::loss(2));
    EXPECT_TRUE(built().probe(at(".W..B...", true))->is_win());
    EXPECT_TRUE(built().probe(at(".W...B..", true))->is_loss());
    for (const BuildMethod method : {BuildMethod::OutCounting, BuildMethod::Grandfather}) {
        const Tables set =
            method == BuildMethod::OutCounting ? built() : build_closure<ToyGame>({kTop}, method);
        std::size_t compared = 0, wins = 0, losses = 0;
        for (const auto& [slice, table] : set.tables())
            for (std::uint64_t id = 0; id < table->values.size(); ++id) {
                const auto p = table->position(id);
                if (!p) {
                    ASSERT_EQ(table->values[id], kUnknown) << "slot " << id << " holds no position";
                    continue;
                }
                ASSERT_NE(table->values[id], kUnknown) << ToyGame::fen(*p);
                const Outcome v = decode(table->values[id]);
                ASSERT_EQ(v, truth().at(key(*p))) << ToyGame::fen(*p) << ": built " << v.to_string()
                                                  << ", solved " << truth().at(key(*p)).to_string();
                ++compared;
                wins += v.is_win();
                losses += v.is_loss();
            }
        EXPECT_EQ(compared, truth().size());
        EXPECT_GT(wins, 1000u);
        EXPECT_GT(losses, 100u);
    }
}

TEST(FastToyGame, TheVerifierPassesTheTablesAndNamesAChangedValue) {
    const VerifyReport<ToyGame> clean = verify(built());
    EXPECT_EQ(clean.violations, 0u);
    EXPECT_EQ(clean.positions_checked, truth().size());
    ASSERT_EQ(clean.slices.size(), 16u);

    // A win in n stored as a win in n + 2: one finding, at that position, with the old value as
    // what it should be; every other violation names it.
    Tables changed;
    const Position wrong = at("W.BB..W.", true);
    const Outcome old = truth().at(key(wrong));
    ASSERT_TRUE(old.is_win() && old.plies() > 1) << old.to_string();
    for (const auto& [slice, table] : built().tables()) {
        if (!(slice == slice_of(wrong))) {
            changed.add(table);
            continue;
        }
        auto t = std::make_shared<Table>(*table);
        t->values[t->id(wrong)] = encode(Outcome::win(old.plies() + 2));
        changed.add(t);
    }
    const VerifyReport<ToyGame> r = verify(changed, 100);
    ASSERT_EQ(r.findings, 1u);
    const Violation<ToyGame>& f = r.examples.front();
    EXPECT_EQ(ToyGame::fen(f.position), ToyGame::fen(wrong)) << describe(f);
    EXPECT_EQ(f.rule, "win-shortest") << describe(f);
    EXPECT_EQ(f.expected, old) << describe(f);
    EXPECT_EQ(describe(f).rfind("finding: win-shortest at W.BB..W. w\n", 0), 0u) << describe(f);
    for (const Violation<ToyGame>& c : r.consequences) {
        ASSERT_TRUE(c.cause) << describe(c);
        EXPECT_TRUE(*c.cause == wrong || *c.cause == wrong.flipped()) << describe(c);
    }
}

TEST(FastToyGame, TheProbePathValuesEveryMoveBestFirst) {
    const auto value_of = [](const Position& p) -> Result<Outcome> {
        const Lookup l = ToyGame::lookup(built(), p);
        if (!l.valued()) return Error{"no value for " + ToyGame::fen(p)};
        return l.value;
    };
    using Scored = ScoredMove<ToyGame, Outcome>;
    const auto better_move = [](const Scored& a, const Scored& b) {
        return better(a.value.parent_view(), b.value.parent_view());
    };
    std::size_t probed = 0;
    for (const Position& p : every_position()) {
        const auto r = probe_position<ToyGame>(p, value_of, better_move);
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->value, truth().at(key(p))) << ToyGame::fen(p);
        ASSERT_EQ(r->moves.size(), legal_moves(p).size());
        if (r->moves.empty()) continue;
        // The best move's child, seen by the mover, is the position's value.
        EXPECT_EQ(r->moves.front().value.parent_view(), r->value) << ToyGame::fen(p);
        for (std::size_t i = 1; i < r->moves.size(); ++i)
            EXPECT_FALSE(
                better(r->moves[i].value.parent_view(), r->moves[i - 1].value.parent_view()));
        ++probed;
    }
    EXPECT_GT(probed, 5000u);
    // A slice the set lacks is the probe's error, not a value.
    Tables partial;
    partial.add(built().tables().at(kTop));
    const auto missing = probe_position<ToyGame>(
        at("WB.BWB.W", true),
        [&](const Position& p) -> Result<Outcome> {
            const Lookup l = ToyGame::lookup(partial, p);
            if (l.status == Lookup::Status::NoTable) return Error{"no table " + ToyGame::fen(p)};
            return l.value;
        },
        better_move);
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error(), "no table .W.BWB.W b");  // 0x1, into the slice W3B2
}

}  // namespace
}  // namespace retrocheck::tb::toy
