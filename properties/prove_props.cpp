// The prover against the tables: given the tables one piece short of a position, every value it
// proves is the value of the full tables, every main line is legal and ends where the attacker's
// win is a table value or the defender has no move; and the certificate checker never passes a
// claim the tables contradict, whatever claims it is fed.
//
// The Fast* ones need only the tables up to 4 pieces (built in memory); the rest read the 5-piece
// tables of the main job (properties/tables5.h).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <iostream>
#include <random>
#include <unordered_set>
#include <vector>

#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/prove/certificate.h"
#include "engine/checkers/prove/distance.h"
#include "engine/checkers/prove/leaf.h"
#include "engine/checkers/prove/prover.h"
#include "engine/checkers/random_position.h"
#include "engine/checkers/search/search.h"
#include "engine/checkers/tests/test_positions.h"
#include "properties/checkers_gen.h"
#include "properties/tables5.h"
#include "tablebases/probe/search_probe.h"
#include "tablebases/tests/tables.h"

namespace retrocheck::tb {
namespace {

using checkers::Color;
using checkers::Position;
namespace pv = checkers::prove;

// A small budget: most positions are settled within it, and the property is about what the
// prover says when it says something.
constexpr std::uint64_t kNodes = 1500;

pv::ProveLimits small_limits() { return {kNodes, 0, std::size_t{1} << 16}; }

Wld wld_of(pv::Verdict v) {
    return v == pv::Verdict::Win ? Wld::Win : v == pv::Verdict::Loss ? Wld::Loss : Wld::Draw;
}

// Proves pos with the tables up to `reach` pieces and checks it against `truth`.
void check_prover(const Position& pos, const TableSet& truth, int reach) {
    const MemorySource source(truth);
    SearchProbe probe(source, reach);
    const pv::Proof p = pv::prove_value(pos, &probe, small_limits());
    const Outcome value = *truth.probe(pos);
    RC_TAG(p.proven() ? "proven" : "unknown");
    if (!p.proven()) return;
    RC_TAG(to_string(wld_of(p.verdict)));
    RC_LOG() << "proven " << pv::to_string(p.verdict) << ", the tables say " << value.to_string()
             << "; line " << checkers::format_line(p.line) << "\n";
    RC_ASSERT(wld_of(p.verdict) == value.wld());
    if (p.verdict == pv::Verdict::Draw) {
        RC_ASSERT(p.line.empty());
        return;
    }
    // The line: legal, and where it ends the winner's win is a fact (a table value, or the loser
    // without a move).
    RC_ASSERT(checkers::testing::illegal_step(pos, p.line) == std::nullopt);
    Position end = pos;
    for (const checkers::Move& m : p.line) end = end.after(m);
    const Color winner = p.verdict == pv::Verdict::Win ? pos.side_to_move() : ~pos.side_to_move();
    if (end.piece_count() <= reach) {
        const Outcome at_end = *truth.probe(end);
        RC_ASSERT((end.side_to_move() == winner ? at_end.is_win() : at_end.is_loss()));
    } else {
        RC_ASSERT(checkers::legal_moves(end).empty());
        RC_ASSERT(end.side_to_move() != winner);
    }
}

RC_GTEST_PROP(FastProver, ProvenValuesAreTheTablesAt3And4Pieces, ()) {
    const int pieces = *rc::gen::inRange(3, 5);
    const Position pos = *checkers::gen::position_with(pieces);
    checkers::classify(pos);
    check_prover(pos, testing::built_tables(4), pieces - 1);
}

RC_GTEST_PROP(Prover, ProvenValuesAreTheTablesAt5Pieces, ()) {
    const Position pos = *checkers::gen::position_with(5);
    checkers::classify(pos);
    check_prover(pos, testing::tables_up_to_5(), 4);
}

// Exact distances: given the tables one piece short, a random 3-piece position's win or loss is
// proven to be exactly the tables' distance when the search settles it, and the distance two
// plies longer or shorter is not. A side without a move has lost in 0 plies.
TEST(FastDistance, ProvenDistancesAreTheTablesAt3Pieces) {
    const TableSet& truth = testing::built_tables(4);
    const MemorySource source(truth);
    SearchProbe probe(source, 2);
    const pv::ProveLimits limits{200000, 0, std::size_t{1} << 18};
    std::mt19937_64 rng(11);
    int settled = 0;
    for (int i = 0; i < 400; ++i) {
        const Position pos = checkers::random_position(rng, 3);
        const Outcome value = *truth.probe(pos);
        if (value.is_draw()) continue;
        const pv::DistanceProof exact = pv::prove_distance(pos, value, &probe, limits);
        if (!exact.exact) continue;
        ++settled;
        ASSERT_TRUE(*exact.exact) << checkers::describe(pos) << value.to_string() << ": "
                                  << exact.because;
        const auto other = [&](int plies) {
            return value.is_win() ? Outcome::win(plies) : Outcome::loss(plies);
        };
        const auto longer = pv::prove_distance(pos, other(value.plies() + 2), &probe, limits);
        EXPECT_NE(longer.exact, std::optional<bool>(true))
            << checkers::describe(pos) << value.to_string() << " claimed 2 plies longer";
        if (value.plies() >= 2) {
            const auto shorter = pv::prove_distance(pos, other(value.plies() - 2), &probe, limits);
            EXPECT_NE(shorter.exact, std::optional<bool>(true))
                << checkers::describe(pos) << value.to_string() << " claimed 2 plies shorter";
        }
    }
    EXPECT_GT(settled, 100);
}

TEST(FastDistance, NoMoveIsALossInZero) {
    const TableSet& truth = testing::built_tables(4);
    const pv::ProveLimits limits{100000, 0, std::size_t{1} << 16};
    // Black to move, its man on 5 blocked: lost; White's move to there wins in 1.
    for (const char* fen : {"B:W9,14:B5", "W:W9,18:B5"}) {
        const Position pos = *checkers::parse_fen(fen);
        const Outcome value = *truth.probe(pos);
        EXPECT_FALSE(value.is_draw()) << fen;
        for (checkers::EndgameProbe* tables : {static_cast<checkers::EndgameProbe*>(nullptr)}) {
            const pv::DistanceProof d = pv::prove_distance(pos, value, tables, limits);
            EXPECT_EQ(d.exact, std::optional<bool>(true))
                << fen << " " << value.to_string() << ": " << d.because;
        }
    }
    EXPECT_EQ(*truth.probe(*checkers::parse_fen("B:W9,14:B5")), Outcome::loss(0));
}

// Kings only, where every line can cycle: two kings against two with the 3-piece tables, three
// against two with the 4-piece tables. No value may rest on a repetition.
rc::Gen<Position> kings_only(int a, int b) {
    return checkers::gen::position_where(a + b, a + b, [a, b](const Position& p) {
        const int black = checkers::popcount(p.kings(Color::Black));
        const int white = checkers::popcount(p.kings(Color::White));
        return p.kings() == p.occupied() &&
               ((black == a && white == b) || (black == b && white == a));
    });
}

RC_GTEST_PROP(FastProver, TwoKingsAgainstTwo, ()) {
    check_prover(*kings_only(2, 2), testing::built_tables(4), 3);
}

RC_GTEST_PROP(Prover, ThreeKingsAgainstTwo, ()) {
    check_prover(*kings_only(3, 2), testing::tables_up_to_5(), 4);
}

// The positions within `radius` plies of root: the ones a search "visited".
std::unordered_set<Position> ball(const Position& root, int radius) {
    std::unordered_set<Position> seen{root};
    std::vector<Position> layer{root};
    for (int d = 0; d < radius; ++d) {
        std::vector<Position> next;
        for (const Position& p : layer)
            for (const Position& c : pv::children_of(p))
                if (seen.insert(c).second) next.push_back(c);
        layer = std::move(next);
    }
    return seen;
}

// Claims for the question "does attacker win?" on the visited positions, read from the tables,
// each wrong (the other verdict, or open) with probability about 1/noise, none at noise 0.
// Asked about a position not visited, they say nothing and note it in *left.
pv::Claims noisy_claims(const TableSet& truth, Color attacker, int noise, std::uint64_t salt,
                        const std::unordered_set<Position>& visited, bool* left) {
    return [&truth, attacker, noise, salt, &visited,
            left](const Position& p) -> std::optional<pv::Claim> {
        const auto v = truth.probe(p);
        if (!v || !visited.count(p)) {
            *left = true;
            return std::nullopt;
        }
        const bool wins = p.side_to_move() == attacker ? v->is_win() : v->is_loss();
        const std::uint64_t h = (p.hash() ^ salt) * 0x9E3779B97F4A7C15ull;
        if (noise > 0 && (h >> 40) % static_cast<std::uint64_t>(noise) == 0)
            return (h >> 8) % 2 ? pv::Claim::Open : wins ? pv::Claim::NoWin : pv::Claim::Win;
        return wins ? pv::Claim::Win : pv::Claim::NoWin;
    };
}

// The certificate checker with the tables one piece short and claims from the full tables on
// the positions near the root: with lies mixed in it never certifies a falsehood; with true
// claims that cover every position it looks at, it certifies exactly the truth.
void check_certificates(const Position& pos, const TableSet& truth, int reach) {
    const MemorySource source(truth);
    SearchProbe probe(source, reach);
    const Color attacker = *rc::gen::element(Color::Black, Color::White);
    const int noise = *rc::gen::element(0, 2, 5, 50);
    const int radius = *rc::gen::inRange(0, 9);
    const auto salt = *rc::gen::arbitrary<std::uint64_t>();
    const auto visited = ball(pos, radius);
    bool left = false;
    const pv::Claims claims = noisy_claims(truth, attacker, noise, salt, visited, &left);
    const Outcome value = *truth.probe(pos);
    const bool wins = pos.side_to_move() == attacker ? value.is_win() : value.is_loss();
    const pv::Certificate win = pv::check_win(pos, attacker, &probe, claims);
    const pv::Certificate no_win = pv::check_no_win(pos, attacker, &probe, claims);
    RC_TAG(noise == 0 ? "true claims" : "lies mixed in");
    RC_TAG(win.ok || no_win.ok ? "certified" : "not certified");
    RC_LOG() << "attacker " << (attacker == Color::Black ? "Black" : "White") << ", noise " << noise
             << ", radius " << radius << ", the tables: " << value.to_string()
             << "; win certificate " << (win.ok ? "passed" : "failed: " + win.failure)
             << "; no-win certificate " << (no_win.ok ? "passed" : "failed: " + no_win.failure)
             << "\n";
    RC_ASSERT(!win.ok || wins);
    RC_ASSERT(!no_win.ok || !wins);
    if (noise == 0 && !left) RC_ASSERT((wins ? win.ok : no_win.ok));
}

RC_GTEST_PROP(FastCertificate, NeverPassesAFalseClaimAt3And4Pieces, ()) {
    const int pieces = *rc::gen::inRange(3, 5);
    check_certificates(*checkers::gen::position_with(pieces), testing::built_tables(4), pieces - 1);
}

RC_GTEST_PROP(Certificate, NeverPassesAFalseClaimAt5Pieces, ()) {
    check_certificates(*checkers::gen::position_with(5), testing::tables_up_to_5(), 4);
}

// Three kings against two that do not win (Black to move, 4-piece tables): the search scores the
// extra king as a big plus at every depth it reaches and cannot tell this from a win; the prover
// proves the draw (both questions disproven, each by a checked closed set).
TEST(FastProver, ADrawTheSearchCannotTellFromAWin) {
    const Position pos = *checkers::parse_fen("B:WK11,K13:BK3,K4,K29");
    const MemorySource source(testing::built_tables(4));
    SearchProbe probe(source, 4);
    checkers::Searcher searcher(16, &probe);
    const auto r = searcher.search(pos, {13, 0});
    EXPECT_EQ(r.kind, checkers::ScoreKind::Heuristic);
    EXPECT_GE(r.score, 100);
    const pv::Proof p = pv::prove_value(pos, &probe, {1'000'000, 0, std::size_t{1} << 20});
    ASSERT_EQ(p.verdict, pv::Verdict::Draw) << p.open_because();
    EXPECT_EQ(p.side_to_move_wins.wins, false);
    EXPECT_EQ(p.opponent_wins.wins, false);
    EXPECT_GT(p.proof_size, 0u);
    std::cout << "B:WK11,K13:BK3,K4,K29: search " << checkers::format_score(r.score) << " at depth "
              << r.depth << "; proven draw in " << p.nodes << " nodes, closed sets of "
              << p.proof_size << " positions\n";
}

// Two kings against two far apart, with only the 3-piece tables: every line can cycle, and the
// draw is two closed sets (neither side ever forces a capture), found through repetitions and
// refuted claims searched again, and certified without any repetition counted as a result.
TEST(FastProver, TwoKingsAgainstTwoFarApartDraw) {
    const Position pos = *checkers::parse_fen("W:WK1,K3:BK30,K32");
    const MemorySource source(testing::built_tables(4));
    SearchProbe probe(source, 3);
    const pv::Proof p = pv::prove_value(pos, &probe, {5'000'000, 0, std::size_t{1} << 22});
    ASSERT_EQ(p.verdict, pv::Verdict::Draw) << p.open_because();
    EXPECT_EQ(*testing::built_tables(4).probe(pos), Outcome::draw());
    std::cout << "W:WK1,K3:BK30,K32 with the 3-piece tables: proven draw in " << p.nodes
              << " nodes, closed sets of " << p.proof_size << " positions\n";
}

}  // namespace
}  // namespace retrocheck::tb
