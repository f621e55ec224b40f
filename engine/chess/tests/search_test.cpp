// The chess search on positions whose answer is known without it: mates in one and two found
// with their distance, stalemate and the rules' draws scored 0, the principal variation legal;
// the material key kept by the position and the registry that dispatches on it.
#include <gtest/gtest.h>

#include <random>

#include "engine/chess/endgames/mating.h"
#include "engine/chess/endgames/registry.h"
#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/random_position.h"
#include "engine/chess/search/eval.h"
#include "engine/chess/search/search.h"

namespace retrocheck::chess {
namespace {

Position fen(const char* text) {
    auto p = parse_fen(text);
    EXPECT_TRUE(p) << text;
    return *p;
}

SearchResult run(const Position& pos, int depth, const endgames::Registry* knowledge = nullptr,
                 const std::vector<std::uint64_t>& history = {}) {
    Searcher searcher({1, nullptr, knowledge});
    search::SearchLimits limits;
    limits.depth = depth;
    return searcher.search(pos, limits, {}, history);
}

void expect_legal_line(Position pos, const std::vector<Move>& pv) {
    for (const Move m : pv) {
        ASSERT_TRUE(legal_moves(pos).contains(m)) << format_fen(pos) << " " << format_uci(m);
        pos = pos.after(m);
    }
}

TEST(MaterialKey, KeptByThePositionAsPiecesComeAndGo) {
    std::mt19937_64 rng(7);
    for (int game = 0; game < 200; ++game) {
        Position p = random_playout(rng, 200);
        ASSERT_EQ(p.problem(), std::nullopt) << format_fen(p);
        EXPECT_EQ(p.flipped().material_key(), colours_swapped(p.material_key()));
        EXPECT_EQ(material_key_of(p.material()), p.material_key()) << p.material();
        EXPECT_EQ(material_name(p.material_key()), p.material());
    }
    EXPECT_EQ(material_key_of("KRvK"), fen("8/8/8/5k2/8/8/8/R3K3 w - - 0 1").material_key());
    EXPECT_EQ(material_key_of("KvKR"), colours_swapped(*material_key_of("KRvK")));
    EXPECT_EQ(material_key_of("KvK"), MaterialKey{0});
    for (const char* bad : {"KRK", "RvK", "KvKX", "Kv", "KQQQQQQQQQQQQQQQQvK"})
        EXPECT_EQ(material_key_of(bad), std::nullopt) << bad;
}

TEST(Endgames, TheRegistryFindsEachSignatureInBothColourings) {
    const auto registry = endgames::Registry::standard();
    EXPECT_EQ(registry.size(), 12u);  // six signatures, two colourings
    const auto* white = registry.find(*material_key_of("KRvK"));
    const auto* black = registry.find(*material_key_of("KvKR"));
    ASSERT_TRUE(white && black);
    EXPECT_EQ(white->strong, Color::White);
    EXPECT_EQ(black->strong, Color::Black);
    EXPECT_EQ(registry.find(*material_key_of("KRvKB")), nullptr);
    // Colour-flipped positions get the same value for their side to move.
    const Position krk = fen("8/8/8/5k2/8/8/8/R3K3 w - - 0 1");
    EXPECT_EQ(evaluate(krk, &registry), evaluate(krk.flipped(), &registry));
    EXPECT_GT(evaluate(krk, &registry), endgames::kKnownWin);
    EXPECT_EQ(evaluate(fen("8/8/8/5k2/8/8/8/N3K3 w - - 0 1"), &registry), 0);
}

TEST(Endgames, TheLoneKingIsDrivenToTheEdgeAndTheRightCorner) {
    const Square e4 = make_square(4, 3), a1 = make_square(0, 0), h1 = make_square(7, 0);
    EXPECT_GT(endgames::push_to_edge(a1), endgames::push_to_edge(e4));
    EXPECT_GT(endgames::push_close(e4, make_square(4, 5)), endgames::push_close(e4, a1));
    // A dark-squared bishop (c1) mates in a1 or h8; a light-squared one (f1) in h1 or a8.
    const Square c1 = make_square(2, 0), f1 = make_square(5, 0), a8 = make_square(0, 7);
    EXPECT_EQ(endgames::corner_distance(a1, c1), 0);
    EXPECT_EQ(endgames::corner_distance(h1, c1), 7);
    EXPECT_EQ(endgames::corner_distance(a8, c1), 7);
    EXPECT_EQ(endgames::corner_distance(h1, f1), 0);
    EXPECT_EQ(endgames::corner_distance(a8, f1), 0);
    EXPECT_EQ(endgames::corner_distance(a1, f1), 7);
}

// The lone king's free squares: next to it and attacked by no piece of the other side.
TEST(Endgames, FreeKingSquaresCountWhatTheLoneKingMayStepTo) {
    const auto free = [](const char* f) {
        return endgames::free_king_squares(fen(f), Color::White);
    };
    // Ka8 against Kb6: only b8 is free; a bishop on c7 takes it too.
    EXPECT_EQ(free("k7/8/1K6/8/8/8/8/8 w - - 0 1"), 1);
    EXPECT_EQ(free("k7/2B5/1K6/8/8/8/8/8 w - - 0 1"), 0);
    EXPECT_EQ(
        endgames::free_king_squares(fen("k7/2B5/1K6/8/8/8/8/8 w - - 0 1").flipped(), Color::Black),
        0);
    // In the open all eight; a knight on c3 takes d5 and e4.
    EXPECT_EQ(free("8/8/8/4k3/8/8/8/K7 w - - 0 1"), 8);
    EXPECT_EQ(free("8/8/8/4k3/8/2N5/8/K7 w - - 0 1"), 6);
    // An unguarded knight on e4 is a square the king may take; it takes d6 and f6.
    EXPECT_EQ(free("8/8/8/4k3/4N3/8/8/K7 w - - 0 1"), 6);
    // A rook's file and rank, a queen's lines too.
    EXPECT_EQ(free("8/8/8/4k3/8/8/8/K2R4 w - - 0 1"), 5);
}

TEST(ChessSearch, FindsMateInOneWithItsDistance) {
    const Position pos = fen("6k1/8/6K1/8/8/8/8/R7 w - - 0 1");
    const auto r = run(pos, 3);
    ASSERT_TRUE(r.best_move);
    EXPECT_EQ(format_uci(*r.best_move), "a1a8");
    EXPECT_EQ(r.score, search::win_in(1));
    EXPECT_EQ(r.kind, search::ScoreKind::Win);
}

TEST(ChessSearch, FindsMateInTwoAndTheLoserSeesIt) {
    // Black's only move is Kg8, and Rb8 mates.
    const Position pos = fen("7k/1R6/6K1/8/8/8/8/8 b - - 0 1");
    const auto r = run(pos, 5);
    EXPECT_EQ(r.score, search::loss_in(2));
    expect_legal_line(pos, r.pv);
    const Position white = fen("7k/8/6K1/8/8/8/8/1R6 w - - 0 1");
    const auto w = run(white, 5);
    EXPECT_EQ(w.score, search::win_in(1));
}

TEST(ChessSearch, StalemateAndTheRulesDrawsScoreZero) {
    // Black to move has no move and is not in check.
    const auto stalemate = run(fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), 3);
    EXPECT_FALSE(stalemate.best_move);
    EXPECT_EQ(stalemate.score, 0);
    // Queen takes the last piece: bare kings next.
    const auto bare = run(fen("8/8/8/3k4/8/8/3r4/3QK3 w - - 0 1"), 4);
    ASSERT_TRUE(bare.best_move);
    // A position met before in the game is a draw for the search.
    const Position pos = fen("8/8/8/3k4/8/8/8/R3K3 w - - 10 30");
    const Position after = pos.after(*parse_uci("a1a2", pos));
    const auto r = run(after, 3, nullptr, {pos.hash()});
    expect_legal_line(after, r.pv);
}

TEST(ChessSearch, ThePrincipalVariationIsLegalFromRandomPositions) {
    std::mt19937_64 rng(11);
    const auto registry = endgames::Registry::standard();
    for (int i = 0; i < 30; ++i) {
        const Position pos = random_position(rng, 4);
        const auto r = run(pos, 4, i % 2 ? &registry : nullptr);
        if (legal_moves(pos).empty()) continue;
        ASSERT_TRUE(r.best_move) << format_fen(pos);
        expect_legal_line(pos, r.pv);
        EXPECT_LE(std::abs(r.score), search::kInfinite) << format_fen(pos);
    }
}

TEST(ChessSearch, TheNodeLimitStopsTheSearchAfterTheFirstIteration) {
    Searcher searcher({1, nullptr, nullptr});
    search::SearchLimits limits;
    limits.depth = 30;
    limits.nodes = 5000;
    const auto r = searcher.search(Position::start(), limits);
    ASSERT_TRUE(r.best_move);
    EXPECT_TRUE(r.out_of_time);
    EXPECT_LT(r.nodes, 5000u + 200u);
}

}  // namespace
}  // namespace retrocheck::chess
