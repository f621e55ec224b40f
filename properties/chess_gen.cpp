// The chess generators of chess_gen.h: random legal positions drawn by rejection from one
// seed, playouts from the perft suite, and the classification of a run.
#include "properties/chess_gen.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <utility>

#include "engine/chess/castling.h"
#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"

namespace retrocheck::chess {

void showValue(const Position& pos, std::ostream& os) { os << "\n" << describe(pos); }

void showValue(const Move& m, std::ostream& os) { os << format_uci(m); }

Position without_castling(const Position& pos) {
    Setup s = pos.setup();
    s.castling = 0;
    return Position::from_setup(s);
}

namespace {

// The home squares of c's king (or its castling rooks), from the castling table.
Bitboard castling_homes(Color c, bool rooks) {
    Bitboard b = 0;
    for (const Castling& k : kCastlings)
        if (k.color == c) b |= bit(rooks ? k.rook_from : k.king_from);
    return b;
}

bool holds(const Setup& s, Square where, Piece p) {
    return s.board[slot(where)] && *s.board[slot(where)] == p;
}

// The castling rights of s whose king and rook still stand at home.
std::uint8_t fitting_castling(const Setup& s) {
    std::uint8_t rights = 0;
    for (const Castling& h : kCastlings)
        if ((s.castling & h.right) && holds(s, h.king_from, {h.color, PieceType::King}) &&
            holds(s, h.rook_from, {h.color, PieceType::Rook}))
            rights |= h.right;
    return rights;
}

// The square of the pawn that has just gone past `ep` (the side to move being `side`).
Square pushed_pawn(Color side, Square ep) {
    return make_square(file_of(ep), side == Color::White ? rank_of(ep) - 1 : rank_of(ep) + 1);
}

// A Setup under construction, drawing from one random engine.
class Builder {
  public:
    explicit Builder(std::mt19937_64& rng) : rng_(rng) {}

    int below(int n) { return static_cast<int>(rng_() % static_cast<std::uint64_t>(n)); }
    bool percent(int p) { return below(100) < p; }
    Color any_color() { return percent(50) ? Color::White : Color::Black; }
    bool free(Bitboard squares) const { return (squares & (taken_ | reserved_)) == 0; }
    void reserve(Bitboard squares) { reserved_ |= squares; }

    void put(Square s, Piece p) {
        setup.board[slot(s)] = p;
        taken_ |= bit(s);
    }
    // Puts p on a random free square among `wanted`, or anywhere allowed if those are all taken.
    void put_somewhere(Bitboard wanted, Bitboard allowed, Piece p) {
        Bitboard choice = wanted & ~(taken_ | reserved_);
        if (!choice) choice = allowed & ~(taken_ | reserved_);
        for (int k = below(popcount(choice)); k > 0; --k) choice &= choice - 1;
        put(lowest_square(choice), p);
    }

    Setup setup;

  private:
    std::mt19937_64& rng_;
    Bitboard taken_ = 0, reserved_ = 0;
};

// A random board of the two kings and n other pieces (n <= 30), not always legal: the caller
// asks problem().
Setup random_setup(std::mt19937_64& rng, int n) {
    constexpr Bitboard kAll = ~Bitboard{0}, kPawnRanks = ~(kRank1 | kRank8);
    Builder b(rng);
    b.setup.side = b.any_color();
    // Castling: a king at home with one or two rooks in their corners, mostly the mover's.
    const bool castler = n >= 1 && b.percent(30);
    const Color who = b.percent(75) ? b.setup.side : ~b.setup.side;
    for (Color c : {Color::White, Color::Black}) {
        const Bitboard home = castling_homes(c, false);
        const bool at_home = (castler && c == who) || b.percent(40);
        b.put_somewhere(at_home ? home : kAll, kAll, {c, PieceType::King});
    }
    int left = n;
    if (castler) {
        const Bitboard corners = castling_homes(who, true);
        for (int rooks = std::min(left, 1 + b.below(2)); rooks > 0; --rooks, --left)
            b.put_somewhere(corners, kAll, {who, PieceType::Rook});
    }
    // En passant: a pawn of the other side has just gone two squares, past a pawn of ours.
    if (left >= 2 && b.percent(25)) {
        const Color us = b.setup.side;
        const int file = b.below(8), dir = us == Color::White ? 1 : -1;
        const int beside = file == 0 ? 1 : file == 7 ? 6 : file + (b.percent(50) ? 1 : -1);
        const int rank = us == Color::White ? 4 : 3;
        const Square pushed = make_square(file, rank), ours = make_square(beside, rank);
        const Square ep = make_square(file, rank + dir), origin = make_square(file, rank + 2 * dir);
        if (b.free(bit(pushed) | bit(ours) | bit(ep) | bit(origin))) {
            b.put(pushed, {~us, PieceType::Pawn});
            b.put(ours, {us, PieceType::Pawn});
            b.reserve(bit(ep) | bit(origin));
            b.setup.en_passant = ep;
            left -= 2;
        }
    }
    for (; left > 0; --left) {
        const Color c = b.any_color();
        const int roll = b.below(100);
        const PieceType t = roll < 35   ? PieceType::Pawn
                            : roll < 50 ? PieceType::Knight
                            : roll < 65 ? PieceType::Bishop
                            : roll < 85 ? PieceType::Rook
                                        : PieceType::Queen;
        Bitboard wanted = kAll;
        if (t == PieceType::Pawn)  // often one step from promotion
            wanted = b.percent(30) ? rank_bb(c == Color::White ? 6 : 1) : kPawnRanks;
        else if (t == PieceType::Rook && b.percent(50))
            wanted = castling_homes(c, true);
        b.put_somewhere(wanted, t == PieceType::Pawn ? kPawnRanks : kAll, {c, t});
    }
    b.setup.castling = kAllCastling;
    const std::uint8_t possible = fitting_castling(b.setup);
    b.setup.castling = 0;
    for (const Castling& h : kCastlings)
        if ((possible & h.right) && b.percent(75)) b.setup.castling |= h.right;
    b.setup.halfmove = b.setup.en_passant ? 0 : b.below(100);
    b.setup.fullmove = 1 + b.below(150);
    return b.setup;
}

// The legal positions one step simpler than pos: a piece other than a king taken off, a
// castling right or the en passant square dropped, the clocks reset.
std::vector<Position> simpler(const Position& pos) {
    const Setup s = pos.setup();
    std::vector<Position> out;
    const auto keep = [&](Setup t) {
        t.castling = fitting_castling(t);
        if (t.en_passant &&
            !holds(t, pushed_pawn(t.side, *t.en_passant), {~t.side, PieceType::Pawn}))
            t.en_passant.reset();
        const Position p = Position::from_setup(t);
        if (p.is_ok()) out.push_back(p);
    };
    for (std::size_t i = 0; i < kSquares; ++i) {
        if (!s.board[i] || s.board[i]->type == PieceType::King) continue;
        Setup t = s;
        t.board[i].reset();
        keep(t);
    }
    for (const Castling& h : kCastlings) {
        if (!(s.castling & h.right)) continue;
        Setup t = s;
        t.castling &= static_cast<std::uint8_t>(~h.right);
        keep(t);
    }
    if (s.en_passant) {
        Setup t = s;
        t.en_passant.reset();
        keep(t);
    }
    if (s.halfmove != 0 || s.fullmove != 1) {
        Setup t = s;
        t.halfmove = 0;
        t.fullmove = 1;
        keep(t);
    }
    return out;
}

// The perft suite of CHESS.md (engine/chess/tests/perft_test.cpp), start position first.
constexpr std::array<const char*, 6> kRootFens = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
};

}  // namespace

