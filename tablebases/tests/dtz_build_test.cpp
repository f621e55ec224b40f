// Our DTZ50 builder (the retrograde solver with the Dtz50Metric, tablebases/chess/dtz_game.h)
// against the oracle (oracles/chess/dtz50.h), written apart: value iteration over the move
// counter. Every legal position of each material, both sides to move, and every position with
// an en passant right a double push leads to, must have the oracle's result and DTZ, with either
// build method. A difference prints the FEN, the diagram, both values and every move's.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "oracles/chess/dtz50.h"
#include "oracles/chess/placement.h"
#include "tablebases/build/driver.h"
#include "tablebases/chess/build.h"
#include "tablebases/chess/dtz_game.h"
#include "tablebases/chess/dtz_verify.h"
#include "tablebases/chess/files.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/window.h"
#include "tablebases/store/writer.h"
#include "tablebases/tests/scratch.h"
#include "tablebases/verify/streaming.h"

namespace {

using namespace retrocheck;
using oracle::chess::Dtz50;
using oracle::chess::Dtz50Iteration;
using tb::chess::Dtz;

// Ours (Dtz) or the oracle's (Dtz50).
template <typename V>
std::string value_text(const std::optional<V>& v) {
    return v ? std::string(to_string(v->wdl)) + ", dtz " + std::to_string(v->dtz) : "none";
}

std::string explain(const chess::Position& pos, const tb::chess::DtzTableSet& built,
                    const Dtz50Iteration& oracle) {
    std::string s = chess::format_fen(pos) + "\n" + chess::describe(pos);
    s += "built: " + value_text(built.probe(pos)) + "; oracle: " + value_text(oracle.value(pos)) +
         "\n";
    for (const chess::Move m : chess::legal_moves(pos))
        s += "  " + chess::format_uci(m) + ": built " + value_text(built.probe(pos.after(m))) +
             ", oracle " + value_text(oracle.value(pos.after(m))) + "\n";
    return s;
}

// Every legal placement of `material` and the en passant positions its double pushes reach;
// the number compared.
std::uint64_t expect_builder_equals_oracle(const std::string& material, tb::BuildMethod method) {
    const Dtz50Iteration oracle(material);
    const tb::chess::DtzTableSet built =
        tb::chess::build_dtz_closure({*tb::chess::Material::parse(material)}, method);
    const auto pieces = oracle::chess::pieces_of(material);
    std::uint64_t compared = 0;
    int shown = 0;
    const auto compare = [&](const chess::Position& pos) {
        ++compared;
        const auto ours = built.probe(pos);
        const auto truth = oracle.value(pos);
        const bool same = ours && truth &&
                          static_cast<int>(ours->wdl) == static_cast<int>(truth->wdl) &&
                          ours->dtz == truth->dtz;
        if (!same && shown++ < 3) ADD_FAILURE() << material << ":\n" << explain(pos, built, oracle);
    };
    for (std::size_t slot = 0; slot < oracle::chess::slots(pieces); ++slot) {
        const auto pos = oracle::chess::decode(pieces, slot);
        if (!pos) continue;
        compare(*pos);
        for (const chess::Move m : chess::legal_moves(*pos))
            if (const chess::Position child = pos->after(m); child.en_passant()) compare(child);
    }
    return compared;
}

// No material of up to 4 pieces has a cursed win, so the codes past 100 plies are held to
// Syzygy's convention here (implied_dtz50's, dtz_rules.h) and to its files in the 5-piece audit.
TEST(FastDtzBuild, CodesPastOneHundredPliesAreCursedOrBlessed) {
    using tb::Dtz50Metric;
    using tb::chess::dtz_of_code;
    using tb::chess::Wdl5;
    using tb::chess::zeroing_exit_code;
    const auto value = [](int code) { return dtz_of_code(static_cast<tb::chess::DtzCode>(code)); };
    EXPECT_EQ(zeroing_exit_code(Wdl5::Loss), Dtz50Metric::win(1));
    EXPECT_EQ(zeroing_exit_code(Wdl5::BlessedLoss), Dtz50Metric::win(101));
    EXPECT_EQ(zeroing_exit_code(Wdl5::Draw), tb::kExitDraw);
    EXPECT_EQ(zeroing_exit_code(Wdl5::CursedWin), Dtz50Metric::loss(101));
    EXPECT_EQ(zeroing_exit_code(Wdl5::Win), Dtz50Metric::loss(1));
    EXPECT_EQ(value(Dtz50Metric::win(100)), (Dtz{Wdl5::Win, 100}));
    EXPECT_EQ(value(Dtz50Metric::win(101)), (Dtz{Wdl5::CursedWin, 101}));
    EXPECT_EQ(value(Dtz50Metric::loss(100)), (Dtz{Wdl5::Loss, -100}));
    EXPECT_EQ(value(Dtz50Metric::loss(132)), (Dtz{Wdl5::BlessedLoss, -132}));
    EXPECT_EQ(value(Dtz50Metric::loss(0)), (Dtz{Wdl5::Loss, -1}));  // checkmated
    EXPECT_EQ(value(Dtz50Metric::kDraw), Dtz{});
}

TEST(FastDtzBuild, EqualsTheOracleOnEveryThreePiecePosition) {
    for (const std::string material : {"KQvK", "KRvK", "KBvK", "KNvK", "KPvK"})
        EXPECT_GT(expect_builder_equals_oracle(material, tb::BuildMethod::OutCounting), 300000u);
}

TEST(FastDtzBuild, GrandfatherEqualsTheOracleToo) {
    EXPECT_GT(expect_builder_equals_oracle("KPvK", tb::BuildMethod::Grandfather), 300000u);
}

// verify of DTZ50 tables: clean as built; one value one ply too long is a finding of
// dtz-one-ply at its position, with our value and the child that gives it, and its parents'
// broken rules are consequences of it.
TEST(FastDtzBuild, VerifyFindsAValueOnePlyOff) {
    const auto kqk = *tb::chess::Material::parse("KQvK");
    tb::chess::DtzTableSet set = tb::chess::build_dtz_closure({kqk}, tb::BuildMethod::OutCounting);
    const auto clean = tb::chess::verify_dtz(set);
    EXPECT_EQ(clean.violations, 0u);
    EXPECT_GT(clean.positions_checked, 40000u);
    const auto pos = *chess::parse_fen("8/8/8/5k2/8/8/1Q6/K7 w - - 0 1");
    tb::chess::DtzTable changed = *set.find(kqk);
    const auto id = changed.id(pos);
    ASSERT_EQ(tb::chess::dtz_of_code(changed.values[id]), (Dtz{tb::chess::Wdl5::Win, 19}));
    changed.values[id] = tb::Dtz50Metric::win(21);
    set.add(std::make_shared<const tb::chess::DtzTable>(std::move(changed)));
    const auto r = tb::chess::verify_dtz(set);
    ASSERT_EQ(r.findings, 1u);
    const auto& f = r.examples.front();
    EXPECT_EQ(f.rule, "dtz-one-ply");
    EXPECT_EQ(f.position, pos);
    EXPECT_EQ(f.stored, Outcome::win(21));
    EXPECT_EQ(f.expected, Outcome::win(19));
    ASSERT_TRUE(f.child_move);
    EXPECT_EQ(f.child_value, Outcome::loss(18));
    EXPECT_GT(r.violations, 1u);
    for (const auto& c : r.consequences) {  // the same slot (the move counters differ)
        ASSERT_TRUE(c.cause) << tb::describe(c);
        EXPECT_EQ(set.find(kqk)->id(*c.cause), id) << tb::describe(c);
    }
}

// verify of a DTZ50 directory a material at a time (verify/streaming.h with Dtz50Rules, each
// table with its successors alone) against verify_dtz over the whole set in memory: the same
// counts, findings, consequences and causes, once `changes` (FEN, new code) are made.
void expect_streamed_as_whole(const char* material,
                              const std::vector<std::pair<const char*, int>>& changes,
                              const std::string& folder) {
    namespace store = tb::store;
    tb::chess::DtzTableSet set = tb::chess::build_dtz_closure(
        {*tb::chess::Material::parse(material)}, tb::BuildMethod::OutCounting);
    for (const auto& [fen, code] : changes) {
        const auto pos = *chess::parse_fen(fen);
        tb::chess::DtzTable changed = *set.find(tb::chess::Material::of(pos));
        changed.values[changed.id(pos)] = static_cast<tb::chess::DtzCode>(code);
        set.add(std::make_shared<const tb::chess::DtzTable>(std::move(changed)));
    }
    const std::size_t max_examples = 3;
    const auto whole = tb::chess::verify_dtz(set, max_examples);
    ASSERT_GT(whole.violations, whole.findings);
    const std::filesystem::path dir = tb::testing::scratch(folder);
    for (const auto& [m, t] : set.tables())
        ASSERT_TRUE(store::write_table(*t, store::dtz_table_path(dir, m)).ok());
    auto opened = store::TableWindow<tb::chess::ChessDtzGame>::open(dir, 0);
    ASSERT_TRUE(opened) << opened.error();
    auto window = std::move(opened).value();
    std::atomic<std::uint64_t> done{0};
    const auto streamed = tb::verify_streaming<tb::chess::ChessDtzGame, tb::chess::Dtz50Rules>(
        window, max_examples, &done);
    ASSERT_TRUE(streamed) << streamed.error();
    EXPECT_EQ(done.load(), window.slots());
    EXPECT_EQ(streamed->positions_checked, whole.positions_checked);
    EXPECT_EQ(streamed->violations, whole.violations);
    EXPECT_EQ(streamed->findings, whole.findings);
    ASSERT_EQ(streamed->slices.size(), whole.slices.size());
    for (std::size_t i = 0; i < whole.slices.size(); ++i) {
        EXPECT_EQ(streamed->slices[i].slice, whole.slices[i].slice);
        EXPECT_EQ(streamed->slices[i].violations, whole.slices[i].violations);
        EXPECT_EQ(streamed->slices[i].findings, whole.slices[i].findings)
            << whole.slices[i].slice.name();
    }
    const auto same = [](const auto& a, const auto& b) {
        ASSERT_EQ(a.size(), b.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            EXPECT_EQ(tb::describe(a[i]), tb::describe(b[i]));
            EXPECT_EQ(a[i].cause, b[i].cause);
        }
    };
    same(streamed->examples, whole.examples);
    same(streamed->consequences, whole.consequences);
}

// A value changed in KQvK and one in KPvK, within KPvK's closure.
TEST(FastDtzBuild, StreamedVerifyReportsAsTheWholeSet) {
    expect_streamed_as_whole("KPvK",
                             {{"8/8/8/5k2/8/8/1Q6/K7 w - - 0 1", tb::Dtz50Metric::win(21)},
                              {"8/8/8/5k2/8/8/1P6/K7 w - - 0 1", tb::Dtz50Metric::win(9)}},
                             "dtz-streamed");
}

// A KQvKP value made a loss for black, who promotes (g1=Q), has a KPvKP parent (h8=Q) that is a
// consequence of it only when KQvKQ, beyond KPvKP's window, is read: the streamed walk reads it
// again for such slices.
TEST(SlowDtzBuild, StreamedVerifyClassifiesBeyondTheWindow) {
    expect_streamed_as_whole("KPvKP",
                             {{"7Q/8/8/8/2K5/k7/6p1/8 b - - 0 1", tb::Dtz50Metric::loss(2)}},
                             "dtz-streamed-kpkp");
}

// The memory plan's share of a pawn material's slots in its largest phase (the list of ids the
// solver holds: build_plan.h) is at least what the solver lists, and not far above it. Measured:
// KPvK 27,616 of 28,896 planned, KBPvK 1,575,393 of 1,791,552, KPvKP 1,149,134 of 1,394,069,
// KPPvK 632,948 of 679,056.
void expect_largest_phase_within_plan(const std::vector<const char*>& materials) {
    for (const char* name : materials) {
        const auto m = *tb::chess::Material::parse(name);
        const tb::chess::DtzTableSet done = tb::chess::build_dtz_closure(
            tb::chess::ChessDtzGame::successors(m), tb::BuildMethod::OutCounting);
        tb::BuildStats stats;
        (void)tb::build_slice<tb::chess::ChessDtzGame>(m, done, tb::BuildMethod::OutCounting,
                                                       &stats);
        const double slots =
            static_cast<double>(tb::chess::ChessDtzGame::make_table(m).values.size());
        const double planned = slots * tb::chess::ChessDtzGame::largest_phase_share(m);
        std::printf("%s: largest phase %llu slots, planned %.0f of %.0f\n", name,
                    static_cast<unsigned long long>(stats.largest_phase), planned, slots);
        EXPECT_GT(stats.largest_phase, 0u) << name;
        EXPECT_LE(static_cast<double>(stats.largest_phase), planned) << name;
        EXPECT_GT(static_cast<double>(stats.largest_phase), planned / 2) << name;
    }
}

TEST(FastDtzBuild, TheLargestPhaseIsWithinThePlansShare) {
    expect_largest_phase_within_plan({"KPvK", "KBPvK"});
}

TEST(SlowDtzBuild, TheLargestPhaseOfTwoPawnsIsWithinThePlansShare) {
    expect_largest_phase_within_plan({"KPvKP", "KPPvK"});
}

// DTZ files (KPvK.dtz.rctb: two bytes a slot, metric 3 in the header) stand beside the DTM
// ones: each metric's loading reads its own, the codes come back as written, and a DTZ file is
// not read as a DTM one, nor a truncated one at all.
TEST(FastDtzBuild, FilesRoundTripBesideTheDtmOnes) {
    namespace fs = std::filesystem;
    namespace store = tb::store;
    const fs::path dir = tb::testing::scratch("dtz-files");
    const auto kpk = *tb::chess::Material::parse("KPvK");
    const auto dtz = tb::chess::build_dtz_closure({kpk}, tb::BuildMethod::OutCounting);
    const auto dtm = tb::chess::build_closure({kpk}, tb::BuildMethod::OutCounting);
    for (const auto& [m, t] : dtz.tables())
        ASSERT_TRUE(store::write_table(*t, store::dtz_table_path(dir, m), {1000, 3}).ok());
    for (const auto& [m, t] : dtm.tables())
        ASSERT_TRUE(store::write_table(*t, store::table_path(dir, m)).ok());
    EXPECT_TRUE(fs::exists(dir / "KPvK.dtz.rctb"));

    const auto read = store::load_directory<tb::chess::ChessDtzGame>(dir);
    ASSERT_TRUE(read.ok()) << read.error();
    ASSERT_EQ(read->tables().size(), dtz.tables().size());
    for (const auto& [m, t] : dtz.tables()) EXPECT_EQ(read->find(m)->values, t->values);
    const auto read_dtm = store::load_directory<tb::chess::ChessGame>(dir);
    ASSERT_TRUE(read_dtm.ok()) << read_dtm.error();
    EXPECT_EQ(read_dtm->find(kpk)->values, dtm.find(kpk)->values);

    const auto file = store::TableFile::open(dir / "KPvK.dtz.rctb");
    ASSERT_TRUE(file.ok()) << file.error();
    EXPECT_EQ((*file)->metric(), store::kMetricDtz50);
    std::vector<tb::Value> bytes((*file)->size());
    const auto as_dtm = (*file)->read_values(bytes.data());
    ASSERT_FALSE(as_dtm.ok());
    EXPECT_NE(as_dtm.error().find("2-byte values"), std::string::npos) << as_dtm.error();

    fs::resize_file(dir / "KPvK.dtz.rctb", fs::file_size(dir / "KPvK.dtz.rctb") - 3);
    const auto truncated = store::load_directory<tb::chess::ChessDtzGame>(dir);
    ASSERT_FALSE(truncated.ok());
    EXPECT_NE(truncated.error().find("KPvK.dtz.rctb: truncated"), std::string::npos)
        << truncated.error();
    ASSERT_TRUE(store::write_table(*dtz.find(kpk), dir / "KPvK.dtz.rctb").ok());
    fs::remove(dir / "KQvK.dtz.rctb");
    const auto gap = store::load_directory<tb::chess::ChessDtzGame>(dir);
    ASSERT_FALSE(gap.ok());
    EXPECT_NE(gap.error().find("KPvK needs KQvK, which is missing (KQvK.dtz.rctb)"),
              std::string::npos)
        << gap.error();
    for (const auto& [m, t] : dtz.tables()) fs::remove(store::dtz_table_path(dir, m));
    const auto none = store::load_directory<tb::chess::ChessDtzGame>(dir);
    ASSERT_FALSE(none.ok());
    EXPECT_NE(none.error().find("holds no chess DTZ tables"), std::string::npos) << none.error();
}

// Pawns on both sides (en passant, phases by advance), and pawnless. (With KRvKP and KBNvK
// too, all four equal, the test ran 782 s: the oracle's sweeps are most of it.)
TEST(SlowDtzBuild, EqualsTheOracleOnFourPieceMaterials) {
    for (const std::string material : {"KPvKP", "KQvKR"})
        EXPECT_GT(expect_builder_equals_oracle(material, tb::BuildMethod::OutCounting), 1000000u);
}

// Syzygy's generator counted, for the published KBBvKN (../shared/thirdparty/chess/syzygy5/
// SOURCE.txt), 7,750,066 cursed wins and 15,330,676 blessed ("cursed") losses; it counts the two
// bishops' placements in both orders, so each is twice our count of the same positions (one a
// symmetry class, the bishops unordered). Its longest, "a cursed win for White of 132 plies", is
// the blessed loss of 8/8/8/1B6/8/8/8/1KBk2n1 b - -, Black to move.
TEST(SlowDtzBuild, KbbvknHasThePublishedCursedWinsAndBlessedLosses) {
    using tb::chess::Wdl5;
    const auto m = tb::chess::Material::parse("KBBvKN");
    const tb::chess::DtzTableSet set =
        tb::chess::build_dtz_closure({*m}, tb::BuildMethod::OutCounting);
    const tb::chess::DtzTable& t = *set.find(*m);
    std::uint64_t cursed = 0, blessed = 0;
    int longest = 0;
    for (const auto code : t.values) {
        if (code == tb::Dtz50Metric::kUnknown || code == tb::Dtz50Metric::kDraw) continue;
        const tb::chess::Dtz d = tb::chess::dtz_of_code(code);
        cursed += d.wdl == Wdl5::CursedWin;
        blessed += d.wdl == Wdl5::BlessedLoss;
        if (d.wdl == Wdl5::CursedWin || d.wdl == Wdl5::BlessedLoss)
            longest = std::max(longest, std::abs(d.dtz));
    }
    EXPECT_EQ(2 * cursed, 7'750'066u);
    EXPECT_EQ(2 * blessed, 15'330'676u);
    EXPECT_EQ(longest, 132);
    const auto longest_line = set.probe(*chess::parse_fen("8/8/8/1B6/8/8/8/1KBk2n1 b - -"));
    ASSERT_TRUE(longest_line);
    EXPECT_EQ(*longest_line, (tb::chess::Dtz{Wdl5::BlessedLoss, -132}));
}

}  // namespace
