// Syzygy and Gaviota, read through their libraries (Fathom, libgaviotatb), against our chess
// tables over random legal positions of 3 and 4 pieces: Syzygy's WDL and Gaviota's WDL and DTM
// must be ours exactly, with and without en passant rights (positions with a right are also
// compared on the same board without it). Then the en passant positions that broke real
// probers. Our tables are the ones the chess main job wrote (ctest fixture chess4,
// RETROCHECK_CHESS4); the libraries' files come from RETROCHECK_THIRDPARTY (chess/syzygy,
// chess/gaviota: every 3-4 piece material). A counterexample prints as FEN and diagram with
// both values.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/core/outcome.h"
#include "properties/chess_gen.h"
#include "properties/chess_main_tables.h"
#include "tablebases/formats/gaviota.h"
#include "tablebases/formats/syzygy.h"
#include "tablebases/tests/thirdparty.h"

namespace retrocheck::chess {
namespace {

namespace fs = std::filesystem;
using tb::chess::ChessProbe;
using tb::chess::ChessProbeStatus;
using tb::chess::ChessTableSource;
using tb::chess::GaviotaTables;
using tb::chess::Material;
using tb::chess::SyzygyTables;

// Each library holds its tables in globals: one source each for the whole program, opened from
// the directory the first test that needs it found.
const SyzygyTables& syzygy(const fs::path& dir) {
    static const std::shared_ptr<SyzygyTables> source = [&] {
        auto s = SyzygyTables::open(dir);
        if (!s) throw std::runtime_error(s.error());
        return std::move(s).value();
    }();
    return *source;
}

const GaviotaTables& gaviota(const fs::path& dir) {
    static const std::shared_ptr<GaviotaTables> source = [&] {
        auto g = GaviotaTables::open(dir);
        if (!g) throw std::runtime_error(g.error());
        return std::move(g).value();
    }();
    return *source;
}

// A random legal position with an en passant right (KPvKP, a pawn just past one of the mover's).
rc::Gen<Position> en_passant_position() {
    return rc::gen::suchThat(rc::gen::map(gen::position_with(2), without_castling),
                             [](const Position& p) { return p.en_passant().has_value(); });
}

Position without_en_passant(const Position& pos) {
    Setup s = pos.setup();
    s.en_passant.reset();
    return Position::from_setup(s);
}

// FEN and diagram when the position compared is not the one RapidCheck shows.
std::string shown(const Position& pos, const Position& generated) {
    return pos == generated ? format_fen(pos) : "\n" + describe(pos);
}

// The source's value is ours: its WDL (Syzygy's 50-move results read as the results without the
// rule), and its DTM exactly where it stores one (Gaviota).
void check_source(const ChessTableSource& source, const Position& pos, const Position& generated) {
    const Outcome mine = table_value(pos);
    const ChessProbe theirs = source.probe(pos);
    const bool dtm = source.has_dtm();
    if (!theirs.ok() ||
        (dtm ? !(theirs.outcome() == mine) : tb::chess::wld_of(theirs.wdl) != mine.wld()))
        RC_FAIL(source.format() + (dtm ? "-dtm-is-ours on " : "-wdl-is-ours on ") +
                shown(pos, generated) + ": " + source.format() + " " + theirs.to_string() +
                ", ours " + mine.to_string());
}

// The properties run through rc::detail::checkGTest, as RC_GTEST_PROP's do (same seed,
// reproduce string and counterexample output), after the test has found the third-party
// files or skipped.
void check_random_positions(const ChessTableSource& source) {
    rc::detail::checkGTest([&source] {
        const Position pos = *table_position();
        classify_value(pos, table_value(pos));
        check_source(source, pos, pos);
    });
}

TEST(ChessProbeProps, SyzygyWdlIsOurs) {
    RETROCHECK_THIRDPARTY_OR_SKIP(dir, "chess/syzygy");
    check_random_positions(syzygy(dir));
}

TEST(ChessProbeProps, GaviotaWdlAndDtmAreOurs) {
    RETROCHECK_THIRDPARTY_OR_SKIP(dir, "chess/gaviota");
    check_random_positions(gaviota(dir));
}

// With and without the right: both libraries on the position and on its board without it.
TEST(ChessProbeProps, EnPassantRightsAgreeWithAndWithout) {
    RETROCHECK_THIRDPARTY_OR_SKIP(sz, "chess/syzygy");
    RETROCHECK_THIRDPARTY_OR_SKIP(gv, "chess/gaviota");
    const SyzygyTables& s = syzygy(sz);
    const GaviotaTables& g = gaviota(gv);
    rc::detail::checkGTest([&s, &g] {
        const Position pos = *en_passant_position();
        const Position board = without_en_passant(pos);
        const Outcome with = table_value(pos), without = table_value(board);
        classify_value(pos, with);
        RC_CLASSIFY(!(with == without), "the right changes the value");
        RC_CLASSIFY(with.wld() != without.wld(), "the right changes the result");
        for (const Position& p : {pos, board}) {
            check_source(s, p, pos);
            check_source(g, p, pos);
        }
    });
}

Position fen(const std::string& text) {
    auto p = parse_fen(text);
    if (!p) throw std::runtime_error(text + ": " + p.error());
    return *p;
}

// Ours, Syzygy's and Gaviota's value of pos, which must agree; ours.
Outcome agreed(const SyzygyTables& s, const GaviotaTables& g, const Position& pos) {
    const std::optional<Outcome> mine = main_job_tables().probe(pos);
    const ChessProbe sz = s.probe(pos), gv = g.probe(pos);
    EXPECT_TRUE(mine) << describe(pos);
    EXPECT_TRUE(sz.ok()) << describe(pos) << sz.to_string();
    EXPECT_TRUE(gv.ok()) << describe(pos) << gv.to_string();
    if (!mine) return Outcome::draw();
    EXPECT_EQ(tb::chess::wld_of(sz.wdl), mine->wld())
        << describe(pos) << "Syzygy " << sz.to_string() << ", ours " << mine->to_string();
    EXPECT_EQ(gv.outcome(), *mine)
        << describe(pos) << "Gaviota " << gv.to_string() << ", ours " << mine->to_string();
    std::cout << format_fen(pos) << ": ours " << mine->to_string() << ", Syzygy " << sz.to_string()
              << ", Gaviota " << gv.to_string() << "\n";
    return *mine;
}

// Black to move after c2-c4: b4xc3 en passant wins 8 plies faster than the board without the
// right; both libraries must see the right, and the difference.
TEST(ChessProbeCases, EnPassantC3) {
    RETROCHECK_THIRDPARTY_OR_SKIP(sz, "chess/syzygy");
    RETROCHECK_THIRDPARTY_OR_SKIP(gv, "chess/gaviota");
    const Position ep = fen("8/8/7k/8/1pP5/7K/8/8 b - c3 0 1");
    const Position board = fen("8/8/7k/8/1pP5/7K/8/8 b - - 0 1");
    ASSERT_EQ(ep.en_passant(), make_square(2, 2));
    ASSERT_FALSE(board.en_passant());
    const Outcome with = agreed(syzygy(sz), gaviota(gv), ep);
    const Outcome without = agreed(syzygy(sz), gaviota(gv), board);
    EXPECT_EQ(with, Outcome::win(19));
    EXPECT_EQ(without, Outcome::win(27));
}

// Five pieces (after f2-f4, e4xf3 en passant): beyond 3-4 piece files every reader answers
// Missing, a status and no value; where a directory holds KBPvKP the values must agree.
TEST(ChessProbeCases, FivePieceEnPassantCaseIsMissingOrAgrees) {
    RETROCHECK_THIRDPARTY_OR_SKIP(sz, "chess/syzygy");
    RETROCHECK_THIRDPARTY_OR_SKIP(gv, "chess/gaviota");
    const ChessTableSource* sources[] = {&syzygy(sz), &gaviota(gv)};
    for (const char* text :
         {"3K4/8/3k4/8/4p3/4B3/5P2/8 w - - 0 1", "3K4/8/3k4/8/4pP2/4B3/8/8 b - f3 0 1"}) {
        const Position pos = fen(text);
        const Material m = Material::of(pos);
        ASSERT_EQ(m.pieces(), 5);
        std::optional<Wld> seen;
        if (const std::optional<Outcome> mine = main_job_tables().probe(pos)) seen = mine->wld();
        for (const ChessTableSource* source : sources) {
            const ChessProbe p = source->probe(pos);
            if (!tb::chess::covers(source->materials(), m)) {
                EXPECT_EQ(p.status, ChessProbeStatus::Missing) << source->format() << ": " << text;
                EXPECT_FALSE(p.dtm || p.dtz) << source->format() << ": " << text;
                std::cout << text << ": " << source->format() << " " << p.to_string() << "\n";
                continue;
            }
            ASSERT_TRUE(p.ok()) << source->format() << ": " << p.to_string();
            const Wld w = tb::chess::wld_of(p.wdl);
            if (seen) {
                EXPECT_EQ(w, *seen) << source->format() << " on\n" << describe(pos);
            }
            seen = w;
        }
    }
}

}  // namespace
}  // namespace retrocheck::chess
