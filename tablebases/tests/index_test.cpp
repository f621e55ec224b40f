#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <random>
#include <vector>

#include "engine/checkers/notation.h"
#include "tablebases/checkers/game.h"
#include "tablebases/checkers/index.h"
#include "tablebases/checkers/table.h"

namespace retrocheck::tb {
namespace {

using checkers::Color;

// Published numbers of positions with n pieces (CHECKERS.md), no side-to-move factor.
constexpr std::uint64_t kPublishedTotals[] = {
    1, 120, 6972, 261224, 7092774, 148688232, 2503611964, 34779531480, 406309208481};

TEST(FastSlices, SizesSumToThePublishedTotals) {
    std::map<int, std::uint64_t> totals;
    for (const Slice& s : slices_up_to(8)) totals[s.pieces()] += SliceIndex(s).size();
    for (int n = 1; n <= 8; ++n) EXPECT_EQ(totals[n], kPublishedTotals[n]) << n << " pieces";
}

TEST(FastSlices, BuildOrderPutsSuccessorsFirst) {
    const auto all = slices_up_to(5);
    for (std::size_t i = 0; i < all.size(); ++i)
        for (const Slice& next : successors(all[i])) {
            EXPECT_LT(next, all[i]) << name(next) << " after " << name(all[i]);
            EXPECT_NE(std::find(all.begin(), all.end(), next), all.end());
        }
}

TEST(FastSlices, MaterialNamesPutWhiteFirst) {
    EXPECT_EQ(material({1, 0, 0, 2}), "2K v 1M");
    EXPECT_EQ(material({0, 1, 1, 2}), "2K+1M v 1K");
    EXPECT_EQ(material({2, 3, 0, 0}), "0 v 3K+2M");
}

TEST(FastSlices, NamesRoundTrip) {
    for (const Slice& s : slices_up_to(6)) EXPECT_EQ(parse_slice(name(s)), s) << name(s);
    EXPECT_FALSE(parse_slice("bm1bk0wm0"));
    EXPECT_FALSE(parse_slice("bm13bk0wm0wk0"));
    EXPECT_FALSE(parse_slice("bm1bk0wm0wk1x"));
}

void check_round_trip(const SliceIndex& idx, std::uint64_t i) {
    for (Color side : {Color::Black, Color::White}) {
        const checkers::Position pos = idx.position(i, side);
        ASSERT_TRUE(pos.is_ok()) << name(idx.slice()) << " index " << i;
        ASSERT_EQ(slice_of(pos), idx.slice()) << checkers::format_fen(pos);
        ASSERT_EQ(pos.side_to_move(), side);
        ASSERT_EQ(idx.index(pos), i) << name(idx.slice()) << " " << checkers::format_fen(pos);
    }
}

TEST(FastIndex, RoundTripsEveryPositionUpTo4Pieces) {
    for (const Slice& s : slices_up_to(4)) {
        const SliceIndex idx(s);
        for (std::uint64_t i = 0; i < idx.size(); ++i) check_round_trip(idx, i);
    }
}

TEST(FastIndex, RoundTripsRandomPositionsUpTo8Pieces) {
    std::mt19937_64 rng(20261121);
    for (const Slice& s : slices_up_to(8)) {
        if (s.pieces() <= 4) continue;
        const SliceIndex idx(s);
        std::uniform_int_distribution<std::uint64_t> pick(0, idx.size() - 1);
        for (int k = 0; k < 20; ++k) check_round_trip(idx, pick(rng));
        check_round_trip(idx, 0);
        check_round_trip(idx, idx.size() - 1);
    }
}

// The walk over consecutive indices gives position(i) at every step: every index up to 4
// pieces, and runs of 5,000 from random starts up to 7 pieces (men only, kings of one colour,
// of both: each way the innermost rank carries).
TEST(FastIndex, WalkGivesEveryPositionInTurn) {
    std::mt19937_64 rng(20261127);
    for (const Slice& s : slices_up_to(7)) {
        const SliceIndex idx(s);
        for (const checkers::Color side : {checkers::Color::Black, checkers::Color::White}) {
            std::uint64_t start = 0, run = idx.size();
            if (s.pieces() > 4) {
                run = std::min<std::uint64_t>(idx.size(), 5000);
                start = std::uniform_int_distribution<std::uint64_t>(0, idx.size() - run)(rng);
            }
            SliceIndex::Walk walk(idx, start, side);
            for (std::uint64_t i = start; i < start + run; ++i) {
                ASSERT_EQ(walk.position(), idx.position(i, side))
                    << name(s) << " index " << i << ": " << checkers::format_fen(walk.position())
                    << " against " << checkers::format_fen(idx.position(i, side));
                if (i + 1 < start + run) walk.next();
            }
        }
    }
}

// The slots the verifier reads through one remembering locator (locator.h: a king's step ranked
// from the parent's men, the men parts it ranked last reused) are locate()'s, for a position's
// mirror and each of its children, in order: every position up to 3 pieces in slot order (the
// verifier's walk), then 20,000 random ones of 4 pieces (whose children have 4 or fewer).
TEST(FastIndex, ChildSlotsAreTheChildrensSlots) {
    TableSet set;
    for (const Slice& s : slices_up_to(4)) set.add(std::make_shared<const SliceTable>(s));
    std::mt19937_64 rng(20261128);
    SlotLocator locator;
    auto check = [&](const checkers::Position& p) {
        std::vector<const Value*> slots{locator(set, p.flipped())};
        locator.children(set, p, [&](const Value* v) { slots.push_back(v); });
        std::vector<const Value*> expected{CheckersGame::locate(set, p.flipped())};
        CheckersGame::for_each_child(p, [&](const checkers::Position& c) {
            expected.push_back(CheckersGame::locate(set, c));
        });
        ASSERT_EQ(slots, expected) << checkers::format_fen(p);
    };
    std::vector<const SliceTable*> larger;
    for (const auto& [s, t] : set.tables()) {
        if (s.pieces() <= 3)
            for (std::uint64_t id = 0; id < t->values.size(); ++id) check(t->position(id));
        else
            larger.push_back(t.get());
    }
    for (int k = 0; k < 20000; ++k) {
        const SliceTable& t = *larger[rng() % larger.size()];
        check(t.position(rng() % t.values.size()));
    }
}

}  // namespace
}  // namespace retrocheck::tb
