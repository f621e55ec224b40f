// check-probe's chess judgement (plugins/probe_games.h): the truth at the FEN's clock from our
// DTZ50 tables, and what a prober's answer may differ by (Syzygy's documented imprecision), one
// rule a test, against a KQvK table built here and values written by hand.
#include <gtest/gtest.h>

#include "engine/chess/fen.h"
#include "plugins/probe_games.h"
#include "tablebases/chess/build.h"

namespace retrocheck::plugins {
namespace {

using tb::chess::Wdl5;
using Kind = ValueVerdict::Kind;

PluginInfo declaring(std::uint32_t values) {
    PluginInfo info;
    info.game = RC_GAME_CHESS;
    info.probe_chess = true;
    info.chess_values = values;
    return info;
}

rc_chess_probe_result answer(Wdl5 wdl, int dtz, int dtm = -1) {
    return {RC_PROBE_OK, static_cast<std::int32_t>(wdl), dtz, dtm};
}

// A win in d plies to the zeroing move, valued at `clock`.
ChessTruth truth(Wdl5 wdl, int dtz, int clock) {
    ChessTruth t;
    t.wdl = wdl;
    t.game = tb::chess::wld_of(wdl);
    t.dtz = dtz;
    t.clock = clock;
    return t;
}

class ChessJudge : public ::testing::Test {
  protected:
    Kind judge(std::uint32_t values, const rc_chess_probe_result& r, const ChessTruth& ours) {
        const PluginInfo info = declaring(values);
        const ChessProbe game(reference_, {info, 4, 2, false});
        return game.judge_value(chess::Position::start(), r, ours).kind;
    }
    ChessProbe::Reference reference_{nullptr, nullptr, 4};
};

constexpr std::uint32_t kSyzygy = RC_CHESS_WDL50 | RC_CHESS_DTZ;

TEST_F(ChessJudge, ExactValuesAreRight) {
    EXPECT_EQ(judge(kSyzygy, answer(Wdl5::Win, 7), truth(Wdl5::Win, 7, 0)), Kind::Right);
    EXPECT_EQ(judge(kSyzygy, answer(Wdl5::Loss, -1), truth(Wdl5::Loss, -1, 0)), Kind::Right);
    EXPECT_EQ(judge(kSyzygy, answer(Wdl5::Draw, 0), truth(Wdl5::Draw, 0, 0)), Kind::Right);
}

TEST_F(ChessJudge, OnePlyUnderIsSyzygysImprecisionAtEitherParity) {
    EXPECT_EQ(judge(kSyzygy, answer(Wdl5::Win, 7), truth(Wdl5::Win, 8, 0)), Kind::Allowed);
    EXPECT_EQ(judge(kSyzygy, answer(Wdl5::Loss, -6), truth(Wdl5::Loss, -7, 0)), Kind::Allowed);
    EXPECT_EQ(judge(kSyzygy, answer(Wdl5::Win, 9), truth(Wdl5::Win, 8, 0)), Kind::Problem);
    EXPECT_EQ(judge(kSyzygy, answer(Wdl5::Win, 6), truth(Wdl5::Win, 8, 0)), Kind::Problem);
    EXPECT_EQ(judge(kSyzygy, answer(Wdl5::Win, 0), truth(Wdl5::Win, 1, 0)), Kind::Problem);
    EXPECT_EQ(judge(kSyzygy, answer(Wdl5::Draw, 1), truth(Wdl5::Draw, 0, 0)), Kind::Problem);
}

TEST_F(ChessJudge, TheResultAtTheClockMustBeOursButAtItsEdge) {
    // |d| + clock = 101: cursed; a DTZ one under (100) makes it a win, allowed with that DTZ.
    const ChessTruth edge = truth(Wdl5::CursedWin, 21, 80);
    EXPECT_EQ(judge(kSyzygy, answer(Wdl5::CursedWin, 21), edge), Kind::Right);
    EXPECT_EQ(judge(kSyzygy, answer(Wdl5::Win, 20), edge), Kind::Allowed);
    EXPECT_EQ(judge(kSyzygy, answer(Wdl5::Win, 21), edge), Kind::Problem);
    EXPECT_EQ(judge(RC_CHESS_WDL50, answer(Wdl5::Win, 0), edge), Kind::Allowed);
    // One past the edge no DTZ may round away.
    EXPECT_EQ(judge(kSyzygy, answer(Wdl5::Win, 20), truth(Wdl5::CursedWin, 21, 81)), Kind::Problem);
    // A win in time said cursed: the 50-move boundary one ply early.
    EXPECT_EQ(judge(kSyzygy, answer(Wdl5::CursedWin, 21), truth(Wdl5::Win, 21, 79)), Kind::Problem);
    EXPECT_EQ(judge(kSyzygy, answer(Wdl5::Loss, -16), truth(Wdl5::BlessedLoss, -16, 85)),
              Kind::Problem);
}

TEST_F(ChessJudge, WithoutTheFiftyMoveRuleOnlyTheGameResultCounts) {
    EXPECT_EQ(judge(RC_CHESS_DTM, answer(Wdl5::Win, 0, 13), truth(Wdl5::CursedWin, 105, 0)),
              Kind::Right);
    EXPECT_EQ(judge(RC_CHESS_DTM, answer(Wdl5::CursedWin, 0, 13), truth(Wdl5::CursedWin, 105, 0)),
              Kind::Problem);
    EXPECT_EQ(judge(RC_CHESS_DTM, answer(Wdl5::Draw, 0), truth(Wdl5::CursedWin, 105, 0)),
              Kind::Problem);
}

// The truth at a clock from a KQvK DTZ50 table: a win whose DTZ plus the clock is 100 is still
// won, one more and it is cursed; checkmate is lost at any clock; castling rights must not be
// valued; the proof move leads to the child one ply down.
TEST(ChessTruthAtClock, FromOurTables) {
    const tb::chess::DtzTableSet set = tb::chess::build_dtz_closure(
        {*tb::chess::Material::parse("KQvK")}, tb::BuildMethod::OutCounting);
    ChessProbe::Reference reference{&set, nullptr, 3};
    const PluginInfo info = declaring(kSyzygy);
    ChessProbe game(reference, {info, 3, 2, false});
    const auto at = [&](const char* fen) { return game.known(*chess::parse_fen(fen)); };

    const auto win = at("8/8/8/4k3/8/8/8/KQ6 w - - 0 1").value;
    ASSERT_TRUE(win && win->dtz && *win->dtz > 1);
    const int d = *win->dtz;
    EXPECT_EQ(win->wdl, Wdl5::Win);
    const std::string board = "8/8/8/4k3/8/8/8/KQ6 w - - ";
    EXPECT_EQ(at((board + std::to_string(100 - d) + " 1").c_str()).value->wdl, Wdl5::Win);
    EXPECT_EQ(at((board + std::to_string(101 - d) + " 1").c_str()).value->wdl, Wdl5::CursedWin);
    const auto lost = at("8/8/8/8/8/8/8/KQ2k3 b - - 0 1").value;  // not mate: a loss
    ASSERT_TRUE(lost);
    EXPECT_EQ(lost->wdl, Wdl5::Loss);
    const auto mate = at("4k3/4Q3/4K3/8/8/8/8/8 b - - 100 1").value;
    ASSERT_TRUE(mate);
    EXPECT_TRUE(mate->mated);
    EXPECT_EQ(mate->wdl, Wdl5::Loss);
    const auto castling = at("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    EXPECT_TRUE(castling.checkable);
    EXPECT_FALSE(castling.value);

    const chess::Position pos = *chess::parse_fen("8/8/8/4k3/8/8/8/KQ6 w - - 0 1");
    const auto proof = game.child(pos, *win);
    ASSERT_TRUE(proof);
    EXPECT_EQ(proof->second.wdl, Wdl5::Loss);
    EXPECT_EQ(*proof->second.dtz, -(d - 1));
}

// A DTM prober (no 50-move rule) against a KQvK DTM table: its distance to mate is compared
// exactly, a draw must have none, and a win without one contradicts its declaration.
TEST(ChessTruthAtClock, DistanceToMateIsExact) {
    const tb::chess::MaterialTableSet set = tb::chess::build_closure(
        {*tb::chess::Material::parse("KQvK")}, tb::BuildMethod::OutCounting);
    ChessProbe::Reference reference{nullptr, &set, 3};
    const PluginInfo info = declaring(RC_CHESS_DTM);
    ChessProbe game(reference, {info, 3, 2, false});
    const chess::Position pos = *chess::parse_fen("8/8/8/4k3/8/8/8/KQ6 w - - 0 1");
    const auto ours = game.known(pos).value;
    ASSERT_TRUE(ours && ours->dtm);
    EXPECT_EQ(ours->wdl, Wdl5::Win);
    const int dtm = *ours->dtm;
    const auto kind = [&](int plies) {
        return game.judge_value(pos, answer(Wdl5::Win, 0, plies), *ours).kind;
    };
    EXPECT_EQ(kind(dtm), Kind::Right);
    EXPECT_EQ(kind(dtm + 2), Kind::Problem);
    EXPECT_EQ(kind(dtm - 2), Kind::Problem);
    EXPECT_EQ(game.judge_value(pos, answer(Wdl5::Win, 0, -1), *ours).problem,
              ProbeProblem::Contradiction);
    const auto proof = game.child(pos, *ours);
    ASSERT_TRUE(proof && proof->second.dtm);
    EXPECT_EQ(*proof->second.dtm, dtm - 1);
}

}  // namespace
}  // namespace retrocheck::plugins
