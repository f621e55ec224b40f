// The DTZ50 oracle (oracles/chess/dtz50.h) against Syzygy's published files, read through
// Fathom: every legal placement of every 3-piece material, both sides to move, and with
// `slow` the 4-piece materials with pawns on both sides (en passant). The result under the
// 50-move rule must be the same everywhere; the DTZ the same, or one ply less in Syzygy's file
// where Syzygy stores it rounded (Fathom's tbprobe: "a return value -n can mean a loss in n+1
// ply"), which is counted a material and printed. A difference prints the FEN, the diagram, both
// values and every move's.
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <string>

#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/zeroing.h"
#include "oracles/chess/dtz50.h"
#include "oracles/chess/placement.h"
#include "tablebases/formats/syzygy.h"
#include "tablebases/tests/thirdparty.h"
#include "tablebases/verify/dtz_rules.h"

namespace {

using namespace retrocheck;
using oracle::chess::Dtz50;
using oracle::chess::Dtz50Iteration;
using oracle::chess::Wdl50;

struct Counts {
    std::uint64_t positions = 0, equal = 0, rounded = 0, wrong = 0;
};

std::string explain(const chess::Position& pos, const Dtz50& ours, const tb::chess::ChessProbe& z,
                    const Dtz50Iteration& oracle) {
    std::string s = chess::describe(pos);
    s += "oracle: " + std::string(to_string(ours.wdl)) + ", dtz " + std::to_string(ours.dtz) +
         "; Syzygy: " + z.to_string() + "\n";
    for (const chess::Move m : chess::legal_moves(pos)) {
        const auto c = oracle.value(pos.after(m));
        s += "  " + chess::format_uci(m) + ": " +
             (c ? std::string(to_string(c->wdl)) + ", dtz " + std::to_string(c->dtz) : "?") + "\n";
    }
    return s;
}

// Every legal placement of `material` against the files (the DTZ of every `dtz_every`-th: a
// root probe costs tens of microseconds); the counts.
Counts compare(const std::string& material, const Dtz50Iteration& oracle,
               const tb::chess::SyzygyTables& syzygy, std::size_t dtz_every) {
    Counts n;
    const auto pieces = oracle::chess::pieces_of(material);
    int shown = 0;
    for (std::size_t slot = 0; slot < oracle::chess::slots(pieces); ++slot) {
        const auto pos = oracle::chess::decode(pieces, slot);
        if (!pos) continue;
        ++n.positions;
        const Dtz50 ours = *oracle.value(*pos);
        tb::chess::ChessProbe z = syzygy.probe(*pos);
        if (n.positions % dtz_every == 0) z = syzygy.probe_dtz(*pos);
        if (!z.dtz) z.dtz = ours.dtz;  // WDL only
        const bool same_result = z.ok() && static_cast<int>(z.wdl) == static_cast<int>(ours.wdl);
        const int theirs = z.dtz.value_or(1 << 20);
        if (same_result && theirs == ours.dtz) {
            ++n.equal;
        } else if (same_result && ours.dtz != 0 && theirs * ours.dtz > 0 &&
                   std::abs(theirs) == std::abs(ours.dtz) - 1) {
            ++n.rounded;
        } else {
            ++n.wrong;
            if (shown++ < 3) ADD_FAILURE() << material << ":\n" << explain(*pos, ours, z, oracle);
        }
    }
    return n;
}

void expect_equal(const std::vector<std::string>& materials, const std::string& where,
                  std::size_t dtz_every) {
    RETROCHECK_THIRDPARTY_OR_SKIP(syzygy_dir, where);
    auto syzygy = tb::chess::SyzygyTables::open(syzygy_dir);
    ASSERT_TRUE(syzygy.ok()) << syzygy.error();
    for (const std::string& material : materials) {
        const Dtz50Iteration oracle(material);
        const Counts n = compare(material, oracle, **syzygy, dtz_every);
        EXPECT_GT(n.positions, 0u);
        EXPECT_EQ(n.wrong, 0u) << material;
        std::printf(
            "%s: %llu positions, %llu equal, %llu one ply less in Syzygy's file (DTZ of "
            "every %zu-th)\n",
            material.c_str(), static_cast<unsigned long long>(n.positions),
            static_cast<unsigned long long>(n.equal), static_cast<unsigned long long>(n.rounded),
            dtz_every);
    }
}

TEST(FastDtz50Oracle, SemanticsOnPositionsWorkedByHand) {
    const Dtz50Iteration oracle("KQvK");
    const auto at = [&](const char* fen) { return *oracle.value(*chess::parse_fen(fen)); };
    // Checkmated: a loss, DTZ -1 (Syzygy's); the mating move counts 1 like a zeroing move.
    EXPECT_EQ(at("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1"), (Dtz50{Wdl50::Loss, -1}));
    EXPECT_EQ(at("k7/8/1K6/8/8/8/8/6Q1 w - - 0 1"), (Dtz50{Wdl50::Win, 1}));  // Qg8#
    // Stalemate is a draw.
    EXPECT_EQ(at("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"), (Dtz50{Wdl50::Draw, 0}));
    // A capture of the queen draws at once (KvK).
    EXPECT_EQ(at("8/8/8/8/8/8/1k6/1Q5K b - - 0 1"), (Dtz50{Wdl50::Draw, 0}));
    // Without a capture or pawn move, DTZ is the distance to mate.
    const Dtz50 far = at("8/8/8/3k4/8/8/8/KQ6 w - - 0 1");
    EXPECT_EQ(far.wdl, Wdl50::Win);
    EXPECT_GT(far.dtz, 1);
    EXPECT_EQ(far.dtz % 2, 1);
}

// The one-ply rule our DTZ tables keep (tablebases/verify/dtz_rules.h) gives every position the
// oracle's value from its children's oracle values: the two are written apart and agree.
TEST(FastDtz50Oracle, TheOnePlyRuleGivesEveryPositionItsValue) {
    for (const std::string material : {"KQvK", "KRvK", "KPvK"}) {
        const Dtz50Iteration oracle(material);
        const auto pieces = oracle::chess::pieces_of(material);
        int shown = 0;
        std::uint64_t checked = 0;
        for (std::size_t slot = 0; slot < oracle::chess::slots(pieces); ++slot) {
            const auto pos = oracle::chess::decode(pieces, slot);
            if (!pos) continue;
            std::vector<tb::chess::DtzChild> children;
            for (const chess::Move m : chess::legal_moves(*pos)) {
                const chess::Position c = pos->after(m);
                const Dtz50 v = *oracle.value(c);
                children.push_back({chess::zeroing(*pos, m),
                                    c.in_check() && chess::count_moves(c) == 0,
                                    static_cast<tb::chess::Wdl5>(v.wdl), v.dtz});
            }
            const auto implied = tb::chess::implied_dtz50(children, pos->in_check());
            const Dtz50 ours = *oracle.value(*pos);
            ++checked;
            if ((static_cast<int>(implied.wdl) != static_cast<int>(ours.wdl) ||
                 implied.dtz != ours.dtz) &&
                shown++ < 3)
                ADD_FAILURE() << material << ": the rule gives " << to_string(implied.wdl)
                              << ", dtz " << implied.dtz << "\n"
                              << explain(*pos, ours, tb::chess::ChessProbe{}, oracle);
        }
        EXPECT_GT(checked, 300000u);
    }
}

TEST(FastDtz50Rule, CursedWinsAndBlessedLossesPastOneHundredPlies) {
    using tb::chess::DtzChild;
    using tb::chess::Wdl5;
    const auto rule = [](std::vector<DtzChild> c) {
        const auto v = tb::chess::implied_dtz50(c, false);
        return std::pair{v.wdl, v.dtz};
    };
    // A zeroing move into a position only the rule saves counts 101 (Syzygy's convention).
    EXPECT_EQ(rule({{true, false, Wdl5::BlessedLoss, -130}}), std::pair(Wdl5::CursedWin, 101));
    EXPECT_EQ(rule({{true, false, Wdl5::CursedWin, 130}}), std::pair(Wdl5::BlessedLoss, -101));
    // A real win is taken over a shorter cursed one; a loser takes the blessed loss.
    EXPECT_EQ(rule({{true, false, Wdl5::BlessedLoss, -102}, {false, false, Wdl5::Loss, -40}}),
              std::pair(Wdl5::Win, 41));
    EXPECT_EQ(rule({{false, false, Wdl5::Win, 3}, {false, false, Wdl5::CursedWin, 104}}),
              std::pair(Wdl5::BlessedLoss, -105));
    // One ply past 100 curses a win and blesses a loss; 100 is still a win.
    EXPECT_EQ(rule({{false, false, Wdl5::Loss, -99}}), std::pair(Wdl5::Win, 100));
    EXPECT_EQ(rule({{false, false, Wdl5::Loss, -100}}), std::pair(Wdl5::CursedWin, 101));
    EXPECT_EQ(rule({{false, false, Wdl5::Win, 100}}), std::pair(Wdl5::BlessedLoss, -101));
    // A draw beats every loss; checkmate and stalemate.
    EXPECT_EQ(rule({{false, false, Wdl5::Win, 3}, {true, false, Wdl5::Draw, 0}}),
              std::pair(Wdl5::Draw, 0));
    EXPECT_EQ(tb::chess::implied_dtz50({}, true).dtz, -1);
    EXPECT_EQ(tb::chess::implied_dtz50({}, false).wdl, Wdl5::Draw);
}

// The result everywhere, the DTZ of every 16th position (every one under `slow`).
TEST(FastDtz50Oracle, EqualsSyzygyOnEveryThreePiecePosition) {
    expect_equal({"KQvK", "KRvK", "KBvK", "KNvK", "KPvK"}, "chess/syzygy", 16);
}

TEST(SlowDtz50Oracle, EqualsSyzygyOnEveryThreePiecePositionDtzIncluded) {
    expect_equal({"KQvK", "KRvK", "KBvK", "KNvK", "KPvK"}, "chess/syzygy", 1);
}

// The result of every position; the DTZ of every 8th of KPvKP (en passant on both sides) and
// of every 32nd of KRvKP and KQvKR (every DTZ of KPvKP alone ran over 24 minutes).
TEST(SlowDtz50Oracle, EqualsSyzygyOnFourPieceMaterialsWithEnPassant) {
    expect_equal({"KPvKP"}, "chess/syzygy", 8);
    expect_equal({"KRvKP", "KQvKR"}, "chess/syzygy", 32);
}

}  // namespace
