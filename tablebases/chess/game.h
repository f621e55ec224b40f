// The chess model of a retrograde game (game.h): a material is the slice, moves that capture or
// promote leave it.
//
// A position with an en passant right is never stored (CHESS.md), but it is a position of the
// game with its own value: the one a double push leads to. The build table gives each such
// position that a double push from a legal slot reaches a slot of its own after the material's
// slots, so the solver values it by its own moves (the stored position's, plus the en passant
// captures) like any other; the finished table drops those slots.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/chess/movegen.h"
#include "engine/chess/position.h"
#include "engine/chess/unmove.h"
#include "tablebases/build/method.h"
#include "tablebases/chess/index.h"
#include "tablebases/chess/table.h"
#include "tablebases/game.h"
#include "tablebases/value.h"

namespace retrocheck::tb::chess {

// The slots of a material's table while it builds: the material's 2 * index().size(), then the
// en passant ones.
class ChessSlots {
  public:
    explicit ChessSlots(Material m);

    const MaterialIndex& index() const { return index_; }
    // material_key() of the material (a child's material is told by its key).
    std::uint64_t key() const { return key_; }
    std::uint64_t stored_slots() const { return 2 * index_.size(); }
    std::uint64_t en_passant_slots() const { return ep_.size(); }

    std::uint64_t id(const retrocheck::chess::Position& pos) const;
    std::optional<retrocheck::chess::Position> position(std::uint64_t id) const;
    // f(id, position(id) or nullptr) for every id in [begin, end), in order.
    template <typename F>
    void for_each_position(std::uint64_t begin, std::uint64_t end, F&& f) const {
        const std::uint64_t size = index_.size();
        for (std::uint64_t id = begin; id < end;) {
            const std::uint64_t part = id < size ? size : id < 2 * size ? 2 * size : end;
            const std::uint64_t stop = std::min(end, part);
            if (id >= 2 * size) {  // en passant slots: legal by construction
                for (; id < stop; ++id) f(id, &ep_[id - 2 * size].pos);
                break;
            }
            const std::uint64_t first = id < size ? 0 : size;
            index_.for_each_position(
                id - first, stop - first, first ? Color::Black : Color::White,
                [&](std::uint64_t i, const retrocheck::chess::Position* p) { f(first + i, p); },
                LegalSlots{});
            id = stop;
        }
    }
    // The position of a slot that holds a legal one (valued already): position() untested.
    retrocheck::chess::Position settled_position(std::uint64_t id) const;
    // Whether pos (with an en passant right) has a slot.
    bool has(const retrocheck::chess::Position& pos) const { return find(pos) != kNone; }
    // Whether two different moves from pos, or to pos, can reach symmetric images of one
    // position (one slot). Children c1 != c2 with T(c1) = c2 differ from pos by one piece each,
    // so pos and T(pos) differ in at most two pieces: rare, and cheap to rule out.
    bool may_share_slots(const retrocheck::chess::Position& pos) const {
        // Inline, the common case of the builder's hot paths: no two pieces of one kind, every
        // piece alone (the full test, shared_slot_image(), counts again).
        if (!twins_ && many_off_fixed_squares(pos.occupied())) return false;
        return shared_slot_image(pos);
    }

  private:
    static constexpr std::uint64_t kNone = ~std::uint64_t{0};
    struct EnPassant {
        std::uint64_t key;  // the smaller hash of the position and its file mirror
        retrocheck::chess::Position pos;
    };
    std::uint64_t find(const retrocheck::chess::Position& pos) const;
    // Whether three pieces alone of their kind stand off the squares every symmetry of the
    // index fixes (with pawns: none; without: a diagonal), so that no symmetry matches them.
    bool many_off_fixed_squares(retrocheck::chess::Bitboard alone) const {
        using retrocheck::chess::popcount;
        constexpr retrocheck::chess::Bitboard a1h8 = 0x8040201008040201ULL,
                                              a8h1 = 0x0102040810204080ULL;
        return pawns_ ? popcount(alone) >= 3
                      : popcount(alone & ~a1h8) >= 3 && popcount(alone & ~a8h1) >= 3;
    }
    bool shared_slot_image(const retrocheck::chess::Position& pos) const;
    // The position slot id lays out, tested for nothing but overlaps.
    std::optional<retrocheck::chess::Position> decoded(std::uint64_t id) const;
    MaterialIndex index_;
    std::uint64_t key_ = 0;
    bool twins_ = false;         // two or more pieces of one kind on a side
    bool pawns_ = false;         // pawns in the material
    std::vector<EnPassant> ep_;  // by key
};

// A material's table while it builds: a code of the build's metric (metric.h) a slot.
template <typename Code>
struct ChessBuildTableOf : ChessSlots {
    ChessBuildTableOf(Material m, Code unknown)
        : ChessSlots(m), values(stored_slots() + en_passant_slots(), unknown) {}
    std::vector<Code> values;
};
struct ChessBuildTable : ChessBuildTableOf<ChessValue> {
    explicit ChessBuildTable(Material m) : ChessBuildTableOf(m, kNoPosition) {}
};

// The finished table (MaterialTableOf) of a built one: the en passant slots dropped.
template <typename Stored, typename Code>
Stored finished_table(ChessBuildTableOf<Code>&& t, BuildStats* stats) {
    // The en passant slots dropped, in place: a copy to shrink the capacity would hold the
    // table twice at the build's end.
    std::vector<Code> values = std::move(t.values);
    values.resize(t.stored_slots());
    if (stats) stats->positions = values.size();
    return Stored(t.index().material(), std::move(values));
}

// How many distinct boards the symmetries of pos's material make of it (1, 2, 4 or 8).
int orbit_size(const retrocheck::chess::Position& pos);

struct ChessGame {
    using Position = retrocheck::chess::Position;
    using Move = retrocheck::chess::Move;
    using Slice = Material;
    using Table = ChessBuildTable;      // while it builds
    using StoredTable = MaterialTable;  // finished
    using Tables = MaterialTableSet;
    using Metric = WideDtmMetric;               // 5-piece mates run past a byte's 253 plies
    static constexpr bool kSharedSlots = true;  // a slot a symmetry class
    static bool lost_without_moves(const Position& p) { return p.in_check(); }  // else stalemate
    static bool may_share_slots(const ChessSlots& t, const Position& p) {
        return t.may_share_slots(p);
    }

