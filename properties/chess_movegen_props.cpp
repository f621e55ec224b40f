// Properties of the chess rules core: the fast generator and its children against the mailbox
// oracle, the notations' round trips, the colour and file symmetries, and the incremental hash.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "oracles/chess/mailbox.h"
#include "properties/chess_gen.h"

namespace retrocheck::chess {
namespace {

namespace slow = retrocheck::oracle::chess;

std::vector<std::string> sorted_uci(const std::vector<Move>& moves) {
    std::vector<std::string> out;
    for (Move m : moves) out.push_back(format_uci(m));
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> sorted_uci(const MoveList& moves) {
    return sorted_uci(std::vector<Move>(moves.begin(), moves.end()));
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += " " + x;
    return s.empty() ? " (none)" : s;
}

// Both lists of moves, and the moves only one of them has.
std::string compared(const char* a_name, const std::vector<std::string>& a, const char* b_name,
                     const std::vector<std::string>& b) {
    std::vector<std::string> only_a, only_b;
    std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(only_a));
    std::set_difference(b.begin(), b.end(), a.begin(), a.end(), std::back_inserter(only_b));
    return std::string(a_name) + ":" + joined(a) + "\n" + b_name + ":" + joined(b) + "\nonly the " +
           a_name + ":" + joined(only_a) + "\nonly the " + b_name + ":" + joined(only_b) + "\n";
}

// m with each square moved by `mirror` (flip_rank or flip_file).
Move moved(Move m, Square (*mirror)(Square)) {
    return Move::make(mirror(m.from()), mirror(m.to()), m.kind(), m.promotion());
}

RC_GTEST_PROP(ChessMovegen, AgreesWithTheMailboxOracle, ()) {
    const Position pos = *gen::mixed_position();
    classify(pos);
    const auto oracle = slow::legal_moves_uci(format_fen(pos));
    if (!oracle) RC_FAIL("the oracle rejects the FEN of\n" + describe(pos));
    const auto fast = sorted_uci(legal_moves(pos));
    if (fast != *oracle)
        RC_FAIL("move generator and oracle disagree on\n" + describe(pos) +
                compared("generator", fast, "oracle", *oracle));
    RC_ASSERT(count_moves(pos) == static_cast<int>(fast.size()));
}

// The tablebase seed's generator: the captures and promotions (en passant included) listed,
// exactly the oracle's; the other moves counted, exactly as many as the oracle's.
RC_GTEST_PROP(ChessMovegen, CapturesListedAndTheRestCountedAsTheOracle, ()) {
    const Position pos = *gen::mixed_position();
    classify(pos);
    const auto board = slow::Board::from_fen(format_fen(pos));
    if (!board) RC_FAIL("the oracle rejects the FEN of\n" + describe(pos));
    std::vector<std::string> leaving;
    int rest = 0;
    for (const slow::OracleMove& m : board->moves()) {
        const std::string uci = slow::uci(m);
        const auto child = parse_fen(board->after(m).fen());
        if (!child) RC_FAIL("the oracle's child does not parse: " + child.error());
        if (popcount(child->occupied()) < popcount(pos.occupied()) ||
            uci.size() == 5)  // a piece fewer, or a promotion
            leaving.push_back(uci);
        else
            ++rest;
    }
    std::sort(leaving.begin(), leaving.end());
    MoveList listed;
    const int counted = generate_captures_counting_rest(pos, listed);
    const auto fast = sorted_uci(listed);
    if (fast != leaving || counted != rest)
        RC_FAIL("captures and promotions, or the other moves' number (" + std::to_string(counted) +
                " vs " + std::to_string(rest) + "), disagree with the oracle on\n" + describe(pos) +
                compared("generator", fast, "oracle", leaving));
}

RC_GTEST_PROP(ChessMovegen, ChildrenAreLegalAndMatchTheOracle, ()) {
    const Position pos = *gen::mixed_position();
    classify(pos);
    const auto board = slow::Board::from_fen(format_fen(pos));
    if (!board) RC_FAIL("the oracle rejects the FEN of\n" + describe(pos));
    std::map<std::string, std::string> oracle_children;
    for (const slow::OracleMove& m : board->moves())
        oracle_children[slow::uci(m)] = board->after(m).fen();
    for (Move m : legal_moves(pos)) {
        const Position child = pos.after(m);
        const std::string uci = format_uci(m);
        if (const auto why = child.problem())
            RC_FAIL("after " + uci + " from\n" + describe(pos) + "the child\n" + describe(child) +
                    "is no legal position: " + *why);
        const auto it = oracle_children.find(uci);
        if (it == oracle_children.end())
            RC_FAIL("the oracle has no " + uci + " in\n" + describe(pos));
        // The oracle keeps an en passant square after every double push; the parser drops it
        // where no pawn can capture, as after() does.
        const auto theirs = parse_fen(it->second);
        if (!theirs.ok() || *theirs != child)
            RC_FAIL("after " + uci + " from\n" + describe(pos) + "the engine has\n" +
                    describe(child) + "the oracle " + it->second);
    }
}

RC_GTEST_PROP(ChessNotation, FenAndEpdRoundTrip, ()) {
    const Position pos = *gen::mixed_position();
    classify(pos);
    const std::string fen = format_fen(pos);
    const auto back = parse_fen(fen);
    if (!back.ok()) RC_FAIL("'" + fen + "' rejected: " + back.error());
    RC_ASSERT(*back == pos);
    RC_ASSERT(back->hash() == pos.hash());
    RC_ASSERT(format_fen(*back) == fen);
    // EPD has no clocks: they come back as 0 and 1.
    const std::string epd = format_epd(pos);
    const auto from_epd = parse_fen(epd);
    if (!from_epd.ok()) RC_FAIL("'" + epd + "' rejected: " + from_epd.error());
    Setup reset = pos.setup();
    reset.halfmove = 0;
    reset.fullmove = 1;
    RC_ASSERT(*from_epd == Position::from_setup(reset));
    RC_ASSERT(format_epd(*from_epd) == epd);
}

RC_GTEST_PROP(ChessNotation, UciAndSanRoundTrip, ()) {
    const Position pos = *gen::mixed_position();
    classify(pos);
    for (Move m : legal_moves(pos)) {
        const std::string uci = format_uci(m);
        const auto from_uci = parse_uci(uci, pos);
        if (!from_uci.ok() || *from_uci != m)
            RC_FAIL("UCI " + uci + " does not read back in\n" + describe(pos) +
                    (from_uci.ok() ? "read as " + format_uci(*from_uci) : from_uci.error()));
        const std::string san = format_san(pos, m);
        const auto from_san = parse_san(san, pos);
        if (!from_san.ok() || *from_san != m)
            RC_FAIL("SAN " + san + " (" + uci + ") does not read back in\n" + describe(pos) +
                    (from_san.ok() ? "read as " + format_uci(*from_san) : from_san.error()));
        // The suffix tells check and mate.
        const Position child = pos.after(m);
        const bool check = child.in_check(), mate = check && count_moves(child) == 0;
        const char last = san.back();
        if ((last == '#') != mate || (last == '+') != (check && !mate))
            RC_FAIL("SAN " + san + " (" + uci + ") in\n" + describe(pos) + "leads to\n" +
                    describe(child) +
                    (mate    ? "mate"
                     : check ? "check"
                             : "no check"));
    }
}

// image = symmetry(pos) must be legal, map back to pos, and have pos's moves with every square
// moved by `square_map`.
void expect_symmetric(const Position& pos, const Position& image, const Position& back,
                      Square (*square_map)(Square), const std::string& what) {
    if (const auto why = image.problem())
        RC_FAIL("the " + what + " of\n" + describe(pos) + "is\n" + describe(image) + *why);
    RC_ASSERT(back == pos);
    std::vector<Move> expected;
    for (Move m : legal_moves(pos)) expected.push_back(moved(m, square_map));
    const auto want = sorted_uci(expected), got = sorted_uci(legal_moves(image));
    if (want != got)
        RC_FAIL("the " + what + " of\n" + describe(pos) + "is\n" + describe(image) +
                compared(("moves moved by the " + what).c_str(), want,
                         ("the " + what + "'s moves").c_str(), got));
}

RC_GTEST_PROP(ChessSymmetry, FlippedPositionHasTheFlippedMoves, ()) {
    const Position pos = *gen::mixed_position();
    classify(pos);
    const Position flip = pos.flipped();
    expect_symmetric(pos, flip, flip.flipped(), flip_rank, "colour flip");
}

RC_GTEST_PROP(ChessSymmetry, MirroredPositionHasTheMirroredMoves, ()) {
    const Position pos = *rc::gen::map(gen::mixed_position(), without_castling);
    classify(pos);
    const Position mirror = pos.mirrored();
    expect_symmetric(pos, mirror, mirror.mirrored(), flip_file, "file mirror");
}

RC_GTEST_PROP(ChessHash, ChildrenKeepTheHash, ()) {
    const Position pos = *gen::mixed_position();
    classify(pos);
    RC_ASSERT(pos.hash() == pos.computed_hash());
    for (Move m : legal_moves(pos)) {
        const Position child = pos.after(m);
        if (child.hash() != child.computed_hash())
            RC_FAIL("after " + format_uci(m) + " from\n" + describe(pos) +
                    "the incremental hash differs from the one computed for\n" + describe(child));
    }
}

RC_GTEST_PROP(ChessHash, PlayoutKeepsTheHash, ()) {
    const Position start = *gen::mixed_position();
    classify(start);
    const int plies = *gen::uniform(1, 41);
    std::mt19937_64 rng(*gen::seed());
    Position pos = start;
    std::vector<Move> line;
    for (int i = 0; i < plies; ++i) {
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) break;
        line.push_back(moves[static_cast<std::size_t>(rng() % moves.size())]);
        pos = pos.after(line.back());
        if (pos.hash() != pos.computed_hash() ||
            pos.hash() != Position::from_setup(pos.setup()).hash())
            RC_FAIL("after " + format_san_line(start, line) + " from\n" + describe(start) +
                    "the incremental hash differs from the one computed for\n" + describe(pos));
    }
}

}  // namespace
}  // namespace retrocheck::chess
