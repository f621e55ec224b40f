// The chess material index: the published king-pair counts, round trips of every slot of every
// 3-piece material (4-piece: random slots, and every slot under slow; 5-piece: random slots), and
// that the valid slots are exactly the symmetry classes: every placement lands on a valid slot
// whose position is one of its symmetric images; and every symmetric image of a position has its
// slot.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "engine/chess/attacks.h"
#include "engine/chess/fen.h"
#include "engine/chess/symmetry.h"
#include "tablebases/chess/game.h"
#include "tablebases/chess/index.h"

namespace retrocheck::tb::chess {
namespace {

using retrocheck::chess::Position;

TEST(FastChessIndex, KingPairsAsPublished) {
    EXPECT_EQ(king_pairs(false).size(), 462u);
    EXPECT_EQ(king_pairs(true).size(), 1806u);
}

TEST(FastChessIndex, MaterialsParsePrintAndLeadOn) {
    const auto m = Material::parse("KQRvKR");
    ASSERT_TRUE(m.ok()) << m.error();
    EXPECT_EQ(m->name(), "KQRvKR");
    EXPECT_EQ(m->pieces(), 5);
    EXPECT_EQ(m->flipped().name(), "KRvKQR");
    std::set<std::string> next;
    for (const Material& s : Material::parse("KPvKN")->successors()) next.insert(s.name());
    EXPECT_EQ(next, (std::set<std::string>{"KPvK", "KvKN", "KQvKN", "KRvKN", "KBvKN", "KNvKN",
                                           "KQvK", "KRvK", "KBvK", "KNvK"}));
    for (const char* same : {"KQRKR", "kqrkr", "KQRvKR", "kqrvkr"})
        EXPECT_EQ(Material::parse(same)->name(), "KQRvKR") << same;
    EXPECT_EQ(Material::parse("kkp")->name(), "KvKP");
    for (const char* bad : {"QvK", "KQvKX", "KvKvK", "KPPPPPPPPPvK", "KQ", "KQKRK", "KqKR", "kQkr",
                            "KQkr", "", "v", "KQvvKR", "KQv"})
        EXPECT_FALSE(Material::parse(bad).ok()) << bad;
    EXPECT_NE(Material::parse("KQvKX").error().find("'X'"), std::string::npos);
    const auto order = tb::closure<ChessGame>({*Material::parse("KPvK")});
    std::vector<std::string> names;
    for (const Material& x : order) names.push_back(x.name());
    EXPECT_EQ(names, (std::vector<std::string>{"KBvK", "KNvK", "KQvK", "KRvK", "KPvK"}));
    EXPECT_EQ(materials_up_to(3).size(), 10u);  // KQvK..KvKP: 5 piece types, either side
}

// Every slot of the material: a valid slot's position indexes back to it; every position maps
// to a valid slot; the number of valid slots is the number of symmetry classes.
void check_every_slot(const Material& m) {
    const MaterialIndex index(m);
    std::uint64_t valid = 0;
    for (std::uint64_t i = 0; i < index.size(); ++i) {
        const auto pos = index.position(i, Color::White);
        if (!pos) continue;
        ++valid;
        ASSERT_EQ(Material::of(*pos), m) << i;
        ASSERT_EQ(index.index(*pos), i) << retrocheck::chess::format_fen(*pos);
        ASSERT_EQ(index.index(pos->mirrored()), i) << retrocheck::chess::format_fen(*pos);
    }
    EXPECT_GT(valid, index.size() / 2) << m.name() << ": too many broken slots";
    testing::Test::RecordProperty(m.name(),
                                  std::to_string(valid) + " of " + std::to_string(index.size()));
}

TEST(FastChessIndex, EverySlotOfEveryThreePieceMaterialRoundTrips) {
    for (const Material& m : materials_up_to(3)) check_every_slot(m);
}

// 40-50 s of CPU, most of it in Position::from_setup (position() and mirrored()): slow tier.
TEST(SlowChessIndex, EverySlotOfEveryFourPieceMaterialRoundTrips) {
    for (const Material& m : materials_up_to(4))
        if (m.pieces() == 4) check_every_slot(m);
}

// Every placement of KRvK (kings apart, the rook anywhere free) lands on a valid slot, and the
// valid slots are as many as the classes counted by brute force.
TEST(FastChessIndex, ValidSlotsAreTheSymmetryClasses) {
    for (const char* name : {"KRvK", "KPvK"}) {
        const Material m = *Material::parse(name);
        const MaterialIndex index(m);
        const bool pawn = m.pawns() > 0;
        std::set<std::uint64_t> slots;
        for (int w = 0; w < 64; ++w)
            for (int b = 0; b < 64; ++b)
                for (int x = pawn ? 8 : 0; x < (pawn ? 56 : 64); ++x) {
                    using namespace retrocheck::chess;
                    if (w == b || w == x || b == x) continue;
                    if (king_attacks(square_at(w)) & bit(square_at(b))) continue;
                    retrocheck::chess::Setup s;
                    s.board[static_cast<std::size_t>(w)] = Piece{Color::White, PieceType::King};
                    s.board[static_cast<std::size_t>(b)] = Piece{Color::Black, PieceType::King};
                    s.board[static_cast<std::size_t>(x)] =
                        Piece{Color::White, pawn ? PieceType::Pawn : PieceType::Rook};
                    const Position pos = Position::from_setup(s);
                    const std::uint64_t i = index.index(pos);
                    const auto back = index.position(i, Color::White);
                    ASSERT_TRUE(back) << format_fen(pos) << " -> broken slot " << i;
                    slots.insert(i);
                }
        std::uint64_t valid = 0;
        for (std::uint64_t i = 0; i < index.size(); ++i)
            valid += index.position(i, Color::White).has_value();
        EXPECT_EQ(slots.size(), valid) << name;
    }
}

TEST(FastChessIndex, RandomSlotsOfFourAndFivePieceMaterialsRoundTrip) {
    std::mt19937_64 rng(20261123);
    for (const char* name :
         {"KQvKR", "KPvKP", "KBNvK", "KRvKN", "KQRvKR", "KRPvKR", "KPPvKP", "KBNvKN", "KQvKPP"}) {
        const MaterialIndex index(*Material::parse(name));
        int valid = 0;
        for (int n = 0; n < 20000; ++n) {
            const std::uint64_t i = rng() % index.size();
            const auto pos = index.position(i, Color::Black);
            if (!pos) continue;
            ++valid;
            ASSERT_EQ(index.index(*pos), i) << name << " " << retrocheck::chess::format_fen(*pos);
            ASSERT_EQ(index.index(pos->flipped().flipped()), i) << name;
        }
        EXPECT_GT(valid, 10000) << name;
    }
}

// The walk over a range of slots (the builder's seed) gives each slot what position() gives:
// windows at random places, both sides, materials whose last group is one piece, a pawn, or
// two of a kind.
TEST(FastChessIndex, TheWalkGivesEachSlotItsPosition) {
    std::mt19937_64 rng(20261125);
    for (const char* name : {"KQvK", "KPvK", "KBBvK", "KQvKR", "KPvKP", "KBNvK", "KRRvK", "KQRvKR",
                             "KRPvKR", "KRvKPP"}) {
        const MaterialIndex index(*Material::parse(name));
        for (int n = 0; n < 40; ++n) {
            const std::uint64_t begin = n == 0 ? 0 : rng() % index.size();
            const std::uint64_t end = std::min(index.size(), begin + 1 + rng() % 3000);
            const Color side = n % 2 ? Color::Black : Color::White;
            std::uint64_t next = begin;
            index.for_each_position(begin, end, side, [&](std::uint64_t i, const Position* pos) {
                ASSERT_EQ(i, next++) << name;
                const auto expected = index.position(i, side);
                ASSERT_EQ(pos != nullptr, expected.has_value()) << name << " slot " << i;
                if (pos) {
                    ASSERT_EQ(*pos, *expected) << name << " slot " << i;
                }
            });
            ASSERT_EQ(next, end) << name;
        }
    }
}

// The bitboard symmetries (Position::transformed, the statistics' orbits) are the square ones
// (the index's tables), square by square.
TEST(FastChessIndex, BitboardAndSquareSymmetriesAgree) {
    using namespace retrocheck::chess;
    for (int k = 0; k < 8; ++k)
        for (int i = 0; i < kSquares; ++i)
            ASSERT_EQ(transform(bit(square_at(i)), k), bit(transform(square_at(i), k)))
                << "symmetry " << k << " square " << i;
}

Position turned(const Position& pos, int k) { return pos.transformed(k); }

// index() takes any image of a position (one symmetry for most king placements; with both kings
// on the diagonal the other pieces break the tie), not just the mirror: all 8 images without
// pawns, both with them, over random valid slots and, for the ties, every slot of KRvK and KQvKR
// whose kings stand on the diagonal.
TEST(FastChessIndex, EverySymmetricImageHasTheSlot) {
    const auto check = [](const MaterialIndex& index, std::uint64_t i, Color side) {
        const auto pos = index.position(i, side);
        if (!pos) return false;
        for (int k = 0; k < (index.material().pawns() ? 2 : 8); ++k) {
            const Position image = turned(*pos, k);
            EXPECT_EQ(index.index(image), i) << index.material().name() << " symmetry " << k << ": "
                                             << retrocheck::chess::format_fen(image);
        }
        return true;
    };
    std::mt19937_64 rng(20261124);
    for (const char* name :
         {"KQvKR", "KPvKP", "KBNvK", "KQRvKR", "KRPvKR", "KPPvKP", "KRRvKR", "KBBvKN", "KNNNvK"}) {
        const MaterialIndex index(*Material::parse(name));
        int valid = 0;
        for (int n = 0; n < 5000; ++n)
            valid += check(index, rng() % index.size(), n % 2 ? Color::Black : Color::White);
        EXPECT_GT(valid, 2000) << name;
        if (testing::Test::HasFailure()) return;
    }
    for (const char* name : {"KRvK", "KQvKR"}) {
        const MaterialIndex index(*Material::parse(name));
        const auto& pairs = king_pairs(false);
        const std::uint64_t per_pair = index.size() / pairs.size();
        int valid = 0, broken = 0;
        for (std::size_t p = 0; p < pairs.size(); ++p) {
            using retrocheck::chess::file_of, retrocheck::chess::rank_of;
            if (file_of(pairs[p].white) != rank_of(pairs[p].white) ||
                file_of(pairs[p].black) != rank_of(pairs[p].black))
                continue;
            for (std::uint64_t i = p * per_pair; i < (p + 1) * per_pair; ++i)
                (check(index, i, Color::White) ? valid : broken) += 1;
        }
        // Of each pair of diagonal images one owns the slot, the other is broken.
        EXPECT_GT(valid, 0) << name;
        EXPECT_GT(broken, valid / 2) << name;
        if (testing::Test::HasFailure()) return;
    }
}

}  // namespace
}  // namespace retrocheck::tb::chess
