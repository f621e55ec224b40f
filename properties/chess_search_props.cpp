// The chess search against the main job's 3-4 piece tables (fixture chess4): over random
// positions the tables hold, the search (no tables, endgame knowledge on or off) never claims a
// mate the table refutes (a win or loss in d plies must be the table's result with its DTM at
// most d), its principal variation is legal, and with the tables probed inside it the root's
// score is the table's exact value. A counterexample prints as FEN and diagram with the score.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>

#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/search/search.h"
#include "properties/chess_gen.h"
#include "properties/chess_main_tables.h"

namespace retrocheck::chess {
namespace {

// The main job's tables as the search sees them.
class MainTables final : public EndgameProbe {
  public:
    std::optional<Outcome> probe(const Position& pos) override {
        if (pos.castling()) return std::nullopt;
        return main_job_tables().probe(pos);
    }
    int max_pieces() const override { return 4; }
};

void expect_legal(const Position& root, const std::vector<Move>& pv) {
    Position p = root;
    for (const Move m : pv) {
        if (!legal_moves(p).contains(m))
            RC_FAIL("the principal variation plays " + format_uci(m) + ", illegal in " +
                    format_fen(p));
        p = p.after(m);
    }
}

RC_GTEST_PROP(ChessSearchProps, NoMateScoreTheTableRefutesAndTheLineIsLegal, ()) {
    const Position pos = *table_position();
    const bool knowledge = *rc::gen::arbitrary<bool>();
    const auto registry = endgames::Registry::standard();
    Searcher searcher({1, nullptr, knowledge ? &registry : nullptr});
    search::SearchLimits limits;
    limits.depth = 5;
    const SearchResult r = searcher.search(pos, limits);
    expect_legal(pos, r.pv);
    const Outcome table = table_value(pos);
    RC_TAG(search::to_string(r.kind));
    const int d = search::distance_of(r.score);
    if (d < 0) return;
    const std::string claim = search::format_score(r.score) + " (knowledge " +
                              (knowledge ? "on" : "off") + "), the table " + table.to_string();
    if (search::is_exact_win(r.score) != table.is_win() ||
        search::is_exact_loss(r.score) != table.is_loss())
        RC_FAIL("the search claims " + claim);
    if (table.plies() > d) RC_FAIL("the search claims a mate sooner than the DTM: " + claim);
}

RC_GTEST_PROP(ChessSearchProps, WithTheTablesInsideTheRootScoreIsTheTables, ()) {
    const Position pos = *table_position();
    RC_PRE(!legal_moves(pos).empty());
    // The search keeps the 50-move rule, DTM tables do not: a clock near 100 draws its lines.
    RC_PRE(pos.halfmove_clock() < 90);
    MainTables tables;
    Searcher searcher({1, &tables, nullptr});
    search::SearchLimits limits;
    limits.depth = 2;
    const SearchResult r = searcher.search(pos, limits);
    expect_legal(pos, r.pv);
    const Outcome table = table_value(pos);
    if (r.score != search::score_of(table, 0))
        RC_FAIL("the search scores " + search::format_score(r.score) + ", the table " +
                table.to_string());
}

}  // namespace
}  // namespace retrocheck::chess
