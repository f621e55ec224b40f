#include "engine/chess/shrink.h"

#include "engine/chess/castling.h"

namespace retrocheck::chess {

namespace {

// The rights whose king and rook still stand on their squares.
std::uint8_t rights_left(const Setup& s) {
    std::uint8_t rights = 0;
    for (const Castling& c : kCastlings) {
        const auto& k = s.board[slot(c.king_from)];
        const auto& r = s.board[slot(c.rook_from)];
        if ((s.castling & c.right) && k && *k == Piece{c.color, PieceType::King} && r &&
            *r == Piece{c.color, PieceType::Rook})
            rights |= c.right;
    }
    return rights;
}

}  // namespace

std::vector<Position> simpler(const Position& pos) {
    std::vector<Position> out;
    const Setup base = pos.setup();
    auto add = [&](Setup s) {
        s.castling = rights_left(s);
        Position p = Position::from_setup(s);
        // The en passant right stands only while its pawn and a capturer do.
        if (s.en_passant && (!p.en_passant() || !p.is_ok())) {
            s.en_passant.reset();
            p = Position::from_setup(s);
        }
        if (p.is_ok()) out.push_back(p);
    };
    for (Bitboard b = pos.occupied() & ~pos.pieces(PieceType::King); b;) {
        Setup s = base;
        s.board[slot(pop_lowest(b))].reset();
        add(s);
    }
    for (const Castling& c : kCastlings)
        if (base.castling & c.right) {
            Setup s = base;
            s.castling &= static_cast<std::uint8_t>(~c.right);
            add(s);
        }
    if (base.en_passant) {
        Setup s = base;
        s.en_passant.reset();
        add(s);
    }
    return out;
}

Position shrink(const Position& pos, const std::function<bool(const Position&)>& failing) {
    Position p = pos;
    for (bool simplified = true; simplified;) {
        simplified = false;
        for (const Position& q : simpler(p))
            if (failing(q)) {
                p = q;
                simplified = true;
                break;
            }
    }
    return p;
}

}  // namespace retrocheck::chess
