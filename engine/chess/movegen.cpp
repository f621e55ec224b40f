#include "engine/chess/movegen.h"

#include "engine/chess/attacks.h"
#include "engine/chess/castling.h"

namespace retrocheck::chess {

namespace {

constexpr PieceType kPromotions[4] = {PieceType::Queen, PieceType::Rook, PieceType::Bishop,
                                      PieceType::Knight};

// Where the generator puts its moves: a list, or just a count (perft's last ply).
struct ListSink {
    MoveList& list;
    void one(Move m) { list.push(m); }
    void targets(Square from, Bitboard to) {
        while (to) list.push(Move::make(from, pop_lowest(to)));
    }
    void promotions(Square from, Square to) {
        for (PieceType t : kPromotions) list.push(Move::make(from, to, MoveKind::Promotion, t));
    }
    // Pawn moves given set-wise by their destinations, each `offset` squares from its origin.
    void shifted(Bitboard to, int offset, bool promotion) {
        while (to) {
            const Square t = pop_lowest(to);
            const Square f = square_at(index_of(t) - offset);
            if (promotion)
                promotions(f, t);
            else
                list.push(Move::make(f, t));
        }
    }
};

struct CountSink {
    int n = 0;
    void one(Move) { ++n; }
    void targets(Square, Bitboard to) { n += popcount(to); }
    void promotions(Square, Square) { n += 4; }
    void shifted(Bitboard to, int, bool promotion) { n += popcount(to) * (promotion ? 4 : 1); }
};

// Captures and promotions into a list, the other moves only counted.
struct CaptureSink {
    MoveList& list;
    Bitboard enemy;
    int rest = 0;
    void one(Move m) {
        if (m.kind() == MoveKind::EnPassant || (enemy & bit(m.to())))
            list.push(m);
        else
            ++rest;
    }
    void targets(Square from, Bitboard to) {
        rest += popcount(to & ~enemy);
        for (to &= enemy; to;) list.push(Move::make(from, pop_lowest(to)));
    }
    void promotions(Square from, Square to) { ListSink{list}.promotions(from, to); }
    void shifted(Bitboard to, int offset, bool promotion) {
        if (!promotion) rest += popcount(to & ~enemy);
        ListSink{list}.shifted(promotion ? to : to & enemy, offset, promotion);
    }
};

// b moved `offset` squares (positive: toward rank 8).
constexpr Bitboard shift(Bitboard b, int offset) { return offset > 0 ? b << offset : b >> -offset; }

}  // namespace

Bitboard attacked_by(const Position& pos, Color side, Bitboard occ) {
    const Bitboard pawns = pos.pieces(side, PieceType::Pawn);
    const int up = side == Color::White ? 8 : -8;
    Bitboard attacked = shift(pawns & ~kFileA, up - 1) | shift(pawns & ~kFileH, up + 1) |
                        king_attacks(pos.king(side));
    for (Bitboard b = pos.pieces(side, PieceType::Knight); b;)
        attacked |= knight_attacks(pop_lowest(b));
    const Bitboard queens = pos.pieces(side, PieceType::Queen);
    for (Bitboard b = pos.pieces(side, PieceType::Bishop) | queens; b;)
        attacked |= bishop_attacks(pop_lowest(b), occ);
    for (Bitboard b = pos.pieces(side, PieceType::Rook) | queens; b;)
        attacked |= rook_attacks(pop_lowest(b), occ);
    return attacked;
}

namespace {

template <class Sink>
void generate(const Position& pos, Sink& out) {
    const Color us = pos.side_to_move(), them = ~us;
    const Bitboard own = pos.pieces(us), enemy = pos.pieces(them), occ = own | enemy;
    const Square ksq = pos.king(us);

    // The king: its destination must not be attacked once it has left its square. With few
    // pieces against it, everything they attack is found at once (and whether the king stands
    // in check with it: its own square is attacked with or without it); else square by square.
    const Bitboard without_king = occ ^ bit(ksq);
    Bitboard king_to = king_attacks(ksq) & ~own;
    Bitboard checkers = 0;
    if (popcount(enemy) <= popcount(king_to)) {
        const Bitboard attacked = attacked_by(pos, them, without_king);
        if (attacked & bit(ksq)) checkers = pos.attackers_to(ksq, occ) & enemy;
        for (Bitboard to = king_to & ~attacked; to;) out.one(Move::make(ksq, pop_lowest(to)));
    } else {
        checkers = pos.attackers_to(ksq, occ) & enemy;
        while (king_to) {
            const Square t = pop_lowest(king_to);
            if (!(pos.attackers_to(t, without_king) & enemy)) out.one(Move::make(ksq, t));
        }
    }
    if (more_than_one(checkers)) return;  // double check: only the king moves

    // Out of a single check: capture the checker or block between it and the king.
    const Bitboard target = checkers ? between(ksq, lowest_square(checkers)) | checkers : ~own;

    Bitboard pinned = 0;
    const Bitboard diagonal = pos.pieces(PieceType::Bishop) | pos.pieces(PieceType::Queen);
    const Bitboard straight = pos.pieces(PieceType::Rook) | pos.pieces(PieceType::Queen);
    for (Bitboard snipers =
             ((bishop_attacks(ksq, 0) & diagonal) | (rook_attacks(ksq, 0) & straight)) & enemy;
         snipers;) {
        const Bitboard blockers = between(ksq, pop_lowest(snipers)) & occ;
        if (blockers && !more_than_one(blockers) && (blockers & own)) pinned |= blockers;
    }
    // A pinned piece moves only along the line through its king.
    auto along_pin = [&](Square from, Bitboard to) {
        return pinned & bit(from) ? to & line_through(ksq, from) : to;
    };

    for (Bitboard b = pos.pieces(us, PieceType::Knight) & ~pinned; b;) {
        const Square from = pop_lowest(b);
        out.targets(from, knight_attacks(from) & target);
    }
    for (Bitboard b = own & diagonal; b;) {
        const Square from = pop_lowest(b);
        out.targets(from, along_pin(from, bishop_attacks(from, occ) & target));
    }
    for (Bitboard b = own & straight; b;) {
        const Square from = pop_lowest(b);
        out.targets(from, along_pin(from, rook_attacks(from, occ) & target));
    }

    // Pawns: the unpinned ones set-wise, the pinned ones one by one.
    const int up = us == Color::White ? 8 : -8;
    const Bitboard last_rank = us == Color::White ? kRank8 : kRank1;
    const Bitboard third_rank = us == Color::White ? rank_bb(2) : rank_bb(5);
    const Bitboard pawns = pos.pieces(us, PieceType::Pawn);
    const Bitboard free = pawns & ~pinned;
    {
        const Bitboard single = shift(free, up) & ~occ;
        const Bitboard twice = shift(single & third_rank, up) & ~occ & target;
        const Bitboard pushes = single & target;
        out.shifted(pushes & ~last_rank, up, false);
        out.shifted(pushes & last_rank, up, true);
        out.shifted(twice, 2 * up, false);
        const int west = up - 1, east = up + 1;
        const Bitboard to_west = shift(free & ~kFileA, west) & enemy & target;
        const Bitboard to_east = shift(free & ~kFileH, east) & enemy & target;
        out.shifted(to_west & ~last_rank, west, false);
        out.shifted(to_west & last_rank, west, true);
        out.shifted(to_east & ~last_rank, east, false);
        out.shifted(to_east & last_rank, east, true);
    }
    for (Bitboard b = pawns & pinned; b;) {
        const Square from = pop_lowest(b);
        const Bitboard line = line_through(ksq, from);
        Bitboard to = pawn_attacks(us, from) & enemy;
        const Bitboard one = shift(bit(from), up) & ~occ;
        to |= one;
        if (one && relative_rank(us, from) == 1) to |= shift(one, up) & ~occ;
        for (to &= target & line; to;) {
            const Square t = pop_lowest(to);
            if (bit(t) & last_rank)
                out.promotions(from, t);
            else
                out.one(Move::make(from, t));
        }
    }

    // En passant: make it on the occupancy and look for any attack on the king, which covers
    // the pin along the rank (both pawns leave it) and captures that do not answer a check.
    if (const auto ep = pos.en_passant()) {
        const Square captured = square_at(index_of(*ep) - up);
        for (Bitboard b = pawn_attacks(them, *ep) & pawns; b;) {
            const Square from = pop_lowest(b);
            const Bitboard after = (occ ^ bit(from) ^ bit(captured)) | bit(*ep);
            if (!(pos.attackers_to(ksq, after) & enemy & ~bit(captured)))
                out.one(Move::make(from, *ep, MoveKind::EnPassant));
        }
    }

    // Castling: never out of, through or into check; the squares between king and rook empty.
    if (checkers) return;
    for (const Castling& c : kCastlings) {
        if (c.color != us || !(pos.castling() & c.right)) continue;
        if (between(ksq, c.rook_from) & occ) continue;
        bool safe = true;
        for (Bitboard path = between(ksq, c.king_to) | bit(c.king_to); path && safe;)
            safe = !(pos.attackers_to(pop_lowest(path), occ) & enemy);
        if (safe) out.one(Move::make(ksq, c.king_to, MoveKind::Castling));
    }
}

}  // namespace

void generate_moves(const Position& pos, MoveList& out) {
    ListSink sink{out};
    generate(pos, sink);
}

MoveList legal_moves(const Position& pos) {
    MoveList list;
    generate_moves(pos, list);
    return list;
}

int count_moves(const Position& pos) {
    CountSink sink;
    generate(pos, sink);
    return sink.n;
}

int generate_captures_counting_rest(const Position& pos, MoveList& out) {
    CaptureSink sink{out, pos.pieces(~pos.side_to_move())};
    generate(pos, sink);
    return sink.rest;
}

}  // namespace retrocheck::chess
