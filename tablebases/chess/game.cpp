#include "tablebases/chess/game.h"

#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/chess/notation.h"
#include "engine/chess/symmetry.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <stdexcept>

namespace retrocheck::tb::chess {

using retrocheck::chess::Bitboard;
using retrocheck::chess::Move;
using retrocheck::chess::MoveList;
using retrocheck::chess::PieceType;
using retrocheck::chess::Position;

namespace {

bool same_board(const Position& a, const Position& b) {
    if (a.side_to_move() != b.side_to_move() || a.en_passant() != b.en_passant()) return false;
    for (Color c : {Color::White, Color::Black})
        for (PieceType t : {PieceType::King, PieceType::Queen, PieceType::Rook, PieceType::Bishop,
                            PieceType::Knight, PieceType::Pawn})
            if (a.pieces(c, t) != b.pieces(c, t)) return false;
    return true;
}

std::uint64_t mirror_key(const Position& pos) {
    return std::min(pos.hash(), pos.mirrored().hash());
}

using retrocheck::chess::rank_bb;

// Whether a double push of the side to move could pass a pawn of the other side: a pawn of its
// own on its second rank and one of the other's on its fourth.
bool may_double_push_past(const Position& pos) {
    const Color us = pos.side_to_move();
    const Bitboard home = rank_bb(us == Color::White ? 1 : 6);
    const Bitboard fourth = rank_bb(us == Color::White ? 3 : 4);
    return (pos.pieces(us, PieceType::Pawn) & home) && (pos.pieces(~us, PieceType::Pawn) & fourth);
}

}  // namespace

ChessSlots::ChessSlots(Material m) : index_(m), key_(material_key(m)) {
    for (const auto& side : m.count)
        for (const int n : side) twins_ = twins_ || n > 1;
    pawns_ = m.pawns() > 0;
    const std::uint64_t slots = 2 * index_.size();
    if (m.count[0][4] && m.count[1][4]) {
        // Every position with an en passant right that a double push from a legal slot reaches.
        tbb::enumerable_thread_specific<std::vector<EnPassant>> found;
        tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, slots, 4096), [&](const auto& r) {
            auto& out = found.local();
            // The material's own slots (no en passant slot yet): legal positions or nullptr.
            for_each_position(r.begin(), r.end(), [&](std::uint64_t, const Position* pos) {
                if (!pos || !may_double_push_past(*pos)) return;
                MoveList moves;
                retrocheck::chess::generate_moves(*pos, moves);
                for (const Move mv : moves) {
                    if (!(pos->pieces(PieceType::Pawn) & retrocheck::chess::bit(mv.from())))
                        continue;
                    const Position child = pos->after(mv);
                    if (child.en_passant()) out.push_back({mirror_key(child), child});
                }
            });
        });
        for (auto& part : found) ep_.insert(ep_.end(), part.begin(), part.end());
        std::sort(ep_.begin(), ep_.end(),
                  [](const EnPassant& a, const EnPassant& b) { return a.key < b.key; });
        // One slot a position: drop the repeats (the same position, or its mirror image,
        // reached from two slots).
        std::vector<EnPassant> unique;
        for (std::size_t i = 0; i < ep_.size(); ++i) {
            bool seen = false;
            for (std::size_t j = unique.size(); j-- > 0 && unique[j].key == ep_[i].key;)
                seen = seen || same_board(unique[j].pos, ep_[i].pos) ||
                       same_board(unique[j].pos, ep_[i].pos.mirrored());
            if (!seen) unique.push_back(ep_[i]);
        }
        ep_ = std::move(unique);
    }
}

std::uint64_t ChessSlots::find(const Position& pos) const {
    const Position image = pos.mirrored();
    const std::uint64_t key = std::min(pos.hash(), image.hash());
    auto it = std::lower_bound(ep_.begin(), ep_.end(), key,
                               [](const EnPassant& e, std::uint64_t k) { return e.key < k; });
    for (; it != ep_.end() && it->key == key; ++it)
        if (same_board(it->pos, pos) || same_board(it->pos, image))
            return stored_slots() + static_cast<std::uint64_t>(it - ep_.begin());
    return kNone;
}

std::uint64_t ChessSlots::id(const Position& pos) const {
    if (!pos.en_passant()) return table_id(index_, pos);
    const std::uint64_t at = find(pos);
    if (at == kNone)
        throw std::logic_error("an en passant position without a slot in " +
                               index_.material().name());
    return at;
}

