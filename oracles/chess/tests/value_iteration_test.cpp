// The chess value-iteration oracle against CHESS.md's published endgame statistics: W/D/L per
// side to move counted once per symmetry class, the longest wins, the raw KQvK draw count, and
// under-promotion (a queen-only solver loses three KPvK wins).
#include <gtest/gtest.h>

#include "engine/chess/fen.h"
#include "oracles/chess/value_iteration.h"

namespace retrocheck::oracle::chess {
namespace {

void expect_counts(const SideStats& s, std::uint64_t w, std::uint64_t d, std::uint64_t l,
                   const char* what) {
    EXPECT_EQ(s.wins, w) << what;
    EXPECT_EQ(s.draws, d) << what;
    EXPECT_EQ(s.losses, l) << what;
}

std::uint8_t value_of(const ValueIteration& vi, const char* fen) {
    const auto pos = retrocheck::chess::parse_fen(fen);
    EXPECT_TRUE(pos.ok()) << fen;
    const auto v = vi.value(*pos);
    EXPECT_TRUE(v.has_value()) << fen;
    return v.value_or(kIllegal);
}

TEST(FastChessValueIteration, KQvKAndKRvK) {
    const ValueIteration kq("KQvK");
    const MaterialStats q = kq.stats("KQvK", true);
    expect_counts(q.side[0], 18081, 0, 0, "KQvK, White to move");
    expect_counts(q.side[1], 0, 2896, 25160, "KQvK, Black to move");
    EXPECT_EQ(q.side[0].longest_win, 19);
    EXPECT_EQ(q.side[0].longest_count, 1u);
    EXPECT_EQ(value_of(kq, "8/8/8/5k2/8/8/1Q6/K7 w - -"), 19);
    EXPECT_EQ(kq.stats("KQvK", false).side[1].draws, 23048u);  // without symmetry

    const ValueIteration kr("KRvK");
    const MaterialStats r = kr.stats("KRvK", true);
    expect_counts(r.side[0], 21959, 0, 0, "KRvK, White to move");
    expect_counts(r.side[1], 0, 2796, 25260, "KRvK, Black to move");
    EXPECT_EQ(r.side[0].longest_win, 31);
    EXPECT_EQ(r.side[0].longest_count, 121u);
}

TEST(ChessValueIteration, MinorPiecesAreDraws) {
    const ValueIteration kb("KBvK"), kn("KNvK");
    expect_counts(kb.stats("KBvK", true).side[0], 0, 24178, 0, "KBvK, White to move");
    expect_counts(kb.stats("KBvK", true).side[1], 0, 28056, 0, "KBvK, Black to move");
    expect_counts(kn.stats("KNvK", true).side[0], 0, 25750, 0, "KNvK, White to move");
    expect_counts(kn.stats("KNvK", true).side[1], 0, 28056, 0, "KNvK, Black to move");
}

TEST(ChessValueIteration, KPvKNeedsUnderPromotion) {
    const ValueIteration kp("KPvK");
    const MaterialStats p = kp.stats("KPvK", true);
    expect_counts(p.side[0], 62480, 19184, 0, "KPvK, White to move");
    expect_counts(p.side[1], 0, 35210, 48802, "KPvK, Black to move");
    EXPECT_EQ(p.side[0].longest_win, 55);
    EXPECT_EQ(p.side[0].longest_count, 3u);
    EXPECT_EQ(value_of(kp, "8/8/8/1k6/8/8/K5P1/8 w - -"), 55);
    EXPECT_EQ(value_of(kp, "8/1P6/k7/8/K7/8/8/8 w - -"), 13);
    EXPECT_EQ(value_of(kp, "8/k1P5/8/K7/8/8/8/8 w - -"), 11);

    const ValueIteration queen_only("KPvK", {.queen_only = true});
    EXPECT_EQ(queen_only.stats("KPvK", true).side[0].wins, 62477u);
    EXPECT_EQ(value_of(queen_only, "8/1P6/k7/8/K7/8/8/8 w - -"), kDraw);
}

}  // namespace
}  // namespace retrocheck::oracle::chess