    // What statistics count beyond wins, draws and losses (verify/stats.h): the same counted
    // over every symmetric image of each position (raw), not once a class.
    struct StatsExtra {
        std::uint64_t positions_raw = 0, wins_raw = 0, draws_raw = 0, losses_raw = 0;
        void count(const Position& p, const Outcome& o) {
            const auto images = static_cast<std::uint64_t>(orbit_size(p));
            positions_raw += images;
            (o.is_win() ? wins_raw : o.is_draw() ? draws_raw : losses_raw) += images;
        }
        void add(const StatsExtra& o) {
            positions_raw += o.positions_raw;
            wins_raw += o.wins_raw;
            draws_raw += o.draws_raw;
            losses_raw += o.losses_raw;
        }
    };

    // The table-game members (game.h) for readers of finished tables. A position with an en
    // passant right has no slot: it is looked up by its moves (MaterialTableSet::probe).
    static retrocheck::chess::MoveList legal_moves(const Position& p) {
        return retrocheck::chess::legal_moves(p);
    }
    static NoMoveRule no_move(const Position& p) {
        if (p.in_check()) return {Outcome::loss(0), "mate-is-loss-0"};
        return {Outcome::draw(), "stalemate-is-draw"};
    }
    static Lookup lookup(const Tables& set, const Position& p);
    static std::optional<Position> slot_position(const StoredTable& t, std::uint64_t id) {
        return t.position(id);
    }
    static bool legal_slot(const Position& p) { return chess::legal_slot(p); }
    static std::string fen(const Position& p);
    static std::string diagram(const Position& p);
    static std::string move_name(const Position& p, const Move& m);  // SAN
    template <typename F>
    static void for_each_child(const Position& p, F&& f) {
        for (const Move m : legal_moves(p)) f(p.after(m));
    }

    static Slice slice_of(const Position& p) { return Material::of(p); }
    static std::string name(const Slice& s) { return s.name(); }
    // KvK, a draw without a table, is no successor.
    // A move's material read through its canonical colouring's table (Material::canonical).
    static std::vector<Slice> successors(const Slice& s) {
        std::vector<Slice> out = canonical_materials(s.successors());
        std::erase_if(out, [](const Slice& m) { return m.pieces() <= 2; });
        return out;
    }
    // A material's table holds its colour flip's positions too (Material::canonical).
    static Slice mirror_slice(const Slice& s) { return s; }
    static Table make_table(const Slice& s) { return Table(s); }
    // The finished table: the en passant slots dropped.
    static StoredTable finish(Table&& t, BuildStats* stats);
    template <typename F>
    static void for_each_slot(const ChessSlots& t, std::uint64_t begin, std::uint64_t end, F&& f) {
        t.for_each_position(begin, end, f);
    }
    static Position settled_position(const ChessSlots& t, std::uint64_t id) {
        return t.settled_position(id);
    }

    // A move stays in the material unless it captures or promotes.
    template <typename In, typename Exit>
    static void for_each_move(const Position& p, In&& in_slice, Exit&& exit) {
        for_each_move_filtered(p, in_slice, exit, [](retrocheck::chess::Move) { return true; });
    }
    template <typename Exit>
    static int for_each_exit(const Position& p, Exit&& exit) {
        return for_each_exit_filtered(p, exit, [](retrocheck::chess::Move) { return true; });
    }
    // exit(child) for every legal move that leaves the material (a capture or promotion: a
    // DTZ build's pawn moves stay), without the count of the others: what a build reads its
    // successors for (build/folded_exits.h).
    template <typename Exit>
    static void for_each_leaving(const Position& p, Exit&& exit) {
        if (may_leave(p))
            for_each_exit_filtered(p, exit, [](retrocheck::chess::Move) { return true; });
    }
    // Every parent with a slot, as f(slot, make), the parent's slot worked out from p's boards
    // without building the parent: when one piece's rank changes alone (MaterialIndex::moved,
    // once for all of that piece's origins; tied_moved with the kings on the diagonal), and
    // for a king's un-move (king_moved). En passant rights build the parents.
    template <typename F>
    static void for_each_parent_slot(const ChessSlots& t, const Position& p, std::uint64_t id,
                                     F&& f) {
        for_each_parent_slot_by(t, p, id, f, true);
    }

