// Chess retrograde moves against forward moves: every parent given is legal and has a quiet move
// to the position, every quiet move is found again backwards, and over whole small materials
// (pawns of both colours, so en passant rights) the two directions give the same pairs.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "engine/chess/attacks.h"
#include "engine/chess/diagram.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/unmove.h"
#include "properties/chess_gen.h"

namespace retrocheck::chess {
namespace {

// The same position but for the clocks (parents carry no history).
bool same_but_clocks(const Position& a, const Position& b) {
    for (Color c : {Color::White, Color::Black})
        if (a.pieces(c) != b.pieces(c)) return false;
    for (int t = 0; t < kPieceTypes; ++t)
        if (a.pieces(piece_type(t)) != b.pieces(piece_type(t))) return false;
    return a.side_to_move() == b.side_to_move() && a.castling() == b.castling() &&
           a.en_passant() == b.en_passant();
}

Position with_clocks_reset(const Position& pos) {
    Setup s = pos.setup();
    s.halfmove = 0;
    s.fullmove = 1;
    return Position::from_setup(s);
}

// Neither a capture (en passant included) nor a promotion; castling needs rights no position
// here has.
bool quiet(const Position& pos, Move m) {
    return m.kind() == MoveKind::Normal && !(pos.occupied() & bit(m.to()));
}

std::vector<Position> parents_of(const Position& pos) {
    std::vector<Position> out;
    for_each_parent(pos, [&](const Position& parent) { out.push_back(parent); });
    return out;
}

// A random legal position of the kings and 0 to 4 other pieces, without castling rights (a
// quarter of those with two pieces or more with an en passant right).
rc::Gen<Position> small_position() {
    return rc::gen::map(
        rc::gen::mapcat(gen::uniform(0, 5), [](int n) { return gen::position_with(n); }),
        without_castling);
}

// small_position(), or half the time a position one random quiet move after it: then one of
// its parents is known, and it often has an en passant right.
rc::Gen<Position> small_position_or_child() {
    return rc::gen::exec([] {
        const Position pos = *small_position();
        MoveList quiet_moves;
        for (Move m : legal_moves(pos))
            if (quiet(pos, m)) quiet_moves.push(m);
        if (quiet_moves.empty() || *gen::uniform(0, 2) == 0) return pos;
        const int i = *gen::uniform(0, static_cast<int>(quiet_moves.size()));
        return pos.after(quiet_moves[static_cast<std::size_t>(i)]);
    });
}

void classify_parents(const Position& pos, const std::vector<Position>& parents) {
    classify(pos);
    RC_CLASSIFY(pos.en_passant().has_value(), "en passant right");
    RC_CLASSIFY(parents.empty(), "no parent");
    RC_CLASSIFY(std::any_of(parents.begin(), parents.end(),
                            [](const Position& p) { return p.en_passant().has_value(); }),
                "a parent with an en passant right");
}

// Soundness: a parent is legal, has the other side to move, no castling right, clocks 0 and 1,
// and a legal quiet move to pos; none comes twice.
void check_parents(const Position& pos, const std::vector<Position>& parents) {
    for (std::size_t i = 0; i < parents.size(); ++i) {
        const Position& parent = parents[i];
        const auto where = [&] {
            return "the parent\n" + describe(parent) + "of\n" + describe(pos);
        };
        if (const auto why = parent.problem()) RC_FAIL(where() + "is no legal position: " + *why);
        if (parent.side_to_move() == pos.side_to_move() || parent.castling() != 0 ||
            parent.halfmove_clock() != 0 || parent.fullmove_number() != 1)
            RC_FAIL(where() + "has the wrong side to move, castling rights or clocks");
        const MoveList moves = legal_moves(parent);
        const bool reaches = std::any_of(moves.begin(), moves.end(), [&](Move m) {
            return quiet(parent, m) && same_but_clocks(parent.after(m), pos);
        });
        if (!reaches) RC_FAIL(where() + "has no legal quiet move to it");
        for (std::size_t j = 0; j < i; ++j)
            if (parents[j] == parent) RC_FAIL(where() + "comes twice");
    }
}

// Completeness: every legal quiet move of pos (clocks reset) is found again from its child.
void check_moves_found(const Position& pos) {
    for (Move m : legal_moves(pos)) {
        if (!quiet(pos, m)) continue;
        const Position child = pos.after(m);
        int found = 0;
        for_each_parent(child, [&](const Position& parent) { found += parent == pos; });
        if (found != 1)
            RC_FAIL(format_uci(m) + " from\n" + describe(pos) + "is found " +
                    std::to_string(found) + " times among the parents of\n" + describe(child));
    }
}

RC_GTEST_PROP(ChessUnmove, EveryParentIsLegalWithAQuietMoveHere, ()) {
    const Position pos = *small_position_or_child();
    const std::vector<Position> parents = parents_of(pos);
    classify_parents(pos, parents);
    check_parents(pos, parents);
}

RC_GTEST_PROP(ChessUnmove, EveryQuietMoveIsFoundBackwards, ()) {
    const Position pos = with_clocks_reset(*small_position());
    classify(pos);
    check_moves_found(pos);
}

// Both directions on crowded boards (playouts from the perft suite): pins, discovered and
// double checks, blocked pawns.
RC_GTEST_PROP(ChessUnmove, PlayoutsAgreeBothWays, ()) {
    const Position pos = with_clocks_reset(without_castling(*gen::playout()));
    const std::vector<Position> parents = parents_of(pos);
    classify_parents(pos, parents);
    check_parents(pos, parents);
    check_moves_found(pos);
}

// --- Whole materials -------------------------------------------------------------------------

// Where each piece other than the kings may stand: a set of legal positions closed under quiet
// moves both ways when the pawns are kept to their files (a quiet move never changes a pawn's
// file).
struct Extra {
    Piece piece;
    Bitboard squares;
};

// A position as a number, the clocks aside: the pieces in square order, 10 bits each (square,
// colour, type), then the side to move and the en passant square. Exact for up to 5 pieces.
std::uint64_t key(const Position& pos) {
    std::uint64_t k = 0;
    for (Bitboard b = pos.occupied(); b;) {
        const Square s = pop_lowest(b);
        const Piece p = *pos.piece_on(s);
        k = k << 10 | static_cast<std::uint64_t>(index_of(s) << 4 | index_of(p.color) << 3 |
                                                 index_of(p.type));
    }
    k = k << 1 | static_cast<std::uint64_t>(index_of(pos.side_to_move()));
    const auto ep = pos.en_passant();
    return k << 7 | static_cast<std::uint64_t>(ep ? 64 + index_of(*ep) : 0);
}

// key()'s inverse for positions of n pieces.
Position from_key(std::uint64_t k, int n) {
    Setup s;
    if (k & 64) s.en_passant = square_at(static_cast<int>(k & 63));
    k >>= 7;
    s.side = k & 1 ? Color::Black : Color::White;
    k >>= 1;
    for (int i = 0; i < n; ++i, k >>= 10)
        s.board[(k >> 4) & 63] =
            Piece{k & 8 ? Color::Black : Color::White, piece_type(static_cast<int>(k & 7))};
    return Position::from_setup(s);
}

// Every legal position with the two kings anywhere and the extras on their squares, either
// side to move, without and with each en passant right it can have.
template <typename F>
void for_each_legal(const std::vector<Extra>& extras, F&& f) {
    Setup s;
    const auto try_side = [&](Color side) {
        s.side = side;
        s.en_passant.reset();
        const Position pos = Position::from_setup(s);
        if (!pos.is_ok()) return;
        f(pos);
        // The opponent's pawn has gone two squares to `rank`, skipping the square behind it.
        const int rank = side == Color::White ? 4 : 3, behind = side == Color::White ? 5 : 2;
        for (int file = 0; file < 8; ++file) {
            if (s.board[slot(make_square(file, rank))] != Piece{~side, PieceType::Pawn}) continue;
            s.en_passant = make_square(file, behind);
            const Position with = Position::from_setup(s);
            if (with.en_passant() && with.is_ok()) f(with);
        }
        s.en_passant.reset();
    };
    const auto place = [&](auto&& self, std::size_t i, Bitboard taken) -> void {
        if (i == extras.size()) {
            try_side(Color::White);
            try_side(Color::Black);
            return;
        }
        for (Bitboard b = extras[i].squares & ~taken; b;) {
            const Square sq = pop_lowest(b);
            s.board[slot(sq)] = extras[i].piece;
            self(self, i + 1, taken | bit(sq));
            s.board[slot(sq)].reset();
        }
    };
    for (int w = 0; w < kSquares; ++w) {
        s.board[static_cast<std::size_t>(w)] = Piece{Color::White, PieceType::King};
        for (int b = 0; b < kSquares; ++b) {
            if (b == w || (king_attacks(square_at(w)) & bit(square_at(b)))) continue;
            s.board[static_cast<std::size_t>(b)] = Piece{Color::Black, PieceType::King};
            place(place, 0, bit(square_at(w)) | bit(square_at(b)));
            s.board[static_cast<std::size_t>(b)].reset();
        }
        s.board[static_cast<std::size_t>(w)].reset();
    }
}

using Pair = std::pair<std::uint64_t, std::uint64_t>;  // (parent, child) keys

std::string shown(const std::vector<Pair>& pairs, int n) {
    std::string out;
    for (std::size_t i = 0; i < pairs.size() && i < 3; ++i)
        out += "parent\n" + describe(from_key(pairs[i].first, n)) + "child\n" +
               describe(from_key(pairs[i].second, n));
    if (pairs.size() > 3) out += "... " + std::to_string(pairs.size() - 3) + " more\n";
    return out;
}

// The (parent, child) pairs of quiet moves, forwards from every legal position and backwards
// from every legal position, are the same set. Returns the number of pairs.
std::size_t expect_same_pairs(const std::vector<Extra>& extras) {
    const int n = 2 + static_cast<int>(extras.size());
    std::vector<Pair> forward, backward;
    for_each_legal(extras, [&](const Position& pos) {
        const std::uint64_t k = key(pos);
        for (Move m : legal_moves(pos))
            if (quiet(pos, m)) forward.emplace_back(k, key(pos.after(m)));
        for_each_parent(pos,
                        [&](const Position& parent) { backward.emplace_back(key(parent), k); });
    });
    std::sort(forward.begin(), forward.end());
    std::sort(backward.begin(), backward.end());
    if (const auto twice = std::adjacent_find(backward.begin(), backward.end());
        twice != backward.end())
        ADD_FAILURE() << "the parent\n"
                      << describe(from_key(twice->first, n)) << "comes twice for\n"
                      << describe(from_key(twice->second, n));
    if (forward != backward) {
        std::vector<Pair> only_forward, only_backward;
        std::set_difference(forward.begin(), forward.end(), backward.begin(), backward.end(),
                            std::back_inserter(only_forward));
        std::set_difference(backward.begin(), backward.end(), forward.begin(), forward.end(),
                            std::back_inserter(only_backward));
        ADD_FAILURE() << forward.size() << " pairs forwards, " << backward.size()
                      << " backwards\nquiet moves not found backwards:\n"
                      << shown(only_forward, n) << "parents given with no such move:\n"
                      << shown(only_backward, n);
    }
    return forward.size();
}

Bitboard pawn_file(int file) { return file_bb(file) & ~(kRank1 | kRank8); }

constexpr Piece kWhitePawn{Color::White, PieceType::Pawn};
constexpr Piece kBlackPawn{Color::Black, PieceType::Pawn};

TEST(ChessUnmoveExhaustive, KPvKAndKvKPForwardsAndBackwardsAgree) {
    constexpr Bitboard kPawnSquares = ~(kRank1 | kRank8);
    for (const Piece pawn : {kWhitePawn, kBlackPawn}) {
        const std::size_t pairs = expect_same_pairs({{pawn, kPawnSquares}});
        EXPECT_GT(pairs, 0u);
        std::cout << (pawn == kWhitePawn ? "KPvK: " : "KvKP: ") << pairs << " quiet moves\n";
    }
}

// KPvKP with the pawns on given files: adjacent files for en passant rights, the same file for
// pawns that block each other.
TEST(ChessUnmoveExhaustive, KPvKPOnSomeFilesForwardsAndBackwardsAgree) {
    for (const auto& [white, black] : {std::pair{3, 4}, {0, 1}, {4, 4}}) {
        SCOPED_TRACE("white pawn on file " + std::to_string(white) + ", black on " +
                     std::to_string(black));
        const std::size_t pairs =
            expect_same_pairs({{kWhitePawn, pawn_file(white)}, {kBlackPawn, pawn_file(black)}});
        EXPECT_GT(pairs, 0u);
        std::cout << "KPvKP, pawns on files " << white << " and " << black << ": " << pairs
                  << " quiet moves\n";
    }
}

// The whole of KPvKP, one pair of pawn files at a time (about a minute).
TEST(SlowChessUnmoveExhaustive, KPvKPForwardsAndBackwardsAgree) {
    std::size_t pairs = 0;
    for (int white = 0; white < 8; ++white)
        for (int black = 0; black < 8; ++black) {
            SCOPED_TRACE("white pawn on file " + std::to_string(white) + ", black on " +
                         std::to_string(black));
            pairs +=
                expect_same_pairs({{kWhitePawn, pawn_file(white)}, {kBlackPawn, pawn_file(black)}});
        }
    std::cout << "KPvKP: " << pairs << " quiet moves\n";
}

}  // namespace
}  // namespace retrocheck::chess
