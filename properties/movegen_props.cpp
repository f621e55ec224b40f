// Properties of the checkers rules core: the fast generator against the mailbox oracle, and
// the invariants every move and notation must keep.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/rules.h"
#include "oracles/checkers/mailbox.h"
#include "properties/checkers_gen.h"

namespace retrocheck::checkers {
namespace {

std::vector<std::string> sorted_notation(const std::vector<Move>& moves) {
    std::vector<std::string> out;
    for (const Move& m : moves) {
        // The full identity of a move: its path, and the pieces it takes.
        std::string s = format_move(m) + " takes";
        for (Bitboard b = m.captured; b; b &= b - 1)
            s += " " + std::to_string(pdn(lowest_square(b)));
        out.push_back(s);
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<Move> as_vector(const MoveList& list) { return {list.begin(), list.end()}; }

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += "  " + x + "\n";
    return s;
}

RC_GTEST_PROP(CheckersMovegen, AgreesWithTheMailboxOracle, ()) {
    const Position pos = *gen::mixed_position();
    classify(pos);
    const auto fast = sorted_notation(as_vector(legal_moves(pos)));
    const auto slow = sorted_notation(oracle::oracle_moves(pos));
    if (fast != slow)
        RC_FAIL("move generator and oracle disagree on\n" + describe(pos) + "generator:\n" +
                joined(fast) + "oracle:\n" + joined(slow));
    RC_ASSERT(count_moves(pos) == fast.size());
}

RC_GTEST_PROP(CheckersMovegen, ChildrenAreWellFormedAndConservePieces, ()) {
    const Position pos = *gen::mixed_position();
    classify(pos);
    RC_ASSERT(pos.is_ok());
    const Color us = pos.side_to_move();
    for (const Move& m : legal_moves(pos)) {
        const Position child = pos.after(m);
        const Bitboard from = bit(m.from), to = bit(m.to());
        const bool crowned = (pos.kings() & from) || (to & rules::promotion_row(us));
        RC_ASSERT(child.is_ok());
        RC_ASSERT(child.side_to_move() == ~us);
        RC_ASSERT((m.captured & ~pos.pieces(~us)) == 0u);  // only enemy pieces are taken
        RC_ASSERT((m.is_capture() ? popcount(m.captured) == m.n_landings : m.n_landings == 1));
        RC_ASSERT(child.pieces(us) == ((pos.pieces(us) & ~from) | to));
        RC_ASSERT(child.pieces(~us) == (pos.pieces(~us) & ~m.captured));
        RC_ASSERT(child.kings() ==
                  ((pos.kings() & ~(m.captured | from)) | (crowned ? to : Bitboard{0})));
    }
}

RC_GTEST_PROP(CheckersMovegen, FlippedPositionHasTheMirroredMoves, ()) {
    const Position pos = *gen::mixed_position();
    classify(pos);
    const Position mirror = pos.flipped();
    RC_ASSERT(mirror.is_ok());
    RC_ASSERT(mirror.flipped() == pos);
    std::vector<Move> mirrored;
    for (const Move& m : legal_moves(pos)) mirrored.push_back(rotated(m));
    RC_ASSERT(sorted_notation(mirrored) == sorted_notation(as_vector(legal_moves(mirror))));
}

// A FEN for pos written the long way round: lists in random order, squares shuffled, spaces,
// ranges where squares run on, an optional period and tag.
std::string scrambled_fen(const Position& pos) {
    std::vector<std::string> lists;
    for (Color c : {Color::White, Color::Black}) {
        std::vector<std::string> items;
        Bitboard b = pos.pieces(c);
        while (b) {
            const Square s = lowest_square(b);
            const bool king = (pos.kings() & bit(s)) != 0;
            int last = pdn(s);
            // Join a run of squares of the same kind into a range, sometimes.
            while (*rc::gen::arbitrary<bool>() && valid_pdn(last + 1) &&
                   (b & bit(square_from_pdn(last + 1))) &&
                   ((pos.kings() & bit(square_from_pdn(last + 1))) != 0) == king)
                ++last;
            for (int n = pdn(s); n <= last; ++n) b &= ~bit(square_from_pdn(n));
            std::string item = (king ? "K" : "") + std::to_string(pdn(s));
            if (last > pdn(s)) item += "-" + std::to_string(last);
            items.push_back(item);
        }
        std::string list = c == Color::White ? "W" : "B";
        const auto order = *rc::gen::unique<std::vector<std::size_t>>(
            items.size(), rc::gen::inRange<std::size_t>(0, items.size()));
        for (std::size_t i = 0; i < order.size(); ++i)
            list += (i ? (*rc::gen::arbitrary<bool>() ? ", " : ",") : "") + items[order[i]];
        lists.push_back(list);
    }
    if (*rc::gen::arbitrary<bool>()) std::swap(lists[0], lists[1]);
    std::string fen = std::string(pos.side_to_move() == Color::Black ? "B" : "W") + ":" + lists[0] +
                      (*rc::gen::arbitrary<bool>() ? " : " : ":") + lists[1];
    if (*rc::gen::arbitrary<bool>()) fen += ".";
    if (*rc::gen::arbitrary<bool>()) fen = "[FEN \"" + fen + "\"]";
    return fen;
}

RC_GTEST_PROP(CheckersNotation, FenRoundTripsBothWays, ()) {
    const Position pos = *gen::mixed_position();
    classify(pos);
    const std::string canonical = format_fen(pos);
    const auto back = parse_fen(canonical);
    RC_ASSERT(back.ok());
    RC_ASSERT(*back == pos);
    RC_ASSERT(format_fen(*back) == canonical);
    const std::string scrambled = scrambled_fen(pos);
    const auto again = parse_fen(scrambled);
    if (!again.ok()) RC_FAIL("'" + scrambled + "' rejected: " + again.error());
    RC_ASSERT(*again == pos);
}

RC_GTEST_PROP(CheckersNotation, MoveNotationRoundTrips, ()) {
    const Position pos = *gen::mixed_position();
    classify(pos);
    const MoveList moves = legal_moves(pos);
    for (const Move& m : moves) {
        const auto full = parse_move(format_move(m), pos);
        RC_ASSERT(full.ok());
        RC_ASSERT(*full == m);
        if (!m.is_capture()) continue;
        // The short form names m's effect, unless another effect shares its from and to.
        const std::string short_form =
            std::to_string(pdn(m.from)) + "x" + std::to_string(pdn(m.to()));
        const bool ambiguous = std::any_of(moves.begin(), moves.end(), [&](const Move& o) {
            return o.from == m.from && o.to() == m.to() && !same_effect(o, m);
        });
        // A single jump between the two squares is named exactly by the short form.
        const auto single = std::find_if(moves.begin(), moves.end(), [&](const Move& o) {
            return o.from == m.from && o.to() == m.to() && o.n_landings == 1;
        });
        const auto parsed = parse_move(short_form, pos);
        if (single != moves.end()) {
            RC_ASSERT(parsed.ok());
            RC_ASSERT(*parsed == *single);
        } else if (ambiguous) {
            RC_ASSERT(!parsed.ok());
            RC_ASSERT(parsed.error().find("ambiguous") != std::string::npos);
        } else {
            RC_ASSERT(parsed.ok());
            RC_ASSERT(same_effect(*parsed, m));
        }
    }
}

}  // namespace
}  // namespace retrocheck::checkers
