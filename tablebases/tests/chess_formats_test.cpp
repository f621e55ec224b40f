// The Syzygy and Gaviota readers (through Fathom and libgaviotatb) and the chess auditor: names,
// the DTZ rules, refusals of damaged and incomplete directories, one live source per library,
// the en passant positions that broke real probers, and every position audited against our
// tables: Gaviota's 35 3-4 piece materials (Syzygy's 35, WDL and every DTZ, are the ctest
// syzygy_audit, through the command as a user runs it).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

#include "engine/chess/fen.h"
#include "tablebases/chess/audit.h"
#include "tablebases/chess/audit_window.h"
#include "tablebases/chess/build.h"
#include "tablebases/chess/dtz.h"
#include "tablebases/formats/gaviota.h"
#include "tablebases/formats/syzygy.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/window.h"
#include "tablebases/store/writer.h"
#include "tablebases/tests/altered_source.h"
#include "tablebases/tests/scratch.h"
#include "tablebases/tests/thirdparty.h"
#include "tablebases/verify/dtz_rules.h"

namespace retrocheck::tb::chess {
namespace {

namespace fs = std::filesystem;
using retrocheck::chess::parse_fen;
using retrocheck::chess::Position;
using testing::scratch;
using testing::slurp;
using testing::spit;

Position fen(const std::string& text) {
    auto p = parse_fen(text);
    EXPECT_TRUE(p) << text << ": " << (p ? "" : p.error());
    return *p;
}

Material material(const std::string& name) { return *Material::parse(name); }

// Our 3-4 piece tables: the chess main job's files (RETROCHECK_CHESS4, the ctest fixture), or
// built in memory once for the whole program.
const MaterialTableSet& ours() {
    static const MaterialTableSet tables = [] {
        const char* dir = std::getenv("RETROCHECK_CHESS4");
        if (dir && fs::exists(fs::path(dir) / "KQvKR.rctb"))
            if (auto loaded = store::load_directory<tb::chess::ChessGame>(dir, 4))
                return std::move(loaded).value();
        return build_up_to(4, BuildMethod::OutCounting);
    }();
    return tables;
}

// Copies of the named files of `from` into a fresh scratch folder.
fs::path copy_of(const fs::path& from, const std::string& name,
                 const std::vector<std::string>& files) {
    const fs::path dir = scratch(name);
    for (const std::string& f : files) fs::copy_file(from / f, dir / f);
    return dir;
}

TEST(FastChessFormats, Names) {
    EXPECT_EQ(syzygy_name(material("KRvKQ")), "KQvKR");
    EXPECT_EQ(syzygy_name(material("KPvKN")), "KNvKP");
    EXPECT_EQ(syzygy_name(material("KvKBN")), "KBNvK");
    EXPECT_EQ(syzygy_name(material("KBvKB")), "KBvKB");
    EXPECT_EQ(gaviota_material("kqkr"), material("KQvKR"));
    EXPECT_EQ(gaviota_material("kbnk"), material("KBNvK"));
    EXPECT_EQ(gaviota_material("knbk"), std::nullopt);  // not in Q R B N P order
    EXPECT_EQ(gaviota_material("kqxk"), std::nullopt);
}

TEST(FastChessFormats, EnPassantVariants) {
    // Black to move after c2-c4: b4xc3 en passant is the variant.
    const auto v = en_passant_variants(fen("8/8/7k/8/1pP5/7K/8/8 b - - 0 1"));
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(retrocheck::chess::format_fen(v[0]), "8/8/7k/8/1pP5/7K/8/8 b - c3 0 1");
    // The pawn on c4 could not have come from c2 through a piece on c3.
    EXPECT_TRUE(en_passant_variants(fen("8/8/7k/8/1pP5/2N4K/8/8 b - - 0 1")).empty());
}

TEST(FastSyzygy, RefusesDamagedAndIncompleteDirectories) {
    RETROCHECK_THIRDPARTY_OR_SKIP(syzygy, "chess/syzygy");
    EXPECT_NE(SyzygyTables::open("/nonexistent/syzygy").error().find("/nonexistent/syzygy"),
              std::string::npos);
    EXPECT_NE(SyzygyTables::open(scratch("sz-empty")).error().find("no Syzygy table"),
              std::string::npos);
    const std::vector<std::string> kq = {"KQvK.rtbw", "KQvK.rtbz"};
    {  // truncated by one byte
        const fs::path dir = copy_of(syzygy, "sz-truncated", kq);
        const std::string bytes = slurp(dir / "KQvK.rtbw");
        spit(dir / "KQvK.rtbw", bytes.substr(0, bytes.size() - 1));
        const auto t = SyzygyTables::open(dir);
        ASSERT_FALSE(t);
        EXPECT_NE(t.error().find("KQvK.rtbw"), std::string::npos) << t.error();
        EXPECT_NE(t.error().find("16 more than a multiple of 64"), std::string::npos);
    }
    {  // a bad magic number
        const fs::path dir = copy_of(syzygy, "sz-magic", kq);
        std::string bytes = slurp(dir / "KQvK.rtbz");
        bytes[0] = static_cast<char>(bytes[0] ^ 1);
        spit(dir / "KQvK.rtbz", bytes);
        const auto t = SyzygyTables::open(dir);
        ASSERT_FALSE(t);
        EXPECT_NE(t.error().find("KQvK.rtbz: magic"), std::string::npos) << t.error();
    }
    {  // a material without its DTZ file
        const auto t = SyzygyTables::open(copy_of(syzygy, "sz-no-dtz", {"KQvK.rtbw"}));
        ASSERT_FALSE(t);
        EXPECT_NE(t.error().find("KQvK.rtbz is missing"), std::string::npos) << t.error();
    }
    {  // KQvKR without KRvK, which capturing the queen leads to
        const auto t = SyzygyTables::open(copy_of(
            syzygy, "sz-no-successor", {"KQvKR.rtbw", "KQvKR.rtbz", "KQvK.rtbw", "KQvK.rtbz"}));
        ASSERT_FALSE(t);
        EXPECT_NE(t.error().find("KRvK.rtbw is missing: KQvKR needs it"), std::string::npos)
            << t.error();
    }
    // One live source at a time (Fathom's globals); a new one once it is gone.
    const fs::path dir = copy_of(syzygy, "sz-kq", kq);
    {
        auto first = SyzygyTables::open(dir);
        ASSERT_TRUE(first) << first.error();
        const auto second = SyzygyTables::open(dir);
        ASSERT_FALSE(second);
        EXPECT_NE(second.error().find("already open"), std::string::npos);
        const ChessProbe win = (*first)->probe_dtz(fen("8/8/8/5k2/8/8/1Q6/K7 w - -"));
        ASSERT_TRUE(win.ok()) << win.error;
        EXPECT_EQ(win.wdl, Wdl5::Win);
        EXPECT_GT(*win.dtz, 0);
        const ChessProbe missing = (*first)->probe(fen("8/8/8/5k2/8/8/1R6/K7 w - -"));
        EXPECT_EQ(missing.status, ChessProbeStatus::Missing);
    }
    EXPECT_TRUE(SyzygyTables::open(dir));
}

TEST(FastGaviota, RefusesDamagedAndIncompleteDirectories) {
    RETROCHECK_THIRDPARTY_OR_SKIP(gaviota, "chess/gaviota");
    EXPECT_NE(GaviotaTables::open(scratch("gtb-empty")).error().find("no Gaviota table"),
              std::string::npos);
    {
        const fs::path dir = copy_of(gaviota, "gtb-truncated", {"kqk.gtb.cp4"});
        const std::string bytes = slurp(dir / "kqk.gtb.cp4");
        spit(dir / "kqk.gtb.cp4", bytes.substr(0, bytes.size() - 100));
        const auto t = GaviotaTables::open(dir);
        ASSERT_FALSE(t);
        EXPECT_NE(t.error().find("kqk.gtb.cp4"), std::string::npos) << t.error();
        EXPECT_NE(t.error().find("truncated"), std::string::npos) << t.error();
    }
    {  // padded: the block index ends the data before the file does
        const fs::path dir = copy_of(gaviota, "gtb-padded", {"kqk.gtb.cp4"});
        spit(dir / "kqk.gtb.cp4", slurp(dir / "kqk.gtb.cp4") + std::string(100, '\0'));
        const auto t = GaviotaTables::open(dir);
        ASSERT_FALSE(t);
        EXPECT_NE(t.error().find("kqk.gtb.cp4"), std::string::npos) << t.error();
        EXPECT_NE(t.error().find("padded"), std::string::npos) << t.error();
    }
    {
        const auto t = GaviotaTables::open(
            copy_of(gaviota, "gtb-no-successor", {"kqkr.gtb.cp4", "kqk.gtb.cp4"}));
        ASSERT_FALSE(t);
        EXPECT_NE(t.error().find("krk.gtb.cp4 is missing: KQvKR needs it"), std::string::npos)
            << t.error();
    }
    const fs::path dir = copy_of(gaviota, "gtb-kq", {"kqk.gtb.cp4"});
    auto first = GaviotaTables::open(dir);
    ASSERT_TRUE(first) << first.error();
    EXPECT_FALSE(GaviotaTables::open(dir));
    // CHESS.md: the one longest KQvK win, mate in 10.
    const ChessProbe p = (*first)->probe(fen("8/8/8/5k2/8/8/1Q6/K7 w - -"));
    ASSERT_TRUE(p.ok()) << p.error;
    EXPECT_EQ(p.outcome(), Outcome::win(19));
    // Black to move, mated: a loss in 0.
    EXPECT_EQ((*first)->probe(fen("k7/1Q6/1K6/8/8/8/8/8 b - -")).outcome(), Outcome::loss(0));
}

// The audit's detection, through a shim that changes chosen answers of the real library: each
// changed position is reported at that position, under the rule the change breaks.
struct Planted {
    const char* what;
    Position position;
    testing::Alteration alteration;
    std::vector<std::string> problems;  // each reported at the position
};

// Our KQvK and KvKQ, built in memory (a fraction of a second).
const MaterialTableSet& kqk() {
    static const MaterialTableSet set =
        build_closure({material("KQvK"), material("KvKQ")}, BuildMethod::OutCounting);
    return set;
}

// A position of KQvK (our table's slot) with `side` to move whose value passes `wanted`.
template <typename Wanted>
Position kqk_position(Color side, Wanted wanted) {
    const MaterialTable& t = *kqk().find(material("KQvK"));
    const std::uint64_t half = t.index.size(), base = side == Color::White ? 0 : half;
    for (std::uint64_t id = base + half / 3; id < base + half; ++id)
        if (t.values[id] != kNoPosition && wanted(decode(t.values[id]))) return *t.position(id);
    ADD_FAILURE() << "no such position";
    return {};
}

// Our DTZ50 tables of `roots` and what they lead to, built in memory (a second or two).
const DtzTableSet& dtz_tables(const std::string& roots) {
    static std::map<std::string, DtzTableSet> built;
    auto it = built.find(roots);
    if (it == built.end())
        it = built
                 .emplace(roots,
                          build_dtz_closure(*Material::parse_list(roots), BuildMethod::OutCounting))
                 .first;
    return it->second;
}

// The positions of m (our table's slots) with `side` to move whose DTZ passes `wanted`, every
// `step`-th from a third of the way in.
template <typename Wanted>
std::vector<Position> dtz_positions(const std::string& m, Color side, Wanted wanted,
                                    std::size_t count = 1, std::uint64_t step = 1) {
    const DtzTable& t = *dtz_tables(m).find(material(m));
    const std::uint64_t half = t.index.size(), base = side == Color::White ? 0 : half;
    std::vector<Position> out;
    for (std::uint64_t id = base + half / 3; id < base + half && out.size() < count; id += step)
        if (t.values[id] != Dtz50Metric::kUnknown && wanted(dtz_of_code(t.values[id])))
            out.push_back(*t.position(id));
    if (out.size() < count) ADD_FAILURE() << "too few such positions";
    return out;
}

// Whether two positions of material m are one slot (any symmetric image, the same side).
bool same_slot(const std::string& m, const Position& a, const Position& b) {
    const MaterialIndex index(material(m));
    return Material::of(a) == material(m) && Material::of(b) == material(m) && !a.en_passant() &&
           index.index(a) == index.index(b) && a.side_to_move() == b.side_to_move();
}

template <typename Set>
void expect_planted_found(const std::shared_ptr<ChessTableSource>& library, const Planted& p,
                          const Set& ours, const std::string& m) {
    SCOPED_TRACE(std::string(p.what) + " at " + retrocheck::chess::format_fen(p.position));
    auto shim = std::make_shared<testing::AlteredSource>(library);
    shim->alter(p.position, p.alteration);
    ChessAuditOptions options;
    options.max_examples = 100000;
    options.only = {material(m)};
    const ChessAudit r = audit(*shim, ours, options);
    for (const std::string& problem : p.problems) {
        const bool seen = std::any_of(r.examples.begin(), r.examples.end(), [&](const auto& e) {
            return e.problem == problem && same_slot(m, e.position, p.position);
        });
        EXPECT_TRUE(seen) << "no " << problem << " reported there; the first example: "
                          << (r.examples.empty() ? "none" : describe(r.examples.front()));
    }
    EXPECT_TRUE(r.total.wrong());
}

// Syzygy's KQvK and KQRvK files (with KRvK, which KQRvK's captures lead to) copied to a scratch
// directory and opened.
std::shared_ptr<ChessTableSource> syzygy_kq(const fs::path& syzygy) {
    const fs::path dir =
        copy_of(syzygy, "sz-shim",
                {"KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz", "KQRvK.rtbw", "KQRvK.rtbz"});
    auto library = SyzygyTables::open(dir);
    EXPECT_TRUE(library) << library.error();
    if (!library) return nullptr;
    return *library;
}

// KQvK's DTZ file stores White to move (Black's positions are the other side), every DTZ exact.
bool long_odd_win(const Dtz& d) { return d.wdl == Wdl5::Win && d.dtz >= 9 && d.dtz % 2 == 1; }

TEST(FastChessAudit, EachChangedSyzygyAnswerIsReportedAtItsPosition) {
    RETROCHECK_THIRDPARTY_OR_SKIP(syzygy, "chess/syzygy");
    const auto library = syzygy_kq(syzygy);
    ASSERT_TRUE(library);
    const Position win = dtz_positions("KQvK", Color::White, long_odd_win).front();
    const auto long_loss = [](const Dtz& d) { return d.wdl == Wdl5::Loss && d.dtz <= -8; };
    const Position lost = dtz_positions("KQvK", Color::Black, long_loss).front();
    using W = Wdl5;
    for (const Planted& p :
         {Planted{
              "a win answered as a draw", win, {W::Draw}, {"disagreement", "draw-no-losing-child"}},
          Planted{
              "a win answered as a loss", win, {W::Loss}, {"disagreement", "loss-children-win"}},
          Planted{"a win answered as cursed", win, {W::CursedWin}, {"disagreement"}},
          Planted{"a loss answered as blessed", lost, {W::BlessedLoss}, {"disagreement"}},
          Planted{"a stored DTZ one ply long", win, {std::nullopt, 1}, {"dtz"}},
          Planted{"a stored odd DTZ one ply short", win, {std::nullopt, -1}, {"dtz"}}})
        expect_planted_found(library, p, dtz_tables("KQvK"), "KQvK");
}

// DTZ answers shifted by one ply at chosen positions are found at exactly those positions, each
// with the child that proves ours, and nowhere else.
TEST(FastChessAudit, ShiftedDtzAnswersAreReportedAtExactlyThosePositions) {
    RETROCHECK_THIRDPARTY_OR_SKIP(syzygy, "chess/syzygy");
    const auto library = syzygy_kq(syzygy);
    ASSERT_TRUE(library);
    auto shim = std::make_shared<testing::AlteredSource>(library);
    const auto any_win = [](const Dtz& d) { return d.wdl == Wdl5::Win; };
    const std::vector<Position> chosen = dtz_positions("KQvK", Color::White, any_win, 8, 997);
    for (const Position& p : chosen) shim->alter(p, {std::nullopt, 1});
    ChessAuditOptions options;
    options.max_examples = 100000;
    options.only = {material("KQvK")};
    const ChessAudit r = audit(*shim, dtz_tables("KQvK"), options);
    EXPECT_EQ(r.total.disagreements, chosen.size());
    EXPECT_EQ(r.total.violations, 0u);
    ASSERT_EQ(r.examples.size(), chosen.size());
    for (const ChessAuditExample& e : r.examples) {
        EXPECT_EQ(e.problem, "dtz") << describe(e);
        EXPECT_TRUE(std::any_of(chosen.begin(), chosen.end(), [&](const Position& p) {
            return same_slot("KQvK", e.position, p);
        })) << describe(e);
        EXPECT_TRUE(e.child_move) << "no child proves ours: " << describe(e);
    }
}

// KQRvK's file counts wins in full moves: every even DTZ is stored one ply under ours. One value
// stored exactly there makes a table of both kinds: found at that position.
TEST(FastChessAudit, AnExactValueInAFullMoveTableIsReported) {
    RETROCHECK_THIRDPARTY_OR_SKIP(syzygy, "chess/syzygy");
    const auto library = syzygy_kq(syzygy);
    ASSERT_TRUE(library);
    ChessAuditOptions options;
    options.only = {material("KQRvK")};
    const ChessAudit clean = audit(*library, dtz_tables("KQRvK"), options);
    EXPECT_FALSE(clean.total.wrong());
    EXPECT_GT(clean.total.dtz_rounded, 0u);
    EXPECT_GT(clean.total.dtz_exact, 0u);
    const auto even_win = [](const Dtz& d) {
        return d.wdl == Wdl5::Win && d.dtz >= 6 && d.dtz % 2 == 0;
    };
    const Position even = dtz_positions("KQRvK", Color::White, even_win).front();
    expect_planted_found(
        library, {"an even DTZ stored exactly", even, {std::nullopt, 1}, {"dtz-rounding-mixed"}},
        dtz_tables("KQRvK"), "KQRvK");
}

// The audit through a window on our tables' folder (audit_window.h), a material and those its
// moves lead to at a time, gives the report the whole set in memory gives: rows, counts and the
// same examples in the same order, here with findings planted in two materials whose captures
// lead to other tables; and it never holds the whole set.
TEST(FastChessAudit, ThroughAWindowTheSameReportHoldingLessThanTheSet) {
    RETROCHECK_THIRDPARTY_OR_SKIP(syzygy, "chess/syzygy");
    std::vector<std::string> files;
    for (const char* m : {"KQvK", "KRvK", "KQRvK", "KRRvK"})
        for (const char* ext : {".rtbw", ".rtbz"}) files.push_back(std::string(m) + ext);
    auto library = SyzygyTables::open(copy_of(syzygy, "sz-window", files));
    ASSERT_TRUE(library) << library.error();
    auto shim = std::make_shared<testing::AlteredSource>(*library);
    const auto any_win = [](const Dtz& d) { return d.wdl == Wdl5::Win; };
    for (const Position& p : dtz_positions("KQRvK", Color::White, any_win, 2, 991))
        shim->alter(p, {Wdl5::Draw});
    for (const Position& p : dtz_positions("KRRvK", Color::White, any_win, 2, 997))
        shim->alter(p, {Wdl5::Draw});
    // The two materials audited share KRvK; each has a table of its own.
    DtzTableSet whole;
    for (const char* root : {"KQRvK", "KRRvK"})
        for (const auto& [m, t] : dtz_tables(root).tables())
            if (!whole.find(m)) whole.add(t);
    const fs::path dir = scratch("audit-window");
    std::uint64_t total_bytes = 0;
    for (const auto& [m, t] : whole.tables()) {
        ASSERT_TRUE(store::write_table(*t, store::dtz_table_path(dir, m)).ok());
        total_bytes += t->values.size() * sizeof(t->values[0]);
    }
    ChessAuditOptions options;
    options.max_examples = 50;
    options.only = {material("KQRvK"), material("KRRvK")};
    const ChessAudit expected = audit(*shim, whole, options);
    ASSERT_GT(expected.total.disagreements, 3u);
    auto opened = store::TableWindow<ChessDtzGame>::open(dir, 0);
    ASSERT_TRUE(opened) << opened.error();
    store::TableWindow<ChessDtzGame> window = std::move(opened).value();
    const auto streamed = audit(*shim, through_window(window), options);
    ASSERT_TRUE(streamed) << streamed.error();
    ASSERT_EQ(streamed->rows.size(), expected.rows.size());
    for (std::size_t i = 0; i < expected.rows.size(); ++i) {
        EXPECT_EQ(streamed->rows[i].slice, expected.rows[i].slice);
        EXPECT_EQ(streamed->rows[i].side_to_move, expected.rows[i].side_to_move);
        EXPECT_EQ(streamed->rows[i].counts.checked, expected.rows[i].counts.checked);
        EXPECT_EQ(streamed->rows[i].counts.disagreements, expected.rows[i].counts.disagreements);
        EXPECT_EQ(streamed->rows[i].counts.violations, expected.rows[i].counts.violations);
        EXPECT_EQ(streamed->rows[i].counts.dtz_rounded, expected.rows[i].counts.dtz_rounded);
    }
    ASSERT_EQ(streamed->examples.size(), expected.examples.size());
    for (std::size_t i = 0; i < expected.examples.size(); ++i)
        EXPECT_EQ(describe(streamed->examples[i]), describe(expected.examples[i])) << "#" << i;
    EXPECT_GT(window.peak_bytes(), 0u);
    EXPECT_LT(window.peak_bytes(), total_bytes) << "the window held the whole set at once";

    // A file damaged after the window opened is named when its material is reached, and the
    // walk stops there.
    auto reopening = store::TableWindow<ChessDtzGame>::open(dir, 0);
    ASSERT_TRUE(reopening) << reopening.error();
    store::TableWindow<ChessDtzGame> reopened = std::move(reopening).value();
    const fs::path kqrvk = store::dtz_table_path(dir, material("KQRvK"));
    fs::resize_file(kqrvk, fs::file_size(kqrvk) / 2);
    const auto damaged = audit(*shim, through_window(reopened), options);
    ASSERT_FALSE(damaged);
    EXPECT_NE(damaged.error().find("KQRvK"), std::string::npos) << damaged.error();
}

TEST(FastChessAudit, EachChangedGaviotaAnswerIsReportedAtItsPosition) {
    RETROCHECK_THIRDPARTY_OR_SKIP(gaviota, "chess/gaviota");
    const fs::path dir = copy_of(gaviota, "gtb-shim", {"kqk.gtb.cp4"});
    auto library = GaviotaTables::open(dir);
    ASSERT_TRUE(library) << library.error();
    const auto long_win = [](const Outcome& o) { return o.is_win() && o.plies() >= 9; };
    const auto loss = [](const Outcome& o) { return o.is_loss() && o.plies() >= 8; };
    const Position win = kqk_position(Color::White, long_win);
    const Position lost = kqk_position(Color::Black, loss);
    for (const Planted& p :
         {Planted{
              "a DTM two plies long", win, {std::nullopt, 0, 2}, {"disagreement", "win-shortest"}},
          Planted{"a DTM two plies short",
                  win,
                  {std::nullopt, 0, -2},
                  {"disagreement", "win-shortest"}},
          Planted{"a loss's DTM two plies long",
                  lost,
                  {std::nullopt, 0, 2},
                  {"disagreement", "loss-longest"}},
          Planted{"a win answered as a draw",
                  win,
                  {Wdl5::Draw},
                  {"disagreement", "draw-no-losing-child"}}})
        expect_planted_found(*library, p, kqk(), "KQvK");
}

// The en passant positions that real probers got wrong, against our value of the same position.
TEST(ChessAudits, EnPassantCasesThatBrokeProbers) {
    RETROCHECK_THIRDPARTY_OR_SKIP(syzygy, "chess/syzygy");
    RETROCHECK_THIRDPARTY_OR_SKIP(gaviota, "chess/gaviota");
    const Position ep = fen("8/8/7k/8/1pP5/7K/8/8 b - c3 0 1");
    ASSERT_TRUE(ep.en_passant());
    const auto value = ours().probe(ep);
    ASSERT_TRUE(value);
    {
        auto s = SyzygyTables::open(syzygy);
        ASSERT_TRUE(s) << s.error();
        const ChessProbe p = (*s)->probe(ep);
        ASSERT_TRUE(p.ok()) << p.error;
        EXPECT_EQ(wld_of(p.wdl), value->wld());
        // Five pieces: beyond these files, so Missing and no value.
        const ChessProbe five = (*s)->probe(fen("3K4/8/3k4/8/4p3/4B3/5P2/8 w - -"));
        EXPECT_EQ(five.status, ChessProbeStatus::Missing);
    }
    auto g = GaviotaTables::open(gaviota);
    ASSERT_TRUE(g) << g.error();
    const ChessProbe p = (*g)->probe(ep);
    ASSERT_TRUE(p.ok()) << p.error;
    EXPECT_EQ(p.outcome(), *value);
}

void expect_clean(const ChessAudit& r, std::uint64_t checked, std::uint64_t en_passant) {
    EXPECT_EQ(r.total.checked, checked);
    EXPECT_EQ(r.total.en_passant, en_passant);
    EXPECT_EQ(r.total.disagreements, 0u);
    EXPECT_EQ(r.total.violations, 0u);
    for (const ChessAuditExample& e : r.examples) ADD_FAILURE() << describe(e);
}

// Every legal position of the five 3-piece materials, KQvKR (the longest Gaviota DTM of four
// pieces) and KPvKP with its 43,786 positions with an en passant right (one a symmetry class,
// both sides to move): 42 s with the tables loaded, beside a 5-piece build. All 35 materials
// are the slow tier's.
TEST(ChessAudits, GaviotaEveryPositionOfSevenMaterials) {
    RETROCHECK_THIRDPARTY_OR_SKIP(dir, "chess/gaviota");
    auto g = GaviotaTables::open(dir);
    ASSERT_TRUE(g) << g.error();
    ChessAuditOptions options;
    for (const char* m : {"KQvK", "KRvK", "KBvK", "KNvK", "KPvK", "KQvKR", "KPvKP"})
        options.only.push_back(material(m));
    expect_clean(audit(**g, ours(), options), 10'314'864, 43'786);
}

// Every legal position of the 35 materials and the 43,786 KPvKP positions with an en passant
// right: 212 s on one core (docs/performance.md).
TEST(ChessAudits, SlowGaviotaEveryPositionOf35Materials) {
    RETROCHECK_THIRDPARTY_OR_SKIP(dir, "chess/gaviota");
    auto g = GaviotaTables::open(dir);
    ASSERT_TRUE(g) << g.error();
    ASSERT_EQ((*g)->materials().size(), 35u);
    expect_clean(audit(**g, ours(), {}), 134'753'663, 43'786);
}

TEST(ChessAudits, DebianGaviota3PieceFiles) {
    if (!fs::exists("/usr/share/gaviotatb/gtb1/kqk.gtb.cp1"))
        GTEST_SKIP() << "Debian's gaviotatb is not installed";
    auto g = GaviotaTables::open("/usr/share/gaviotatb/gtb1");
    ASSERT_TRUE(g) << g.error();
    expect_clean(audit(**g, ours(), {}), 367'868, 0);
}

}  // namespace
}  // namespace retrocheck::tb::chess
