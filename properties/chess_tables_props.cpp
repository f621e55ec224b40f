// Chess tables against the rules, over random legal positions of 3 and 4 pieces (a quarter of
// those with pawns of both sides carry an en passant right): the values the main job's files
// give obey the WDL and DTM rules one ply deep ("no shorter mate"), and the board symmetries and
// the colour flip give the same value. The tables are the ones `check --game chess` wrote (the
// ctest fixture chess4; RETROCHECK_CHESS4 names the directory). A counterexample prints as FEN
// and diagram, with its value and the child that breaks the rule.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <optional>
#include <string>

#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/core/outcome.h"
#include "properties/chess_gen.h"
#include "properties/chess_main_tables.h"
#include "tablebases/chess/material.h"

namespace retrocheck::chess {
namespace {

std::string text(const Outcome& v) { return v.to_string(); }

// The value one ply deep decides: a win in n has a child lost in n-1 and none lost sooner; a
// loss in n only won children, the longest n-1, and a loss in 0 is a checkmate; a draw no lost
// child and not every child won, and a stalemate is a draw.
void check_rules(const Position& pos, const Outcome& v) {
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) {
        const Outcome want = pos.in_check() ? Outcome::loss(0) : Outcome::draw();
        if (!(v == want))
            RC_FAIL(std::string(pos.in_check() ? "checkmate-is-loss-0" : "stalemate-is-draw") +
                    ": stored " + text(v));
        return;
    }
    std::optional<int> fastest_loss, slowest_win;
    std::string fastest_child, slowest_child;
    bool all_won = true;
    for (const Move m : moves) {
        const Outcome c = table_value(pos.after(m));
        const std::string child = format_san(pos, m) + " (" + text(c) + " for the other side)";
        if (c.is_loss() && (!fastest_loss || c.plies() < *fastest_loss)) {
            fastest_loss = c.plies();
            fastest_child = child;
        }
        if (c.is_win() && (!slowest_win || c.plies() > *slowest_win)) {
            slowest_win = c.plies();
            slowest_child = child;
        }
        if (!c.is_win()) {
            all_won = false;
            slowest_child = child;  // the move that keeps the position from being lost
        }
    }
    if (v.is_win() && fastest_loss != std::optional<int>(v.plies() - 1))
        RC_FAIL("win-has-child-lost-in-n-1 (no shorter mate): stored " + text(v) +
                (fastest_loss ? ", fastest lost child " + fastest_child : ", no lost child"));
    if (v.is_loss() && (!all_won || slowest_win != std::optional<int>(v.plies() - 1)))
        RC_FAIL("loss-has-only-won-children-longest-n-1: stored " + text(v) + ", child " +
                slowest_child);
    if (v.is_draw() && fastest_loss)
        RC_FAIL("draw-has-no-lost-child: stored draw, child " + fastest_child);
    if (v.is_draw() && all_won)
        RC_FAIL("draw-has-a-child-not-won: stored draw, every child won, e.g. " + slowest_child);
}

RC_GTEST_PROP(ChessTablesProps, ValuesObeyTheRulesOnePlyDeep, ()) {
    const Position pos = *table_position();
    const Outcome v = table_value(pos);
    classify_value(pos, v);
    RC_LOG() << "table value " << text(v) << "\n";
    check_rules(pos, v);
}

RC_GTEST_PROP(ChessTablesProps, SymmetriesAndColourFlipKeepTheValue, ()) {
    const Position pos = *table_position();
    const Outcome v = table_value(pos);
    classify_value(pos, v);
    RC_LOG() << "table value " << text(v) << "\n";
    if (!(table_value(pos.flipped()) == v))
        RC_FAIL("flip-symmetry: stored " + text(v) + ", colours flipped " +
                text(table_value(pos.flipped())));
    // With pawns only the file mirror keeps a position's value; it keeps the en passant right.
    const bool pawns = pos.pieces(PieceType::Pawn) != 0;
    for (int k = 1; k < (pawns ? 2 : 8); ++k) {
        const Outcome image = table_value(pos.transformed(k));
        if (!(image == v))
            RC_FAIL("board-symmetry " + std::to_string(k) + ": stored " + text(v) + ", image " +
                    text(image));
    }
}

}  // namespace
}  // namespace retrocheck::chess