  protected:
    // for_each_parent_slot(), the parents by a pawn move left out unless `pawn_moves` (the DTZ
    // build's: such a parent stands in a later phase, which the solver has not seeded, so they
    // would only cost a look each).
    template <typename F>
    static void for_each_parent_slot_by(const ChessSlots& t, const Position& p, std::uint64_t id,
                                        F& f, bool pawn_moves) {
        using retrocheck::chess::PieceType;
        using retrocheck::chess::Square;
        const std::uint64_t size = t.index().size();
        if (id >= t.stored_slots() || retrocheck::chess::pushed_pawns(p)) {
            const retrocheck::chess::Bitboard pawns = p.pieces(PieceType::Pawn);
            retrocheck::chess::for_each_parent(p, [&](const Position& parent) {
                if (!pawn_moves && parent.pieces(PieceType::Pawn) != pawns) return;
                if (!parent.en_passant() || t.has(parent)) f(t.id(parent), [&] { return parent; });
            });
            return;
        }
        const std::uint64_t other_side = id < size ? size : 0;  // the parent's first slot
        const std::uint64_t i = id < size ? id : id - size;
        const retrocheck::chess::Color mover = ~p.side_to_move();
        const bool tie = t.index().kings_on_diagonal(p);
        const std::uint64_t reflected = tie ? t.index().reflected_index(i, p) : 0;
        retrocheck::chess::for_each_unmove_set(p, [&](PieceType type, Square to,
                                                      retrocheck::chess::Bitboard origins) {
            if (!pawn_moves && type == PieceType::Pawn) return;
            // Every origin's slot from `moved` (a king's or another piece's).
            const auto each_origin = [&](const auto& moved) {
                while (origins) {
                    const Square from = retrocheck::chess::pop_lowest(origins);
                    f(other_side + moved.to(from), [&] { return p.taken_back(type, to, from); });
                }
            };
            if (type == PieceType::King)
                each_origin(t.index().king_moved(i, p, mover));
            else if (tie)
                each_origin(t.index().tied_moved(i, reflected, p, mover, type, to));
            else
                each_origin(t.index().moved(i, p, mover, type, to));
        });
    }

    // Where no capture or promotion is possible even ignoring pins and checks, every legal move
    // stays and only their number is needed (the count-only generator); else the moves that
    // leave are generated (and `keep` asked about each) and the others counted.
    template <typename Exit, typename Keep>
    static int for_each_exit_filtered(const Position& p, Exit& exit, Keep keep) {
        if (!may_leave(p)) return retrocheck::chess::count_moves(p);
        retrocheck::chess::MoveList leaving;
        const int in_slice = retrocheck::chess::generate_captures_counting_rest(p, leaving);
        for (const retrocheck::chess::Move m : leaving)
            if (keep(m)) exit(p.after(m));
        return in_slice;
    }
    // Whether the side to move has a pseudo-legal capture (a piece other than the king in
    // reach, or an en passant right) or a pawn on its seventh rank.
    static bool may_leave(const Position& p);

    template <typename In, typename Exit, typename Keep>
    static void for_each_move_filtered(const Position& p, In& in_slice, Exit& exit, Keep keep) {
        retrocheck::chess::MoveList moves;
        retrocheck::chess::generate_moves(p, moves);
        const retrocheck::chess::Bitboard occupied = p.occupied();
        for (const retrocheck::chess::Move m : moves) {
            if (!keep(m)) continue;
            if (m.is_promotion() || m.kind() == retrocheck::chess::MoveKind::EnPassant ||
                (occupied & retrocheck::chess::bit(m.to())))
                exit(p.after(m));
            else
                in_slice([&] { return p.after(m); });
        }
    }
};

// Deliberately wrong, for testing the statistics: a pawn promotes to a queen only.
struct QueenOnlyChessGame : ChessGame {
    static bool keep(retrocheck::chess::Move m) {
        return !m.is_promotion() || m.promotion() == retrocheck::chess::PieceType::Queen;
    }
    template <typename In, typename Exit>
    static void for_each_move(const Position& p, In&& in_slice, Exit&& exit) {
        for_each_move_filtered(p, in_slice, exit, keep);
    }
    template <typename Exit>
    static int for_each_exit(const Position& p, Exit&& exit) {
        return for_each_exit_filtered(p, exit, keep);
    }
    template <typename Exit>
    static void for_each_leaving(const Position& p, Exit&& exit) {
        if (may_leave(p)) for_each_exit_filtered(p, exit, keep);
    }
};

static_assert(TableGame<ChessGame>);

}  // namespace retrocheck::tb::chess

template <>
struct retrocheck::tb::GameOfTables<retrocheck::tb::chess::MaterialTableSet> {
    using type = retrocheck::tb::chess::ChessGame;
};