namespace gen {

rc::Gen<int> uniform(int min, int max) {
    return rc::gen::resize(100, rc::gen::inRange(min, max));  // 100: the nominal size
}

rc::Gen<std::uint64_t> seed() {
    return rc::Gen<std::uint64_t>([](const rc::Random& random, int) {
        rc::Random r = random;
        return rc::shrinkable::just(r.next());
    });
}

rc::Gen<Position> position_with(int pieces) {
    const int n = std::clamp(pieces, 0, 30);
    return rc::Gen<Position>([n](const rc::Random& random, int) {
        rc::Random r = random;
        std::mt19937_64 rng(r.next());
        constexpr int kMaxTries = 100'000;
        for (int tries = 0; tries < kMaxTries; ++tries) {
            const Position pos = Position::from_setup(random_setup(rng, n));
            if (!pos.is_ok()) continue;
            return rc::shrinkable::shrinkRecur(
                pos, [](const Position& p) { return rc::seq::fromContainer(simpler(p)); });
        }
        throw rc::GenerationFailure("no legal position with " + std::to_string(n) +
                                    " pieces besides the kings in " + std::to_string(kMaxTries) +
                                    " tries");
    });
}

rc::Gen<Position> any_material() {
    return rc::gen::mapcat(uniform(0, 7), [](int n) { return position_with(n); });
}

const std::vector<Position>& playout_roots() {
    static const std::vector<Position> roots = [] {
        std::vector<Position> out;
        for (const char* fen : kRootFens) out.push_back(*parse_fen(fen));
        return out;
    }();
    return roots;
}

rc::Gen<Position> playout(int max_plies) {
    return rc::gen::exec([max_plies] {
        const int root = *uniform(0, static_cast<int>(playout_roots().size()));
        const int plies = *uniform(0, std::max(0, max_plies) + 1);
        // One seed for the whole line, so fewer plies shrink to a prefix of the same line.
        std::mt19937_64 rng(*seed());
        Position pos = playout_roots()[static_cast<std::size_t>(root)];
        for (int i = 0; i < plies; ++i) {
            const MoveList moves = legal_moves(pos);
            if (moves.empty()) break;
            pos = pos.after(moves[static_cast<std::size_t>(rng() % moves.size())]);
        }
        return pos;
    });
}

rc::Gen<Position> mixed_position() { return rc::gen::oneOf(any_material(), playout()); }

}  // namespace gen

void classify(const Position& pos) {
    const int n = popcount(pos.occupied());
    RC_TAG(n < 10    ? "pieces 0" + std::to_string(n)
           : n <= 16 ? std::string("pieces 10-16")
           : n <= 24 ? std::string("pieces 17-24")
                     : std::string("pieces 25-32"));
    const MoveList moves = legal_moves(pos);
    const auto any = [&](MoveKind kind) {
        return std::any_of(moves.begin(), moves.end(), [&](Move m) { return m.kind() == kind; });
    };
    RC_CLASSIFY(pos.in_check() && !moves.empty(), "in check");
    RC_CLASSIFY(pos.in_check() && moves.empty(), "checkmate");
    RC_CLASSIFY(!pos.in_check() && moves.empty(), "stalemate");
    RC_CLASSIFY(any(MoveKind::Castling), "can castle");
    RC_CLASSIFY(any(MoveKind::EnPassant), "can take en passant");
    RC_CLASSIFY(pos.en_passant() && !any(MoveKind::EnPassant),
                "en passant square, capture illegal");
    RC_CLASSIFY(any(MoveKind::Promotion), "can promote");
}

}  // namespace retrocheck::chess
