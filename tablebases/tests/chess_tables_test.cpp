// Chess tables: the builders against CHESS.md's published figures and the value-iteration
// oracle, both methods and thread counts byte-identical, the store round trip, and the faults
// that must be caught: one value changed in a file (reported at exactly that position), the
// first-found DTM builder (by the verifier) and the queen-only builder (by the statistics).
#include <gtest/gtest.h>
#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <filesystem>
#include <random>

#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "oracles/chess/value_iteration.h"
#include "tablebases/chess/build.h"
#include "tablebases/chess/game.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/format.h"
#include "tablebases/store/writer.h"
#include "tablebases/tests/scratch.h"
#include "tablebases/verify/stats.h"
#include "tablebases/verify/verifier.h"

namespace retrocheck::tb::chess {
namespace {

namespace fs = std::filesystem;
using retrocheck::chess::format_fen;
using retrocheck::chess::parse_fen;
using retrocheck::chess::Position;

Material material(std::string_view name) { return *Material::parse(name); }

const MaterialTableSet& three_pieces() {
    static const MaterialTableSet set = build_up_to(3, BuildMethod::OutCounting);
    return set;
}

// W/D/L with White to move, then with Black to move, per symmetry class.
struct Published {
    const char* material;
    std::uint64_t w[3], b[3];
    int longest;  // White to move
    int classes;  // positions (classes) with that longest win; 0: not published
};

void expect_published(const MaterialTableSet& set, const Published& p) {
    const auto st = table_stats<ChessGame>(*set.find(material(p.material)));
    EXPECT_EQ(st[0].wins, p.w[0]) << p.material;
    EXPECT_EQ(st[0].draws, p.w[1]) << p.material;
    EXPECT_EQ(st[0].losses, p.w[2]) << p.material;
    EXPECT_EQ(st[1].wins, p.b[0]) << p.material;
    EXPECT_EQ(st[1].draws, p.b[1]) << p.material;
    EXPECT_EQ(st[1].losses, p.b[2]) << p.material;
    EXPECT_EQ(st[0].longest_win_plies, p.longest) << p.material;
    if (p.classes) {
        EXPECT_EQ(st[0].longest_win_classes, p.classes) << p.material;
    }
}

TEST(FastChessTables, ThreePiecesMatchThePublishedFigures) {
    const auto& set = three_pieces();
    expect_published(set, {"KQvK", {18081, 0, 0}, {0, 2896, 25160}, 19, 1});
    expect_published(set, {"KRvK", {21959, 0, 0}, {0, 2796, 25260}, 31, 121});
    expect_published(set, {"KPvK", {62480, 19184, 0}, {0, 35210, 48802}, 55, 3});
    expect_published(set, {"KBvK", {0, 24178, 0}, {0, 28056, 0}, -1, 0});
    expect_published(set, {"KNvK", {0, 25750, 0}, {0, 28056, 0}, -1, 0});
    const auto kqk = table_stats<ChessGame>(*set.find(material("KQvK")));
    EXPECT_EQ(format_fen(*kqk[0].longest_win), "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1");
    EXPECT_EQ(kqk[1].extra.draws_raw, 23048u);  // counted without symmetry
    // The published example is one of the three classes of the longest win.
    const Position example = *parse_fen("8/8/8/1k6/8/8/K5P1/8 w - - 0 1");
    EXPECT_EQ(set.probe(example), Outcome::win(55));
}

// Every legal slot of every material the oracle solved (kings alone aside) holds the oracle's
// value; the first slot that does not is printed. A material the set holds in the other colouring
// only (a closure holds canonical ones) is compared through the colour flip.
void expect_the_oracles_values(const MaterialTableSet& set,
                               const oracle::chess::ValueIteration& oracle) {
    for (const std::string& name : oracle.materials()) {
        const Material m = material(name);
        if (m.pieces() < 3) continue;
        const bool flip = set.find(m) == nullptr;
        const MaterialTable* t = set.find(flip ? m.flipped() : m);
        ASSERT_NE(t, nullptr) << name;
        const auto oracle_value = [&](const Position& p) {
            return oracle.value(flip ? p.flipped() : p);
        };
        std::atomic<std::uint64_t> compared{0}, differ{0}, first{t->values.size()};
        tbb::parallel_for(
            tbb::blocked_range<std::uint64_t>(0, t->values.size()), [&](const auto& r) {
                std::uint64_t n = 0;
                for (std::uint64_t id = r.begin(); id != r.end(); ++id) {
                    const auto pos = t->position(id);
                    if (!pos || !legal_slot(*pos)) continue;
                    ++n;
                    const auto o = oracle_value(*pos);
                    if (o && !is_unknown(t->values[id]) && decode(*o) == decode(t->values[id]))
                        continue;
                    ++differ;
                    for (std::uint64_t f = first; id < f;) first.compare_exchange_weak(f, id);
                }
                compared += n;
            });
        EXPECT_GT(compared, 0u) << name;
        if (differ == 0) continue;
        const Position pos = *t->position(first);
        ADD_FAILURE() << name << ": " << differ << " of " << compared
                      << " values differ from the oracle's; the first, " << format_fen(pos)
                      << ", holds " << int{t->values[first]} << ", the oracle "
                      << int{oracle_value(pos).value_or(oracle::chess::kIllegal)};
    }
}

TEST(FastChessTables, EveryThreePieceValueIsTheOracles) {
    for (const char* name : {"KPvK", "KvKP"})
        expect_the_oracles_values(three_pieces(), oracle::chess::ValueIteration(name));
}

// Fast: 3 pieces. The en passant slots (KPvKP) under `slow`; `check --game chess` verifies them.
void expect_identical_builds(const std::vector<Material>& materials) {
    const MaterialTableSet reference = build_closure(materials, BuildMethod::OutCounting);
    const MaterialTableSet grandfather = build_closure(materials, BuildMethod::Grandfather);
    MaterialTableSet one;
    {
        tbb::global_control single(tbb::global_control::max_allowed_parallelism, 1);
        one = build_closure(materials, BuildMethod::OutCounting);
    }
    ASSERT_EQ(reference.tables().size(), grandfather.tables().size());
    for (const auto& [m, t] : reference.tables()) {
        EXPECT_TRUE(t->values == grandfather.find(m)->values) << m.name();
        EXPECT_TRUE(t->values == one.find(m)->values) << m.name();
    }
    const auto report = verify(reference);
    EXPECT_EQ(report.violations, 0u)
        << (report.examples.empty() ? "" : describe(report.examples[0]));
}

TEST(FastChessTables, MethodsAndThreadCountsGiveIdenticalTables) {
    expect_identical_builds({material("KPvK"), material("KvKP")});
}

TEST(SlowChessTables, MethodsAndThreadCountsGiveIdenticalTablesWithEnPassant) {
    expect_identical_builds({material("KPvKP")});
}

TEST(FastChessTables, TheVerifierPassesBuiltTables) {
    const auto report = verify(three_pieces());
    EXPECT_GT(report.positions_checked, 400000u);
    EXPECT_EQ(report.violations, 0u)
        << (report.examples.empty() ? "" : describe(report.examples[0]));
}

TEST(FastChessTables, UnderPromotionIsTheOnlyWin) {
    const Position pos = *parse_fen("8/1P6/k7/8/K7/8/8/8 w - - 0 1");
    const auto& set = three_pieces();
    EXPECT_EQ(set.probe(pos), Outcome::win(13));
    int wins = 0;
    for (const auto m : retrocheck::chess::legal_moves(pos)) {
        const auto v = set.probe(pos.after(m));
        ASSERT_TRUE(v);
        const bool under = m.is_promotion() && m.promotion() != retrocheck::chess::PieceType::Queen;
        if (v->parent_view().is_win()) {
            ++wins;
            EXPECT_TRUE(under) << retrocheck::chess::format_uci(m);
        }
        if (m.is_promotion() && m.promotion() == retrocheck::chess::PieceType::Queen) {
            EXPECT_TRUE(v->is_draw());  // b8=Q is stalemate
        }
    }
    EXPECT_GT(wins, 0);
}

// A DTM table whose values fit a byte is written with one (the files of 3-4 pieces stay as they
// were: tablebases/checksums/chess-3-4.sha256); one with a mate past 253 plies, as 5-piece
// materials have, with two. Both read back as they were, and the verifier then finds the long
// value at its position.
TEST(FastChessTables, DistancesPastAByteAreWrittenInTwoBytes) {
    const fs::path dir = testing::scratch("chess-wide");
    const Material kqk = material("KQvK");
    const MaterialTable& t = *three_pieces().find(kqk);
    ASSERT_TRUE(store::write_table(t, store::table_path(dir, kqk)).ok());
    const auto narrow = store::TableFile::open(store::table_path(dir, kqk));
    ASSERT_TRUE(narrow.ok()) << narrow.error();
    EXPECT_EQ((*narrow)->metric(), store::kMetricDtm);
    std::vector<Value> bytes((*narrow)->size());
    ASSERT_TRUE((*narrow)->read_values(bytes.data()).ok());
    for (std::uint64_t id = 0; id < bytes.size(); ++id) {
        const ChessValue v = t.values[id];
        ASSERT_EQ(bytes[id] == kUnknown, v == kNoPosition) << id;
        if (v != kNoPosition) {
            ASSERT_EQ(decode(bytes[id]), decode(v)) << id;
        }
    }
    std::vector<ChessValue> widened((*narrow)->size());
    ASSERT_TRUE((*narrow)->read_values(widened.data()).ok());
    EXPECT_EQ(widened, t.values);

    const Position pos = *parse_fen("8/8/8/5k2/8/8/1Q6/K7 w - - 0 1");  // a win in 19
    const Position black = *parse_fen("8/8/8/5k2/8/8/1Q6/K7 b - - 0 1");
    MaterialTable changed = t;
    changed.values[changed.id(pos)] = 301;
    changed.values[changed.id(black)] = kMaxPliesOf<ChessValue>;
    ASSERT_TRUE(store::write_table(changed, store::table_path(dir, kqk)).ok());
    const auto wide = store::TableFile::open(store::table_path(dir, kqk));
    ASSERT_TRUE(wide.ok()) << wide.error();
    EXPECT_EQ((*wide)->metric(), store::kMetricWideDtm);
    EXPECT_FALSE((*wide)->read_values(bytes.data()).ok());
    const auto loaded = store::load_directory<ChessGame>(dir);
    ASSERT_TRUE(loaded.ok()) << loaded.error();
    EXPECT_EQ(loaded->find(kqk)->values, changed.values);
    EXPECT_EQ(loaded->probe(pos), Outcome::win(301));
    EXPECT_EQ(loaded->probe(black), Outcome::win(kMaxPliesOf<ChessValue>));
    const auto report = verify(*loaded);
    ASSERT_GE(report.examples.size(), 1u);
    EXPECT_EQ(format_fen(report.examples[0].position), format_fen(pos));
    EXPECT_EQ(report.examples[0].stored, Outcome::win(301));
}

TEST(FastChessTables, OneChangedValueInAFileIsFoundAtThatPosition) {
    const fs::path dir = testing::scratch("chess-one-value");
    for (const auto& [m, t] : three_pieces().tables())
        ASSERT_TRUE(store::write_table(*t, store::table_path(dir, m)).ok());
    // A win in 19 stored as a win in 21, the file written again (checksums sealed anew).
    const Position pos = *parse_fen("8/8/8/5k2/8/8/1Q6/K7 w - - 0 1");
    MaterialTable changed = *three_pieces().find(material("KQvK"));
    changed.values[changed.id(pos)] = 21;
    ASSERT_TRUE(store::write_table(changed, store::table_path(dir, material("KQvK"))).ok());
    const auto loaded = store::load_directory<tb::chess::ChessGame>(dir);
    ASSERT_TRUE(loaded.ok()) << loaded.error();
    const auto report = verify(*loaded);
    ASSERT_EQ(report.findings, 1u);
    EXPECT_EQ(format_fen(report.examples[0].position), format_fen(pos));
    EXPECT_EQ(report.examples[0].rule, "win-shortest");
    EXPECT_EQ(report.examples[0].expected, Outcome::win(19));
    bool flip_seen = false;
    for (const auto& c : report.consequences) {
        EXPECT_FALSE(c.finding);
        flip_seen = flip_seen || (c.rule == "flip-symmetry" && c.relation == "mirror");
    }
    EXPECT_TRUE(flip_seen) << "the colour flip (KvKQ) disagrees and is not reported";

    // A stalemate stored as a checkmate.
    const Position stalemate = *parse_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
    changed = *three_pieces().find(material("KQvK"));
    changed.values[changed.id(stalemate)] = 0;
    ASSERT_TRUE(store::write_table(changed, store::table_path(dir, material("KQvK"))).ok());
    const auto again = verify(*store::load_directory<tb::chess::ChessGame>(dir));
    ASSERT_EQ(again.findings, 1u);
    EXPECT_EQ(again.examples[0].rule, "stalemate-is-draw");
    // Reported at the slot's own image of the position (a symmetry of the one changed).
    EXPECT_EQ(changed.id(again.examples[0].position), changed.id(stalemate));
}

TEST(FastChessTables, TheFirstFoundBuilderIsCaughtByTheVerifier) {
    // Promotions leave KPvK at many distances: the seeds' KPK generator kept the first.
    const auto set = build_closure({material("KPvK")}, BuildMethod::FirstFoundForTesting);
    const auto report = verify(set);
    ASSERT_GT(report.findings, 0u);
    EXPECT_EQ(report.examples[0].rule, "win-shortest") << describe(report.examples[0]);
}

TEST(FastChessTables, TheQueenOnlyBuilderIsCaughtByThePublishedStatistics) {
    const auto set =
        build_closure({material("KPvK")}, BuildMethod::OutCounting, /*queen_only=*/true);
    const auto st = table_stats<ChessGame>(*set.find(material("KPvK")));
    EXPECT_EQ(st[0].wins, 62477u);  // CHESS.md: 62,480 with every promotion
    EXPECT_NE(st[0].wins, 62480u);
}

// The set's lookup by material and by position, with every material of up to 5 pieces held and
// then every other one removed (its open addressing must neither lose nor confuse one). find()
// reads no value, so the tables hold none.
TEST(FastChessTables, TheTableSetFindsEveryMaterialByMaterialAndByPosition) {
    const std::vector<Material> all = materials_up_to(5);
    MaterialTableSet set;
    for (const Material& m : all)
        set.add(std::make_shared<MaterialTable>(m, std::vector<ChessValue>{}));
    auto a_position = [](const Material& m) {
        const MaterialIndex index(m);
        for (std::uint64_t i = 0;; ++i)
            if (const auto pos = index.position(i, Color::White); pos && legal_slot(*pos))
                return *pos;
    };
    for (std::size_t k = 0; k < all.size(); ++k) {
        ASSERT_NE(set.find(all[k]), nullptr) << all[k].name();
        EXPECT_EQ(set.find(all[k])->material(), all[k]);
        EXPECT_EQ(set.find(a_position(all[k])), set.find(all[k])) << all[k].name();
    }
    for (std::size_t k = 0; k < all.size(); k += 2) set.remove(all[k]);
    for (std::size_t k = 0; k < all.size(); ++k) {
        const MaterialTable* t = set.find(all[k]);
        if (k % 2 == 0) {
            EXPECT_EQ(t, nullptr) << all[k].name();
        } else {
            ASSERT_NE(t, nullptr) << all[k].name();
            EXPECT_EQ(t->material(), all[k]);
        }
        EXPECT_EQ(set.find(a_position(all[k])), t) << all[k].name();
    }
    EXPECT_EQ(set.probe_stored(*parse_fen("8/8/8/4k3/8/8/8/K7 w - - 0 1")), Outcome::draw());
}

// may_share_slots is the out-counting builder's shortcut: when it says no, no two moves from a
// position (nor two un-moves to it) reach one slot, and neither the move count nor the parents
// are deduplicated. Checked against the slots themselves on random positions of materials with
// twins, mirrored pieces and pawns, where symmetric children are common.
TEST(FastChessTables, SharedSlotsAreNeverMissed) {
    std::mt19937_64 rng(20261123);
    int shared = 0;
    for (const char* name : {"KRRvK", "KNNvK", "KBBvK", "KQvKQ", "KRvKR", "KBvKB", "KPvKP"}) {
        const ChessBuildTable table(material(name));
        auto repeats = [&](std::vector<std::uint64_t> ids) {
            std::sort(ids.begin(), ids.end());
            return std::adjacent_find(ids.begin(), ids.end()) != ids.end();
        };
        for (int n = 0; n < 20000; ++n) {
            const auto pos = table.position(rng() % table.stored_slots());
            if (!pos) continue;
            std::vector<std::uint64_t> children, parents;
            ChessGame::for_each_move(
                *pos, [&](auto make) { children.push_back(table.id(make())); },
                [](const Position&) {});
            ChessGame::for_each_parent_slot(
                table, *pos, table.id(*pos),
                [&](std::uint64_t, auto p) { parents.push_back(table.id(p())); });
            if (!repeats(children) && !repeats(parents)) continue;
            ++shared;
            EXPECT_TRUE(table.may_share_slots(*pos))
                << name << ": two moves reach one slot from " << format_fen(*pos);
        }
    }
    EXPECT_GT(shared, 100);  // the sample holds such positions
}

// The builders take a parent's slot from its child's by the moved piece's rank alone
// (ChessGame::for_each_parent_slot, MaterialIndex::moved). Every slot it gives is the
// whole index of the parent it names, and the parents are for_each_parent's, on random slots
// of materials with twins, pawns (en passant slots included) and five pieces.
// f(id, pos) on `samples` random slots of the table (en passant slots included) that hold a
// position, until an assertion fails; how many of them f counted (returned true for).
template <typename F>
int on_random_slots(const ChessBuildTable& table, std::mt19937_64& rng, int samples, F f) {
    int counted = 0;
    for (int n = 0; n < samples && !::testing::Test::HasFatalFailure(); ++n) {
        const std::uint64_t id = rng() % table.values.size();
        if (const auto pos = table.position(id)) counted += f(id, *pos);
    }
    return counted;
}

TEST(FastChessTables, ParentSlotsAreTheIndexOfTheirParents) {
    std::mt19937_64 rng(20261125);
    int ties = 0;  // kings on the diagonal: MaterialIndex::tied_moved
    for (const char* name :
         {"KQvKR", "KRRvK", "KBNvK", "KPvKP", "KPPvK", "KRvKP", "KRRRvK", "KNNvKB"}) {
        const ChessBuildTable table(material(name));
        const int checked =
            on_random_slots(table, rng, 4000, [&](std::uint64_t id, const Position& pos) {
                ties += id < table.stored_slots() && table.index().kings_on_diagonal(pos);
                std::vector<std::uint64_t> fast, whole;
                ChessGame::for_each_parent_slot(table, pos, id, [&](std::uint64_t slot, auto make) {
                    const Position parent = make();
                    fast.push_back(slot);
                    ASSERT_EQ(slot, table.id(parent))
                        << name << ": parent " << format_fen(parent) << " of " << format_fen(pos);
                });
                retrocheck::chess::for_each_parent(pos, [&](const Position& parent) {
                    if (!parent.en_passant() || table.has(parent))
                        whole.push_back(table.id(parent));
                });
                std::sort(fast.begin(), fast.end());
                std::sort(whole.begin(), whole.end());
                EXPECT_EQ(fast, whole) << name << ": " << format_fen(pos);
                return !fast.empty();
            });
        EXPECT_GT(checked, 1000) << name;
    }
    EXPECT_GT(ties, 200);
}

// The seed's walk tests a slot's legality by LegalSlots, which looks at the pieces but the last
// once for the slots that differ in it alone: it keeps exactly the slots legal_slot() keeps,
// on windows of materials whose last piece is each type of either side, checks by a slider
// (which it may block) and by a knight or pawn (which it cannot) included, and twins, where
// the whole position is tested.
TEST(FastChessTables, TheLegalWalkKeepsTheLegalSlots) {
    std::mt19937_64 rng(20261125);
    for (const char* name : {"KQvK", "KBvK", "KNvK", "KPvK", "KQvKR", "KRvKB", "KQvKN", "KRvKQ",
                             "KBvKP", "KNvKR", "KPvKB", "KQRvKR", "KRRvK", "KRvKPP"}) {
        const MaterialIndex index(material(name));
        int kept = 0, dropped = 0;
        for (int n = 0; n < 24; ++n) {
            const std::uint64_t begin = rng() % index.size();
            const std::uint64_t end = std::min(index.size(), begin + 1 + rng() % 20000);
            const Color side = n % 2 ? Color::Black : Color::White;
            index.for_each_position(
                begin, end, side,
                [&](std::uint64_t i, const Position* pos) {
                    const auto expected = index.position(i, side);
                    const bool legal = expected && legal_slot(*expected);
                    ASSERT_EQ(pos != nullptr, legal)
                        << name << " slot " << i << " "
                        << (expected ? format_fen(*expected) : std::string("(broken)"));
                    kept += legal;
                    dropped += expected && !legal;
                },
                LegalSlots{});
        }
        EXPECT_GT(kept, 1000) << name;
        EXPECT_GT(dropped, 100) << name;
    }
}

// A settled slot's position, laid out without a test (ChessBuildTable::settled_position), is
// its position(): random slots of materials with twins, pawns and en passant slots.
TEST(FastChessTables, SettledPositionsAreTheSlotsPositions) {
    std::mt19937_64 rng(20261125);
    for (const char* name : {"KQvKR", "KRRvK", "KPvKP", "KBNvK", "KQRvKR", "KNNvKB"}) {
        const ChessBuildTable table(material(name));
        const int checked =
            on_random_slots(table, rng, 4000, [&](std::uint64_t id, const Position& pos) {
                EXPECT_EQ(table.settled_position(id), pos) << name << " slot " << id;
                return true;
            });
        EXPECT_GT(checked, 1000) << name;
    }
}

// The seed counts a position's moves by the count-only generator where ChessGame::may_leave
// says no capture or promotion is possible. On random positions of 4-piece materials (pawns
// that capture and promote, en passant slots), the exits and the count it gives are exactly
// what every generated move says.
TEST(FastChessTables, ExitsAndInSliceCountAreTheGeneratedMoves) {
    std::mt19937_64 rng(20261125);
    for (const char* name : {"KPvKN", "KNvKP", "KPvKP", "KQvKR", "KBPvK", "KRvKB", "KPPvK"}) {
        const ChessBuildTable table(material(name));
        const int exits_seen =
            on_random_slots(table, rng, 5000, [&](std::uint64_t, const Position& pos) {
                std::vector<std::string> exits, expected_exits;
                int in_slice = 0;
                ChessGame::for_each_move(
                    pos, [&](auto) { ++in_slice; },
                    [&](const Position& child) { expected_exits.push_back(format_fen(child)); });
                const int counted = ChessGame::for_each_exit(
                    pos, [&](const Position& child) { exits.push_back(format_fen(child)); });
                EXPECT_EQ(counted, in_slice) << name << ": " << format_fen(pos);
                EXPECT_EQ(exits, expected_exits) << name << ": " << format_fen(pos);
                return !exits.empty();
            });
        EXPECT_GT(exits_seen, 100) << name;
    }
}

TEST(FastChessTables, StoreRoundTripAndVersions) {
    const fs::path dir = testing::scratch("chess-store");
    for (const auto& [m, t] : three_pieces().tables())
        ASSERT_TRUE(store::write_table(*t, store::table_path(dir, m)).ok());
    const auto loaded = store::load_directory<tb::chess::ChessGame>(dir);
    ASSERT_TRUE(loaded.ok()) << loaded.error();
    for (const auto& [m, t] : three_pieces().tables())
        EXPECT_TRUE(loaded->find(m)->values == t->values) << m.name();
    const auto checkers = store::load_directory<tb::CheckersGame>(dir);
    ASSERT_FALSE(checkers.ok());
    EXPECT_NE(checkers.error().find("KBvK.rctb is another game's table; this asks for checkers"),
              std::string::npos)
        << checkers.error();
    // A file named for another material than its header holds is refused, naming both.
    fs::rename(store::table_path(dir, material("KQvK")), dir / "KRvK.rctb.tmp");
    fs::rename(store::table_path(dir, material("KRvK")), store::table_path(dir, material("KQvK")));
    const auto mixed = store::open_directory(dir);
    ASSERT_FALSE(mixed.ok());
    EXPECT_NE(mixed.error().find("the header holds material KRvK"), std::string::npos)
        << mixed.error();
}

// Deeper: the 4-piece figures and the oracle on 4-piece materials.
TEST(SlowChessTables, FourPiecesMatchThePublishedFiguresAndTheOracle) {
    const auto set = build_closure({material("KBNvK"), material("KQvKR"), material("KPvKR")},
                                   BuildMethod::OutCounting);
    expect_published(set, {"KBNvK", {1352913, 6665, 0}, {0, 309147, 1398741}, 65, 138});
    expect_published(set, {"KQvKR", {1108111, 8963, 2142}, {386313, 78518, 883075}, 69, 0});
    EXPECT_EQ(table_stats<ChessGame>(*set.find(material("KPvKR")))[0].longest_win_plies, 85);
    EXPECT_EQ(verify(set).violations, 0u);
    // KPvKR's closure holds KQvKR; KPvKP's all 25 materials with one piece beside each king.
    expect_the_oracles_values(set, oracle::chess::ValueIteration("KPvKR"));
    expect_the_oracles_values(set, oracle::chess::ValueIteration("KBNvK"));
    const auto kpkp = build_closure({material("KPvKP")}, BuildMethod::OutCounting);
    expect_the_oracles_values(kpkp, oracle::chess::ValueIteration("KPvKP"));
}

}  // namespace
}  // namespace retrocheck::tb::chess
