// check-probe's chess judgement (plugins/probe_games.h): the truth at the FEN's clock from our
// DTZ50 tables, and what a prober's answer may differ by (Syzygy's documented imprecision), one
// rule a test, against a KQvK table built here and values written by hand.
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <random>
#include <set>
#include <string>

#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
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

// Positions are drawn from every image of the tables' slots: both colourings of a material,
// either side to move, kings anywhere (a slot holds one image: the white king in a corner
// triangle); the clock kind sits on the edge of each position's result.
TEST(ChessDraws, EveryImageOfTheSlots) {
    const tb::chess::DtzTableSet set = tb::chess::build_dtz_closure(
        {*tb::chess::Material::parse("KQvK")}, tb::BuildMethod::OutCounting);
    ChessProbe::Reference reference{&set, nullptr, 3};
    const PluginInfo info = declaring(kSyzygy);
    ChessProbe game(reference, {info, 3, 2, false});
    const auto kinds = game.kinds();
    const auto index_of = [&](const std::string& label) {
        for (std::size_t i = 0; i < kinds.size(); ++i)
            if (kinds[i].label == label) return i;
        ADD_FAILURE() << "no kind " << label;
        return std::size_t{0};
    };
    std::mt19937_64 rng(7);
    std::set<std::string> seen;
    for (int i = 0; i < 400; ++i) {
        const auto p = game.draw(index_of("random"), rng);
        if (!p) continue;
        seen.insert(p->pieces(chess::Color::White, chess::PieceType::Queen) ? "white queen"
                                                                            : "black queen");
        seen.insert(p->side_to_move() == chess::Color::White ? "white to move" : "black to move");
        const chess::Square k = p->king(chess::Color::White);
        seen.insert(chess::file_of(k) > 3 ? "king east" : "king west");
        seen.insert(chess::rank_of(k) > 3 ? "king north" : "king south");
    }
    EXPECT_EQ(seen.size(), 8u) << ::testing::PrintToString(seen);
    for (int i = 0; i < 50; ++i) {
        const auto p = game.draw(index_of("clock near 100"), rng);
        ASSERT_TRUE(p);
        const auto t = game.known(*p).value;
        ASSERT_TRUE(t && t->dtz);
        EXPECT_GE(std::abs(*t->dtz) + p->halfmove_clock(), 100) << chess::format_fen(*p);
        EXPECT_LE(std::abs(*t->dtz) + p->halfmove_clock(), 101) << chess::format_fen(*p);
    }
}

// The en passant kinds: a right whose capture is legal, or (none with four pieces: a pin across
// the two pawns needs a fifth) one only pseudo-legal. They need the material's slots, not its
// values: a KPvKP table left unbuilt.
TEST(ChessDraws, EnPassantRightsByTheLegalityOfTheirCapture) {
    tb::chess::DtzTableSet set;
    set.add(std::make_shared<const tb::chess::DtzTable>(*tb::chess::Material::parse("KPvKP")));
    ChessProbe::Reference reference{&set, nullptr, 4};
    const PluginInfo info = declaring(kSyzygy);
    ChessProbe game(reference, {info, 4, 2, false});
    const auto kinds = game.kinds();
    std::mt19937_64 rng(3);
    for (std::size_t k = 0; k < kinds.size(); ++k) {
        if (kinds[k].label.rfind("en passant", 0) != 0) continue;
        const bool legal = kinds[k].label == "en passant, legal";
        int drawn = 0;
        for (int i = 0; i < 20; ++i) {
            const auto p = game.draw(k, rng);
            if (!p) continue;
            ++drawn;
            ASSERT_TRUE(p->en_passant()) << chess::format_fen(*p);
            bool capture = false;
            for (const chess::Move m : chess::legal_moves(*p))
                capture |= m.kind() == chess::MoveKind::EnPassant;
            EXPECT_EQ(capture, legal) << chess::format_fen(*p);
        }
        EXPECT_EQ(drawn > 0, legal) << kinds[k].label;
    }
}

}  // namespace
}  // namespace retrocheck::plugins
