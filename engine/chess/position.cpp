#include "engine/chess/position.h"

#include "engine/chess/symmetry.h"

#include <fmt/format.h>

#include <cassert>

#include "engine/chess/attacks.h"
#include "engine/chess/castling.h"
#include "engine/chess/zobrist.h"

namespace retrocheck::chess {

namespace {

// The castling rights that survive a move touching square s (a king's or a rook's home).
constexpr std::array<std::uint8_t, kSquares> make_castling_masks() {
    std::array<std::uint8_t, kSquares> m{};
    for (auto& x : m) x = kAllCastling;
    for (const Castling& c : kCastlings) {
        m[slot(c.king_from)] &= static_cast<std::uint8_t>(~c.right);
        m[slot(c.rook_from)] &= static_cast<std::uint8_t>(~c.right);
    }
    return m;
}
constexpr auto kCastlingMask = make_castling_masks();

std::uint8_t flipped_castling(std::uint8_t c) {
    return static_cast<std::uint8_t>((c & 3) << 2 | (c >> 2));
}

}  // namespace

Position Position::start() {
    Setup s;
    constexpr PieceType kBack[8] = {PieceType::Rook,   PieceType::Knight, PieceType::Bishop,
                                    PieceType::Queen,  PieceType::King,   PieceType::Bishop,
                                    PieceType::Knight, PieceType::Rook};
    for (int f = 0; f < 8; ++f) {
        s.board[slot(make_square(f, 0))] = Piece{Color::White, kBack[f]};
        s.board[slot(make_square(f, 1))] = Piece{Color::White, PieceType::Pawn};
        s.board[slot(make_square(f, 6))] = Piece{Color::Black, PieceType::Pawn};
        s.board[slot(make_square(f, 7))] = Piece{Color::Black, kBack[f]};
    }
    s.castling = kAllCastling;
    return from_setup(s);
}

Position Position::from_setup(const Setup& setup) {
    Position p;
    for (std::size_t i = 0; i < kSquares; ++i)
        if (setup.board[i]) p.put(square_at(i), *setup.board[i]);
    p.side_ = setup.side;
    p.castling_ = setup.castling;
    p.halfmove_ = static_cast<std::uint16_t>(setup.halfmove);
    p.fullmove_ = static_cast<std::uint16_t>(setup.fullmove);
    if (setup.en_passant && en_passant_capturable(p, p.side_, *setup.en_passant))
        p.ep_ = static_cast<std::uint8_t>(index_of(*setup.en_passant));
    p.hash_ = p.computed_hash();
    return p;
}

Position Position::empty(Color side) {
    Position p;
    p.side_ = side;
    p.hash_ = p.computed_hash();
    return p;
}

Setup Position::setup() const {
    Setup s;
    for (std::size_t i = 0; i < kSquares; ++i) s.board[i] = piece_on(square_at(i));
    s.side = side_;
    s.castling = castling_;
    s.en_passant = en_passant();
    s.halfmove = halfmove_;
    s.fullmove = fullmove_;
    return s;
}

std::optional<Piece> Position::piece_on(Square s) const {
    if (!(occupied() & bit(s))) return std::nullopt;
    return Piece{pieces(Color::White) & bit(s) ? Color::White : Color::Black, type_on(s)};
}

PieceType Position::type_on(Square s) const {
    for (int t = 0; t < kPieceTypes; ++t)
        if (by_type_[static_cast<std::size_t>(t)] & bit(s)) return piece_type(t);
    assert(false && "type_on: empty square");
    return PieceType::Pawn;
}

Bitboard Position::attackers_to(Square s, Bitboard occ) const {
    return (pawn_attacks(Color::Black, s) & pieces(Color::White, PieceType::Pawn)) |
           (pawn_attacks(Color::White, s) & pieces(Color::Black, PieceType::Pawn)) |
           (knight_attacks(s) & pieces(PieceType::Knight)) |
           (king_attacks(s) & pieces(PieceType::King)) |
           (bishop_attacks(s, occ) & (pieces(PieceType::Bishop) | pieces(PieceType::Queen))) |
           (rook_attacks(s, occ) & (pieces(PieceType::Rook) | pieces(PieceType::Queen)));
}

std::optional<std::string> double_push_problem(const Position& pos, Square ep) {
    const Color side = pos.side_to_move();
    const int dir = side == Color::White ? 8 : -8;
    const int e = index_of(ep);
    const bool rank_ok = relative_rank(side, ep) == 5;
    if (rank_ok && !(pos.occupied() & (bit(ep) | bit(square_at(e + dir)))) &&
        (pos.pieces(~side, PieceType::Pawn) & bit(square_at(e - dir))))
        return std::nullopt;
    return fmt::format(
        "en passant square {}: no double push could have produced it ({} to move needs it on "
        "rank {}, empty, with a {} pawn in front of it and the square behind it empty)",
        square_name(ep), title(side), side == Color::White ? 6 : 3, to_string(~side));
}

bool en_passant_capturable(const Position& pos, Color side, Square ep) {
    return (pawn_attacks(~side, ep) & pos.pieces(side, PieceType::Pawn)) != 0;
}

Position Position::after(Move m) const {
    Position p = *this;
    const Color us = side_, them = ~us;
    const Square from = m.from(), to = m.to();
    const PieceType moved = type_on(from);

    p.hash_ ^= zobrist::kKeys.black_to_move ^ zobrist::kKeys.castling[castling_];
    if (ep_ != kNoSquare) p.hash_ ^= zobrist::kKeys.en_passant[static_cast<std::size_t>(ep_ & 7)];
    p.ep_ = kNoSquare;
    p.side_ = them;
    ++p.halfmove_;
    if (us == Color::Black) ++p.fullmove_;

    switch (m.kind()) {
        case MoveKind::Castling: {
            const Castling& c = castling_to(to);
            p.remove(from, {us, PieceType::King});
            p.put(to, {us, PieceType::King});
            p.remove(c.rook_from, {us, PieceType::Rook});
            p.put(c.rook_to, {us, PieceType::Rook});
            break;
        }
        case MoveKind::EnPassant: {
            const Square captured = make_square(file_of(to), rank_of(from));
            p.remove(captured, {them, PieceType::Pawn});
            p.remove(from, {us, PieceType::Pawn});
            p.put(to, {us, PieceType::Pawn});
            p.halfmove_ = 0;
            break;
        }
        case MoveKind::Normal:
        case MoveKind::Promotion: {
            if (pieces(them) & bit(to)) {
                p.remove(to, {them, type_on(to)});
                p.halfmove_ = 0;
            }
            p.remove(from, {us, moved});
            p.put(to, {us, m.is_promotion() ? m.promotion() : moved});
            if (moved == PieceType::Pawn) {
                p.halfmove_ = 0;
                if ((index_of(from) ^ index_of(to)) == 16) {
                    const Square skipped = square_at((index_of(from) + index_of(to)) / 2);
                    if (en_passant_capturable(p, them, skipped)) {
                        p.ep_ = static_cast<std::uint8_t>(index_of(skipped));
                        p.hash_ ^=
                            zobrist::kKeys.en_passant[static_cast<std::size_t>(file_of(skipped))];
                    }
                }
            }
            break;
        }
    }
    p.castling_ = castling_ & kCastlingMask[slot(from)] & kCastlingMask[slot(to)];
    p.hash_ ^= zobrist::kKeys.castling[p.castling_];
    assert(p.hash_ == p.computed_hash());
    assert(p.material_key_ == p.computed_material_key());
    return p;
}

Position Position::passed() const {
    assert(!in_check());
    Position p = *this;
    p.hash_ ^= zobrist::kKeys.black_to_move;
    if (ep_ != kNoSquare) p.hash_ ^= zobrist::kKeys.en_passant[static_cast<std::size_t>(ep_ & 7)];
    p.ep_ = kNoSquare;
    p.side_ = ~side_;
    p.halfmove_ = static_cast<std::uint16_t>(halfmove_ + 1);
    assert(p.hash_ == p.computed_hash());
    return p;
}

Position Position::taken_back(PieceType t, Square to, Square from) const {
    Position p = *this;
    const Color mover = ~side_;
    p.hash_ ^= zobrist::kKeys.black_to_move ^ zobrist::kKeys.castling[castling_];
    if (ep_ != kNoSquare) p.hash_ ^= zobrist::kKeys.en_passant[static_cast<std::size_t>(ep_ & 7)];
    p.remove(to, {mover, t});
    p.put(from, {mover, t});
    p.side_ = mover;
    p.castling_ = 0;
    p.ep_ = kNoSquare;
    p.halfmove_ = 0;
    p.fullmove_ = 1;
    assert(p.hash_ == p.computed_hash());
    assert(p.material_key_ == p.computed_material_key());
    return p;
}

Position Position::with_en_passant(Square ep) const {
    Position p = *this;
    if (ep_ != kNoSquare) p.hash_ ^= zobrist::kKeys.en_passant[static_cast<std::size_t>(ep_ & 7)];
    p.ep_ = static_cast<std::uint8_t>(index_of(ep));
    p.hash_ ^= zobrist::kKeys.en_passant[static_cast<std::size_t>(file_of(ep))];
    return p;
}

Position Position::flipped() const {
    Position p = *this;
    p.by_color_ = {flip_ranks(by_color_[1]), flip_ranks(by_color_[0])};
    for (std::size_t t = 0; t < by_type_.size(); ++t) p.by_type_[t] = flip_ranks(by_type_[t]);
    p.side_ = ~side_;
    p.castling_ = flipped_castling(castling_);
    if (ep_ != kNoSquare) p.ep_ = static_cast<std::uint8_t>(index_of(flip_rank(square_at(ep_))));
    p.hash_ = p.computed_hash();
    p.material_key_ = colours_swapped(material_key_);
    return p;
}

Position Position::transformed(int k) const {
    assert(castling_ == 0 && (k < 2 || ep_ == kNoSquare));
    Position p = *this;
    for (auto& b : p.by_color_) b = transform(b, k);
    for (auto& b : p.by_type_) b = transform(b, k);
    if (ep_ != kNoSquare) p.ep_ = static_cast<std::uint8_t>(index_of(transform(square_at(ep_), k)));
    p.hash_ = p.computed_hash();
    return p;
}

Position Position::mirrored() const { return transformed(1); }

std::string Position::material() const { return material_name(material_key_); }

std::uint64_t Position::computed_hash() const {
    std::uint64_t h = 0;
    for (Bitboard b = occupied(); b;) {
        const Square s = pop_lowest(b);
        h ^= zobrist::piece(*piece_on(s), s);
    }
    if (side_ == Color::Black) h ^= zobrist::kKeys.black_to_move;
    h ^= zobrist::kKeys.castling[castling_];
    if (ep_ != kNoSquare) h ^= zobrist::kKeys.en_passant[static_cast<std::size_t>(ep_ & 7)];
    return h;
}

std::optional<std::string> Position::problem() const {
    if (by_color_[0] & by_color_[1]) return "a square holds pieces of both colours";
    Bitboard types = 0;
    for (Bitboard t : by_type_) {
        if (types & t) return "a square holds two pieces";
        types |= t;
    }
    if (types != occupied()) return "a piece without a colour or a type";
    for (Color c : {Color::White, Color::Black}) {
        const int kings = popcount(pieces(c, PieceType::King));
        if (kings == 0) return fmt::format("no {} king", to_string(c));
        if (kings > 1) return fmt::format("{} {} kings (one a side)", kings, to_string(c));
    }
    if (const Bitboard p = pieces(PieceType::Pawn) & (kRank1 | kRank8))
        return fmt::format("{} pawn on {} (pawns never stand on rank 1 or 8)",
                           to_string(piece_on(lowest_square(p))->color),
                           square_name(lowest_square(p)));
    if (const Bitboard c = attackers_to(king(~side_), occupied()) & pieces(side_))
        return fmt::format("{} is in check (from {}) with {} to move", title(~side_),
                           square_name(lowest_square(c)), title(side_));
    for (const Castling& c : kCastlings) {
        if (!(castling_ & c.right)) continue;
        if (!(pieces(c.color, PieceType::King) & bit(c.king_from)) ||
            !(pieces(c.color, PieceType::Rook) & bit(c.rook_from)))
            return fmt::format("castling right {} needs the {} king on {} and a rook on {}",
                               c.letter, to_string(c.color), square_name(c.king_from),
                               square_name(c.rook_from));
    }
    if (ep_ != kNoSquare) {
        if (auto why = double_push_problem(*this, square_at(ep_))) return why;
        if (!en_passant_capturable(*this, side_, square_at(ep_)))
            return fmt::format("en passant square {} kept though no pawn can capture to it",
                               square_name(square_at(ep_)));
    }
    if (hash_ != computed_hash()) return "the hash does not match the board";
    if (material_key_ != computed_material_key())
        return "the material key does not match the board";
    return std::nullopt;
}

MaterialKey Position::computed_material_key() const {
    MaterialKey k = 0;
    for (const Color c : {Color::White, Color::Black})
        for (int t = 0; t < kPieceTypes; ++t)
            k += material_unit({c, piece_type(t)}) *
                 static_cast<MaterialKey>(popcount(pieces(c, piece_type(t))));
    return k;
}

}  // namespace retrocheck::chess