bool ChessSlots::shared_slot_image(const Position& pos) const {
    using retrocheck::chess::popcount;
    // A piece alone of its kind stays matched under T only on a square T fixes: none for the
    // file mirror and the rotations, a diagonal for the two diagonal reflections. Three such
    // pieces off those squares leave at least three pieces unmatched under every T.
    Bitboard alone = 0;
    if (!twins_)
        alone = pos.occupied();
    else
        for (Color c : {Color::White, Color::Black})
            for (PieceType t : {PieceType::King, PieceType::Queen, PieceType::Rook,
                                PieceType::Bishop, PieceType::Knight, PieceType::Pawn}) {
                const Bitboard b = pos.pieces(c, t);
                if (popcount(b) == 1) alone |= b;
            }
    if (many_off_fixed_squares(alone)) return false;
    // Every piece alone: a diagonal flip (or, with pawns, the file mirror) leaves at most two
    // unmatched, the test above has found.
    if (!twins_) return true;
    // Otherwise count the pieces T moves to a square without a piece of their kind.
    for (int k = 1; k < (pawns_ ? 2 : 8); ++k) {
        int unmatched = 0;
        for (Color c : {Color::White, Color::Black})
            for (PieceType t : {PieceType::King, PieceType::Queen, PieceType::Rook,
                                PieceType::Bishop, PieceType::Knight, PieceType::Pawn}) {
                const Bitboard b = pos.pieces(c, t);
                unmatched += popcount(b & ~retrocheck::chess::transform(b, k));
            }
        if (unmatched <= 2) return true;
    }
    return false;
}

std::optional<Position> ChessSlots::decoded(std::uint64_t id) const {
    if (id >= stored_slots()) return ep_[id - stored_slots()].pos;
    const bool black = id >= index_.size();
    return index_.position(black ? id - index_.size() : id, black ? Color::Black : Color::White);
}

Position ChessSlots::settled_position(std::uint64_t id) const {
    if (id >= stored_slots()) return ep_[id - stored_slots()].pos;
    const bool black = id >= index_.size();
    return index_.laid_out(black ? id - index_.size() : id, black ? Color::Black : Color::White);
}

bool ChessGame::may_leave(const Position& p) {
    const Color us = p.side_to_move();
    if (p.en_passant() || (p.pieces(us, PieceType::Pawn) & rank_bb(us == Color::White ? 6 : 1)))
        return true;
    const Bitboard targets = p.pieces(~us) & ~p.pieces(PieceType::King);
    return targets && (retrocheck::chess::attacked_by(p, us, p.occupied()) & targets);
}

std::optional<Position> ChessSlots::position(std::uint64_t id) const {
    auto pos = decoded(id);
    if (!pos || !legal_slot(*pos)) return std::nullopt;  // en passant slots are legal
    return pos;
}

int orbit_size(const Position& pos) {
    const int group = pos.pieces(PieceType::Pawn) ? 2 : 8;
    int fixed = 0;
    for (int k = 0; k < group; ++k) {
        bool same = true;
        for (Color c : {Color::White, Color::Black})
            for (PieceType t : {PieceType::King, PieceType::Queen, PieceType::Rook,
                                PieceType::Bishop, PieceType::Knight, PieceType::Pawn})
                same =
                    same && retrocheck::chess::transform(pos.pieces(c, t), k) == pos.pieces(c, t);
        fixed += same;
    }
    return group / fixed;
}

MaterialTable ChessGame::finish(Table&& t, BuildStats* stats) {
    return finished_table<MaterialTable>(std::move(t), stats);
}

Lookup ChessGame::lookup(const Tables& set, const Position& p) {
    if (const auto v = set.probe(p)) return {Lookup::Status::Valued, *v};
    // No value: the set lacks a material the position (or an en passant capture) needs, or a
    // slot holds none.
    const auto slot_of = [&](const Position& q) {
        return material_key(q) == 0 || set.find(q) != nullptr || set.find(q.flipped()) != nullptr;
    };
    if (!slot_of(p)) return {};
    if (p.en_passant())
        for (const Move m : retrocheck::chess::legal_moves(p))
            if (m.kind() == retrocheck::chess::MoveKind::EnPassant && !slot_of(p.after(m)))
                return {};
    return {Lookup::Status::NoValue};
}

std::string ChessGame::fen(const Position& p) { return retrocheck::chess::format_fen(p); }
std::string ChessGame::diagram(const Position& p) { return retrocheck::chess::describe(p); }
std::string ChessGame::move_name(const Position& p, const Move& m) {
    return retrocheck::chess::format_san(p, m);
}

}  // namespace retrocheck::tb::chess
