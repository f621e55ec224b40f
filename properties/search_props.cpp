// The search with tables: exact scores are proofs, table values are used as they are, and the
// principal variation is a legal line.
//
// Tables: every slice up to 4 pieces built in memory, and up to 5 pieces read from the directory
// the check_5_pieces test writes (RETROCHECK_TABLES5; built in memory when it is not there).
// The fast-stage test (Fast*, diagram 17) reads only the 4-piece tables.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <array>
#include <iostream>

#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/search/search.h"
#include "engine/checkers/tests/test_positions.h"
#include "properties/checkers_gen.h"
#include "properties/tables5.h"
#include "tablebases/probe/search_probe.h"
#include "tablebases/tests/tables.h"

namespace retrocheck::tb {
namespace {

using checkers::Position;
using checkers::ScoreKind;

using testing::tables_up_to_5;

using checkers::testing::illegal_step;

// Root in the tables: the score is the table value on the distance scale, the kind says table,
// the best move keeps the value, and the principal variation is a legal line.
void check_root_in_tables(const TableSet& tables, int pieces) {
    const Position pos = *checkers::gen::position_with(pieces);
    checkers::classify(pos);
    const MemorySource source(tables);
    SearchProbe probe(source, pieces);
    checkers::Searcher searcher(1, &probe);
    const auto r = searcher.search(pos, {*rc::gen::inRange(1, 5), 0});
    RC_ASSERT(illegal_step(pos, r.pv) == std::nullopt);
    const Outcome value = *tables.probe(pos);
    if (!r.best_move) {
        RC_ASSERT(value == Outcome::loss(0));
        return;
    }
    RC_TAG(to_string(value.wld()));
    RC_ASSERT(r.score == checkers::score_of(value, 0));
    RC_ASSERT(r.kind == (value.is_win()    ? ScoreKind::TableWin
                         : value.is_loss() ? ScoreKind::TableLoss
                                           : ScoreKind::TableDraw));
    RC_ASSERT(tables.probe(pos.after(*r.best_move))->parent_view() == value);
}

RC_GTEST_PROP(SearchWithTables, UsesTheTableValueUpTo4Pieces, ()) {
    check_root_in_tables(testing::built_tables(4), *rc::gen::inRange(2, 5));
}

RC_GTEST_PROP(SearchWithTables, UsesTheTableValueAt5Pieces, ()) {
    check_root_in_tables(tables_up_to_5(), 5);
}

// Beyond the tables it probes (5 pieces, tables up to 4), an exact score is a proof: it never
// says win or loss where the 5-piece table says otherwise (in particular never a table win for
// a table draw), and a distance it gives is never shorter than the table's: a win or loss
// "in n" proves the game ends within n plies, which optimal play can only shorten.
RC_GTEST_PROP(SearchWithTables, ExactScoresBeyondTheTablesAreProofs, ()) {
    const Position pos = *checkers::gen::position_with(5);
    checkers::classify(pos);
    const MemorySource four(testing::built_tables(4));
    SearchProbe probe(four, 4);
    checkers::Searcher searcher(1, &probe);
    const auto r = searcher.search(pos, {*rc::gen::inRange(1, 9), 0});
    RC_ASSERT(illegal_step(pos, r.pv) == std::nullopt);
    const Outcome truth = *tables_up_to_5().probe(pos);
    RC_TAG(checkers::is_decided(r.score) ? "decided" : "heuristic");
    if (checkers::is_exact_win(r.score)) {
        RC_ASSERT(truth.is_win());
        RC_ASSERT(checkers::distance_of(r.score) >= truth.plies());
    }
    if (checkers::is_exact_loss(r.score)) {
        RC_ASSERT(truth.is_loss());
        RC_ASSERT(checkers::distance_of(r.score) >= truth.plies());
    }
    if (truth.is_draw()) RC_ASSERT(!checkers::is_decided(r.score));
}

// What the principal variation proves at its end: no move there is a loss in 0 for the side to
// move; a position the tables hold has its table value; anything else proves nothing. Carried back
// to the root one ply at a time.
std::optional<checkers::Score> proven_by(const Position& root,
                                         const std::vector<checkers::Move>& pv,
                                         const TableSet& tables, int table_pieces) {
    Position end = root;
    for (const auto& m : pv) end = end.after(m);
    std::optional<checkers::Score> s;
    if (checkers::legal_moves(end).empty())
        s = checkers::loss_in(0);
    else if (end.piece_count() <= table_pieces)
        s = checkers::score_of(*tables.probe(end), 0);
    if (!s) return std::nullopt;
    for (std::size_t n = 0; n < pv.size(); ++n) s = checkers::parent_score(*s);
    return s;
}

// Beyond the tables it probes (3-5 pieces, tables up to 2, 3 or 4 pieces below them): every
// iteration's exact score is the value its principal variation proves, distance and all. The
// search goes on past a found end while its PV ends in a table, so ends of game met before the
// horizon come into the PV too; they count the plies to them like one met at the horizon.
RC_GTEST_PROP(FastSearchWithTables, ExactScoresAreWhatThePrincipalVariationProves, ()) {
    const int reach = *rc::gen::inRange(2, 5);
    const Position pos = *checkers::gen::position_with(*rc::gen::inRange(reach + 1, 6));
    checkers::classify(pos);
    RC_TAG("tables up to " + std::to_string(reach));
    const TableSet& tables = testing::built_tables(4);
    // One searcher for every reach (a fresh table per case costs more than the search).
    static const MemorySource four(tables);
    static std::array<SearchProbe, 3> probes{SearchProbe(four, 2), SearchProbe(four, 3),
                                             SearchProbe(four, 4)};
    static std::array<checkers::Searcher, 3> searchers{checkers::Searcher(1, &probes[0]),
                                                       checkers::Searcher(1, &probes[1]),
                                                       checkers::Searcher(1, &probes[2])};
    checkers::Searcher& searcher = searchers[static_cast<std::size_t>(reach - 2)];
    searcher.clear();
    const auto r =
        searcher.search(pos, {*rc::gen::inRange(1, 9), 0}, [&](const checkers::Iteration& it) {
            RC_ASSERT(illegal_step(pos, it.pv) == std::nullopt);
            if (!checkers::is_decided(it.score)) return;
            const auto proven = proven_by(pos, it.pv, tables, reach);
            RC_LOG() << "iteration " << it.depth << ": " << checkers::format_score(it.score)
                     << ", PV " << checkers::format_line(it.pv) << ", the PV proves "
                     << (proven ? checkers::format_score(*proven) : "nothing") << "\n";
            RC_ASSERT(proven == std::optional(it.score));
        });
    RC_TAG(checkers::is_exact_win(r.score)    ? "win"
           : checkers::is_exact_loss(r.score) ? "loss"
                                              : "not decided");
}

// Oldbury, diagram 17 (W:WK17,24:B8,K18): with tables the loss shows at the first iteration
// and the move played is the longest resistance; without them the search needs far more nodes.
TEST(FastSearchWithTables, Diagram17) {
    const Position pos = *checkers::parse_fen("W:WK17,24:B8,K18");
    const TableSet& tables = testing::built_tables(4);
    const MemorySource source(tables);
    SearchProbe probe(source, 4);
    checkers::Searcher with(16, &probe);
    const auto r = with.search(pos, {19, 0});
    ASSERT_FALSE(r.iterations.empty());
    EXPECT_EQ(r.iterations.front().depth, 1);
    EXPECT_EQ(r.iterations.front().kind, ScoreKind::TableLoss);
    EXPECT_EQ(r.score, checkers::score_of(*tables.probe(pos), 0));
    // The longest resistance: no move loses later than the one played.
    ASSERT_TRUE(r.best_move);
    const int played = tables.probe(pos.after(*r.best_move))->plies();
    for (const auto& m : checkers::legal_moves(pos))
        EXPECT_LE(tables.probe(pos.after(m))->plies(), played) << checkers::format_move(m);
    EXPECT_EQ(checkers::format_move(*r.best_move), "24-19");

    checkers::Searcher without(16);
    int first_loss = 0;
    const auto w = without.search(pos, {19, 0}, [&](const checkers::Iteration& it) {
        if (!first_loss && it.kind == ScoreKind::Loss) first_loss = it.depth;
    });
    EXPECT_GT(first_loss, 0);
    EXPECT_LT(r.nodes, w.nodes);
    std::cout << "diagram 17: with tables " << checkers::format_score(r.score) << " at iteration "
              << r.iterations.front().depth << ", " << r.nodes << " nodes; without tables "
              << checkers::format_score(w.score) << " first at iteration " << first_loss << ", "
              << w.nodes << " nodes\n";
}

}  // namespace
}  // namespace retrocheck::tb
