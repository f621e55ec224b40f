// The search without tables: scores, ends of game, Oldbury's diagram 17 found by search alone,
// the bench fingerprint, and the transposition table's replacement scheme.
#include <gtest/gtest.h>

#include <iostream>

#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/search/bench_positions.h"
#include "engine/checkers/search/eval.h"
#include "engine/checkers/search/search.h"
#include "engine/checkers/tests/test_positions.h"
#include "engine/search/tt.h"

namespace retrocheck::checkers {
namespace {

using testing::fen;
using testing::illegal_step;

TEST(Score, TableValuesShareTheDistanceScale) {
    EXPECT_EQ(score_of(Outcome::win(5), 2), win_in(7));
    EXPECT_EQ(score_of(Outcome::loss(8), 1), loss_in(9));
    EXPECT_EQ(score_of(Outcome::draw(), 3), 0);
    EXPECT_GT(win_in(3), win_in(5));     // a faster win scores higher
    EXPECT_GT(loss_in(10), loss_in(4));  // a longer loss is the better defence
    EXPECT_GT(score_of(Outcome::of(Wld::Win), 1), kMaxEval);
    EXPECT_LT(score_of(Outcome::of(Wld::Win), 1), win_in(kMaxDistance - 1));
    EXPECT_EQ(distance_of(win_in(17)), 17);
    EXPECT_EQ(distance_of(loss_in(18)), 18);
    EXPECT_EQ(distance_of(0), -1);
    for (const Score s : {win_in(9), loss_in(12), Score{35}, kWldWin - 4, -kWldWin + 3})
        EXPECT_EQ(from_tt(to_tt(s, 7), 7), s);
    // Found 4 plies deeper, the same entry means a win 4 plies further from the root.
    EXPECT_EQ(from_tt(to_tt(win_in(9), 3), 7), win_in(13));
    EXPECT_EQ(format_score(win_in(9)), "win in 9 plies");
    EXPECT_EQ(format_score(-25), "-25");
}

TEST(Eval, IsTheSameForTheMirrorAndBounded) {
    for (const char* f : kBenchPositions) {
        const Position pos = fen(f);
        EXPECT_EQ(evaluate(pos), evaluate(pos.flipped())) << f;
        EXPECT_LE(std::abs(evaluate(pos)), kMaxEval);
    }
    // A king is worth more than a man, a man more than nothing.
    EXPECT_GT(eval_terms(fen("W:W30:BK5")).material, eval_terms(fen("W:W30:B5")).material);
    // A runaway man: nothing can stand in front of Black's man on 20.
    EXPECT_GT(eval_terms(fen("W:WK29:B20")).runaway, 0);
    // Not when a White piece stands in its path.
    EXPECT_EQ(eval_terms(fen("W:W28:B20")).runaway, 0);
    // A king with no free square is trapped.
    EXPECT_LT(eval_terms(fen("B:WK1,9,14:BK5")).kings, eval_terms(fen("B:WK1,9,14:BK18")).kings);
}

TEST(Search, NoMoveIsALossInZero) {
    Searcher searcher(1);
    // White's man on 29 is blocked by 25, and cannot jump it onto 22.
    for (const Position pos :
         {fen("W:W29:B22,25"), Position::from_bitboards(0, 1u << 20, 0, Color::Black)}) {
        const auto r = searcher.search(pos, {5, 0});
        EXPECT_FALSE(r.best_move) << describe(pos);
        EXPECT_EQ(r.score, loss_in(0));
        EXPECT_EQ(r.kind, ScoreKind::Loss);
    }
}

TEST(Search, TakesTheLastPieceAsAWinInOne) {
    Searcher searcher(1);
    const auto r = searcher.search(fen("B:W18:BK14"), {4, 0});
    ASSERT_TRUE(r.best_move);
    EXPECT_EQ(format_move(*r.best_move), "14x23");
    EXPECT_EQ(r.score, win_in(1));
    EXPECT_EQ(r.kind, ScoreKind::Win);
    EXPECT_EQ(illegal_step(fen("B:W18:BK14"), r.pv), std::nullopt);
}

// Oldbury, diagram 17: White to move loses. The search alone must see it by ply 19.
TEST(Search, Diagram17LossWithoutTablesByPly19) {
    const Position pos = fen("W:WK17,24:B8,K18");
    Searcher searcher(16);
    int first_loss = 0;
    const auto r = searcher.search(pos, {19, 0}, [&](const Iteration& it) {
        EXPECT_EQ(illegal_step(pos, it.pv), std::nullopt);
        if (!first_loss && it.kind == ScoreKind::Loss) first_loss = it.depth;
    });
    ASSERT_GT(first_loss, 0) << "no loss found by depth 19; last score " << format_score(r.score);
    EXPECT_LE(first_loss, 19);
    EXPECT_EQ(r.kind, ScoreKind::Loss);
    std::cout << "diagram 17 without tables: first loss score at iteration " << first_loss << " ("
              << format_score(r.score) << "), " << r.nodes << " nodes\n";
}

TEST(Search, PrincipalVariationsAreLegalLines) {
    Searcher searcher(4);
    for (const char* f : kBenchPositions) {
        const Position pos = fen(f);
        const auto r = searcher.search(pos, {9, 0}, [&](const Iteration& it) {
            ASSERT_FALSE(it.pv.empty()) << f;
            EXPECT_EQ(illegal_step(pos, it.pv), std::nullopt) << f;
        });
        ASSERT_TRUE(r.best_move);
        EXPECT_EQ(r.pv.front(), *r.best_move);
    }
}

TEST(Search, BenchCountIsTheSameEveryRun) {
    const auto count = [] {
        Searcher searcher(kBenchTtMegabytes);
        std::uint64_t total = 0;
        for (const char* f : kBenchPositions) {
            searcher.clear();
            total += searcher.search(fen(f), {11, 0}).nodes;
        }
        return total;
    };
    const std::uint64_t first = count();
    EXPECT_GT(first, 0u);
    EXPECT_EQ(count(), first);
}

TEST(Search, TimeLimitAbandonsAnIterationAndKeepsTheLastWhole) {
    Searcher searcher(4);
    const auto r = searcher.search(Position::start(), {kMaxSearchDepth, 0.05});
    // An iteration was cut short, unless (a loaded machine) the time ran out just as one ended.
    ASSERT_FALSE(r.iterations.empty());
    EXPECT_TRUE(r.out_of_time || r.iterations.back().seconds >= 0.05)
        << r.iterations.back().seconds;
    ASSERT_TRUE(r.best_move);
    EXPECT_LT(r.depth, kMaxSearchDepth);
    EXPECT_EQ(static_cast<int>(r.iterations.size()), r.depth);
    // However short the time, the first iteration completes and gives a move.
    const auto quick = searcher.search(Position::start(), {kMaxSearchDepth, 1e-9});
    ASSERT_TRUE(quick.best_move);
    EXPECT_GE(quick.depth, 1);
}

TEST(TranspositionTable, KeepsDeepEntriesAndReplacesTheLeastWorth) {
    TranspositionTable tt(1);
    const std::uint64_t key = 0x1234'5678'9ABC'DEF0ull;
    tt.store(key, 50, 10, Bound::Exact, 3);
    // A shallower bound from the same search does not overwrite a deeper entry...
    tt.store(key, 10, 2, Bound::Lower, 1);
    EXPECT_EQ(tt.probe(key)->depth, 10);
    EXPECT_EQ(tt.probe(key)->move, 3);
    // ...an exact one does, and keeps the known move when it has none.
    tt.store(key, 20, 2, Bound::Exact, kNoMove);
    EXPECT_EQ(tt.probe(key)->score, 20);
    EXPECT_EQ(tt.probe(key)->move, 3);
    // Five keys in one bucket of four: the shallowest goes.
    TranspositionTable small(1);
    const std::uint64_t stride = small.bytes() / 64;  // buckets
    for (std::uint64_t i = 0; i < 4; ++i)
        small.store(key + i * stride, 0, static_cast<int>(5 + i), Bound::Exact, kNoMove);
    small.store(key + 4 * stride, 0, 7, Bound::Exact, kNoMove);
    EXPECT_FALSE(small.probe(key).has_value());  // depth 5, the least worth
    for (std::uint64_t i = 1; i <= 4; ++i) EXPECT_TRUE(small.probe(key + i * stride)) << i;
    // After a few searches old deep entries give way to new shallow ones.
    for (int g = 0; g < 3; ++g) small.new_search();
    small.store(key + 5 * stride, 0, 1, Bound::Exact, kNoMove);
    EXPECT_TRUE(small.probe(key + 5 * stride));
}

}  // namespace
}  // namespace retrocheck::checkers
