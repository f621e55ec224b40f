// Chess tables against the rules, over random legal positions of 3 and 4 pieces (a quarter of
// those with pawns of both sides carry an en passant right): the values the main job's files
// give obey the WDL and DTM rules one ply deep ("no shorter mate"), and the board symmetries and
// the colour flip give the same value. The tables are the ones `check --game chess` wrote (the
// ctest fixture chess4; RETROCHECK_CHESS4 names the directory). A counterexample prints as FEN
// and diagram, with its value and the child that breaks the rule.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>

#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/core/outcome.h"
#include "properties/chess_gen.h"
#include "tablebases/chess/material.h"
#include "tablebases/store/directory.h"

namespace retrocheck::chess {
namespace {

using tb::chess::MaterialTableSet;

const MaterialTableSet& tables() {
    static const MaterialTableSet set = [] {
        const char* dir = std::getenv("RETROCHECK_CHESS4");
        if (!dir) throw std::runtime_error("RETROCHECK_CHESS4 is not set (ctest fixture chess4)");
        auto loaded = tb::store::load_chess_directory(dir, 4);
        if (!loaded) throw std::runtime_error(std::string(dir) + ": " + loaded.error());
        return std::move(*loaded);
    }();
    return set;
}

// A random legal position of the kings and one or two other pieces, no castling rights.
rc::Gen<Position> table_position() {
    return rc::gen::map(
        rc::gen::mapcat(gen::uniform(1, 3), [](int n) { return gen::position_with(n); }),
        without_castling);
}

std::string text(const Outcome& v) { return v.to_string(); }

Outcome value_of(const Position& pos) {
    const std::optional<Outcome> v = tables().probe(pos);
    if (!v) RC_FAIL("no table value for " + pos.material());
    return *v;
}

void classify_value(const Position& pos, const Outcome& v) {
    RC_TAG(pos.material());
    RC_CLASSIFY(v.is_win(), "win");
    RC_CLASSIFY(v.is_draw(), "draw");
    RC_CLASSIFY(v.is_loss(), "loss");
    RC_CLASSIFY(pos.en_passant().has_value(), "en passant right");
}

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
        const Outcome c = value_of(pos.after(m));
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
    const Outcome v = value_of(pos);
    classify_value(pos, v);
    RC_LOG() << "table value " << text(v) << "\n";
    check_rules(pos, v);
}

RC_GTEST_PROP(ChessTablesProps, SymmetriesAndColourFlipKeepTheValue, ()) {
    const Position pos = *table_position();
    const Outcome v = value_of(pos);
    classify_value(pos, v);
    RC_LOG() << "table value " << text(v) << "\n";
    if (!(value_of(pos.flipped()) == v))
        RC_FAIL("flip-symmetry: stored " + text(v) + ", colours flipped " +
                text(value_of(pos.flipped())));
    // With pawns only the file mirror keeps a position's value; it keeps the en passant right.
    const bool pawns = pos.pieces(PieceType::Pawn) != 0;
    for (int k = 1; k < (pawns ? 2 : 8); ++k) {
        const Outcome image = value_of(pos.transformed(k));
        if (!(image == v))
            RC_FAIL("board-symmetry " + std::to_string(k) + ": stored " + text(v) + ", image " +
                    text(image));
    }
}

}  // namespace
}  // namespace retrocheck::chess
