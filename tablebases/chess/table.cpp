#include "tablebases/chess/table.h"

#include "engine/chess/attacks.h"
#include "engine/chess/movegen.h"

namespace retrocheck::tb::chess {

using retrocheck::chess::Move;
using retrocheck::chess::MoveKind;
using retrocheck::chess::Position;

namespace {

using retrocheck::chess::Bitboard;
using retrocheck::chess::PieceType;
using retrocheck::chess::Square;

// The side to move's pieces by how they would reach the waiting king: the knights, pawns and
// king that attack it, and every bishop, rook and queen, which do when their line is open.
struct WaitingKing {
    Square king;
    Bitboard leapers;   // attacking it
    Bitboard diagonal;  // bishops and queens
    Bitboard straight;  // rooks and queens
};

WaitingKing waiting_king(const Position& pos) {
    using namespace retrocheck::chess;
    const Color us = pos.side_to_move();
    const Square king = pos.king(~us);
    const Bitboard ours = pos.pieces(us), queens = pos.pieces(PieceType::Queen);
    return {king,
            (knight_attacks(king) & pos.pieces(us, PieceType::Knight)) |
                (pawn_attacks(~us, king) & pos.pieces(us, PieceType::Pawn)) |
                (king_attacks(king) & pos.pieces(us, PieceType::King)),
            (pos.pieces(PieceType::Bishop) | queens) & ours,
            (pos.pieces(PieceType::Rook) | queens) & ours};
}

}  // namespace

bool legal_slot(const Position& pos) {
    // No line looked up for pieces the side to move lacks: a builder's walk asks this of every
    // slot where LegalSlots does not apply.
    const WaitingKing w = waiting_king(pos);
    return !w.leapers &&
           !(w.diagonal &&
             (retrocheck::chess::bishop_attacks(w.king, pos.occupied()) & w.diagonal)) &&
           !(w.straight && (retrocheck::chess::rook_attacks(w.king, pos.occupied()) & w.straight));
}

void LegalSlots::prefix(const Position& pos, retrocheck::chess::Piece last) {
    using namespace retrocheck::chess;
    const WaitingKing w = waiting_king(pos);
    const Square king = w.king;
    const Bitboard diagonal_view = bishop_attacks(king, pos.occupied()),
                   straight_view = rook_attacks(king, pos.occupied());
    // A piece blocks only a check along a line, and one piece only one such check.
    const Bitboard sliders = (diagonal_view & w.diagonal) | (straight_view & w.straight);
    if (w.leapers || more_than_one(sliders))
        blocks_ = 0;
    else
        blocks_ = sliders ? between(king, lowest_square(sliders)) : ~Bitboard{0};
    const Color us = pos.side_to_move();
    // The last piece checks from where it sees the king (the others the blockers).
    checks_ = 0;
    if (last.color != us) return;
    switch (last.type) {
        case PieceType::Pawn:
            checks_ = pawn_attacks(~us, king);
            break;
        case PieceType::Knight:
            checks_ = knight_attacks(king);
            break;
        case PieceType::Bishop:
            checks_ = diagonal_view;
            break;
        case PieceType::Rook:
            checks_ = straight_view;
            break;
        case PieceType::Queen:
            checks_ = diagonal_view | straight_view;
            break;
        case PieceType::King:
            checks_ = king_attacks(king);
            break;
    }
}

std::uint64_t material_key(const Material& m) {
    std::uint64_t key = 0;
    for (const auto& side : m.count)
        for (std::uint8_t c : side) key = key << 4 | c;
    return key;
}

Material material_of_key(std::uint64_t key) {
    Material m;
    for (std::size_t i = 10; i-- > 0; key >>= 4)
        m.count[i / 5][i % 5] = static_cast<std::uint8_t>(key & 15);
    return m;
}

std::optional<Outcome> MaterialTableSet::probe_stored(const Position& pos) const {
    if (material_key(pos) == 0) return Outcome::draw();  // KvK
    const auto v = stored_code(pos);
    if (!v || *v == kNoPosition) return std::nullopt;
    return decode(*v);
}

std::optional<Outcome> MaterialTableSet::probe(const Position& pos) const {
    if (!pos.en_passant()) return probe_stored(pos);
    // Its moves: the stored position's, plus the en passant captures.
    std::optional<Outcome> best;
    bool other_moves = false;
    for (const Move m : retrocheck::chess::legal_moves(pos)) {
        if (m.kind() != MoveKind::EnPassant) {
            other_moves = true;
            continue;
        }
        const auto child = probe_stored(pos.after(m));
        if (!child) return std::nullopt;
        if (!best || better(child->parent_view(), *best)) best = child->parent_view();
    }
    if (other_moves) {
        const auto stored = probe_stored(pos);
        if (!stored) return std::nullopt;
        if (!best || better(*stored, *best)) best = stored;
    }
    return best;
}

}  // namespace retrocheck::tb::chess
