// The index of a chess material (ARCHITECTURE.md's Indexer): one slot per position up to the
// board's symmetries, both sides to move sharing it. Without pawns the 8 symmetries of the
// square put the white king in the a1-d1-d4 triangle and, when it stands on the a1-h8 diagonal,
// the black king on or below it: 462 king pairs. With pawns only the file mirror applies: the
// white king on files a-d, 1,806 pairs. The other pieces follow as combinations, identical
// pieces together: pieces over the 62 squares the kings leave, pawns over ranks 2-7.
//
// Near-perfect: a slot whose pieces overlap (a pawn on a king, two groups on one square), or
// that is not the canonical image of its position (kings on the diagonal, the rest above it) is
// broken: position() says so, and builders and verifiers skip it.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "engine/chess/position.h"
#include "engine/chess/symmetry.h"
#include "tablebases/chess/material.h"

namespace retrocheck::tb::chess {

// An entry of a scheme's king table, one for each placement of the two kings:
//   pair << kPairShift | tie | k
// where symmetry k brings the kings to the pair of slot `pair` (the lowest slot any symmetry
// reaches), and `tie` says symmetry k ^ 4 reaches the same pair: both kings on the diagonal
// after k, so the other pieces decide. kNoPair: the kings are together or touch.
namespace king_entry {
inline constexpr std::uint16_t kTie = 8;
inline constexpr int kPairShift = 4;
inline constexpr std::uint16_t kNoPair = 0xFFFF;
}  // namespace king_entry

// The legal king pairs of the scheme (kings apart, not adjacent), in slot order.
struct KingPair {
    retrocheck::chess::Square white, black;
};
const std::vector<KingPair>& king_pairs(bool pawns);

class MaterialIndex {
  public:
    static constexpr std::size_t kMaxGroups = 10;  // 2 colours x 5 types: the most groups

    explicit MaterialIndex(Material material);

    const Material& material() const { return material_; }
    // Slots for one side to move.
    std::uint64_t size() const { return size_; }

    // The slot of pos (every symmetric image of pos has the same one); pos must have this
    // material and no castling rights; its en passant right is ignored.
    std::uint64_t index(const retrocheck::chess::Position& pos) const;
    // The position of slot i with `side` to move, or nothing for a broken slot. Not checked
    // for legality: the side not to move may be in check (problem() says).
    std::optional<retrocheck::chess::Position> position(std::uint64_t i, Color side) const;
    // position(i, side) for a slot known to hold one (a valued slot of a build): no test of
    // overlaps or of the canonical image.
    retrocheck::chess::Position laid_out(std::uint64_t i, Color side) const;
    // f(i, position(i, side) or nullptr) for every i in [begin, end), in order; the kings and
    // the groups but the last are placed once for the slots that share them.
    template <typename F>
    void for_each_position(std::uint64_t begin, std::uint64_t end, Color side, F&& f) const {
        for_each_position(begin, end, side, f, AllSlots{});
    }
    // The same, nullptr also for the positions `keep` rejects. Where the last group is one
    // piece, the slots a prefix lays out differ in it alone: keep.prefix(pos, last) once for
    // them (pos without the last piece), then keep.with(square) for each; elsewhere
    // keep.whole(pos).
    template <typename F, typename Keep>
    void for_each_position(std::uint64_t begin, std::uint64_t end, Color side, F&& f,
                           Keep&& keep) const;
    struct AllSlots {
        void prefix(const retrocheck::chess::Position&, retrocheck::chess::Piece) {}
        bool with(retrocheck::chess::Square) const { return true; }
        bool whole(const retrocheck::chess::Position&) const { return true; }
    };

    // index(pos) with the kings on these squares instead (empty squares, or the kings' own):
    // a king's move without building the position.
    std::uint64_t index_with_kings(const retrocheck::chess::Position& pos,
                                   retrocheck::chess::Square white_king,
                                   retrocheck::chess::Square black_king) const;
    // Whether the kings of pos, as position() lays out a slot, stand both on the a1-h8
    // diagonal, where the diagonal flip keeps them and the other pieces decide the slot
    // (tied_moved() applies, not moved()).
    bool kings_on_diagonal(const retrocheck::chess::Position& pos) const;
    // The slots of pos once its king of colour c has gone to an empty square not next to the
    // other king, given i == index(pos) for pos as position(i) lays it out. Where neither pair
    // needs a symmetry or has a tie, and no group of twins leaves the kings' squares out, only
    // the pair and the places of the pieces between the two squares change; else
    // index_with_kings.
    class KingMoved {
      public:
        // index(pos) with the king on `to` instead.
        std::uint64_t to(retrocheck::chess::Square to) const {
            using namespace king_entry;
            const retrocheck::chess::Square white = white_ ? to : other_;
            const retrocheck::chess::Square black = white_ ? other_ : to;
            const std::uint16_t e = index_->king_entry_of(white, black);
            if (!shortcut_ || (e & ((1 << kPairShift) - 1)) != 0)  // k, a tie, or no pair
                return index_->index_with_kings(*pos_, white, black);
            // A piece's place counts the kings' squares below it among the squares left out.
            const int from = retrocheck::chess::index_of(at_),
                      origin = retrocheck::chess::index_of(to);
            std::uint64_t rest = rest_;
            for (std::size_t n = 0; n < pieces_; ++n)
                rest += static_cast<std::uint64_t>((from < square_[n]) - (origin < square_[n])) *
                        stride_[n];
            return static_cast<std::uint64_t>(e >> kPairShift) * index_->per_pair_ + rest;
        }

      private:
        friend class MaterialIndex;
        const MaterialIndex* index_ = nullptr;
        const retrocheck::chess::Position* pos_ = nullptr;
        bool white_ = true;                         // the king that moves
        retrocheck::chess::Square at_{}, other_{};  // its square in pos, the other king's
        std::uint64_t rest_ = 0;                    // i less its pair's term
        bool shortcut_ = true;                      // no twins off the pawn ranks
        std::size_t pieces_ = 0;                    // lone pieces off the pawn ranks
        std::array<int, kMaxGroups> square_{};
        std::array<std::uint64_t, kMaxGroups> stride_{};
    };
    KingMoved king_moved(std::uint64_t i, const retrocheck::chess::Position& pos, Color c) const;
    // The slots of pos once the piece of colour c and type t (not a king) on `from` has gone
    // to an empty square, given i == index(pos) for pos as position(i) lays it out, its kings
    // not on the diagonal: only that piece's group rank changes, so no symmetry is tried.
    // (With them on it, tied_moved.)
    class Moved {
      public:
        // index(pos) with the piece on `to` instead.
        std::uint64_t to(retrocheck::chess::Square to) const {
            if (!rest_) return base_ + place(to, out_) * stride_;
            return base_ + combination_rank(rest_ | retrocheck::chess::bit(to), out_) * stride_;
        }

      private:
        friend class MaterialIndex;
        std::uint64_t base_ = 0;                // i less the group's term
        std::uint64_t stride_ = 0;              // the group's
        retrocheck::chess::Bitboard rest_ = 0;  // the group's other pieces
        retrocheck::chess::Bitboard out_ = 0;   // the squares its domain leaves out
    };
    Moved moved(std::uint64_t i, const retrocheck::chess::Position& pos, Color c, PieceType t,
                retrocheck::chess::Square from) const;
    // moved() for pos with its kings on the diagonal (kings_on_diagonal), where a slot is the
    // lower of two images' (index_with_kings): the position as laid out, and its reflection in
    // the diagonal, which keeps the kings. `reflected` is reflected_index(i, pos).
    class TiedMoved {
      public:
        std::uint64_t to(retrocheck::chess::Square to) const {
            return std::min(laid_out_.to(to),
                            reflected_.to(retrocheck::chess::transform(to, kReflection)));
        }

      private:
        friend class MaterialIndex;
        Moved laid_out_, reflected_;
    };
    TiedMoved tied_moved(std::uint64_t i, std::uint64_t reflected,
                         const retrocheck::chess::Position& pos, Color c, PieceType t,
                         retrocheck::chess::Square from) const;
    // For pos as position(i) lays it out with its kings on the diagonal, i with the rank of its
    // reflection in the diagonal in place of its own (higher, or i again).
    std::uint64_t reflected_index(std::uint64_t i, const retrocheck::chess::Position& pos) const;

    // The colex rank of a group's squares within its domain, the board less `left_out`: the
    // sum of C(place, n) over its squares in ascending order, place counted within the domain.
    static std::uint64_t combination_rank(retrocheck::chess::Bitboard squares,
                                          retrocheck::chess::Bitboard left_out);
    // A square's place within a domain, the board less `left_out`: the squares below it there.
    static std::uint64_t place(retrocheck::chess::Square s, retrocheck::chess::Bitboard left_out) {
        return static_cast<std::uint64_t>(
            retrocheck::chess::index_of(s) -
            retrocheck::chess::popcount(left_out & (retrocheck::chess::bit(s) - 1)));
    }
    // Back from place c within a group's domain to the board: ranks 2-7 for pawns, else the 62
    // squares the kings (on lo < hi) leave.
    static int board_square(int c, bool pawn, int lo, int hi) {
        if (pawn) return c + 8;
        return c + (c >= lo) + (c + 1 >= hi);
    }

  private:
    static constexpr int kReflection = 4;  // symmetry 4: the a1-h8 diagonal's (symmetry.h)
    std::uint16_t king_entry_of(retrocheck::chess::Square white,
                                retrocheck::chess::Square black) const {
        return king_table_[retrocheck::chess::slot(white) * 64 + retrocheck::chess::slot(black)];
    }
    // Identical pieces of one colour and type, ranked as a combination (colex) over their domain:
    // the 62 squares the kings leave, or ranks 2-7 for pawns.
    struct Group {
        retrocheck::chess::Color color = retrocheck::chess::Color::White;
        retrocheck::chess::PieceType type = retrocheck::chess::PieceType::Pawn;
        int count = 0;
        std::uint64_t radix = 0;    // C(domain, count)
        std::uint64_t stride = 0;   // the product of the radixes of the groups after it
        std::uint64_t inverse = 0;  // 2^64 / radix rounded up: exact division below 2^32
    };

    // The squares a group's domain leaves out: rank 1 for pawns (ranks 2-7), else the kings.
    static retrocheck::chess::Bitboard left_out(const Group& g, retrocheck::chess::Bitboard kings) {
        return g.type == retrocheck::chess::PieceType::Pawn ? retrocheck::chess::kRank1 : kings;
    }
    // A slot's kings and every group but the last, placed: what consecutive slots share.
    struct Prefix {
        retrocheck::chess::Position pos;
        retrocheck::chess::Bitboard occupied = 0;
        int lo = 0, hi = 0;   // the kings' squares, the lower first
        bool broken = false;  // two pieces overlap
        bool tie = false;     // kings on the diagonal: the slot may not be the canonical image
    };
    // The king pair of slot i < size(), each group's rank put in ranks.
    std::uint64_t split(std::uint64_t i, std::array<std::uint64_t, kMaxGroups>& ranks) const;
    // The prefix of slot i < size() with `side` to move, and the last group's rank in it.
    Prefix prefix(std::uint64_t i, Color side, std::uint64_t& last_rank) const;
    // Slot i's position, given its prefix p and its last group's rank, placed over p: false for
    // a broken slot.
    bool complete(Prefix& p, std::uint64_t rank, std::uint64_t i) const;
    // Group g at `rank` placed over pos: false on an overlap.
    bool place_group(retrocheck::chess::Position& pos, retrocheck::chess::Bitboard& occupied,
                     std::size_t g, std::uint64_t rank, int lo, int hi) const;
    // The slot of pos within its king pair once symmetry k has turned it and put the kings on
    // `kings`.
    std::uint64_t rest_index(const retrocheck::chess::Position& pos, int k,
                             retrocheck::chess::Bitboard kings) const;

    Material material_;
    bool pawns_ = false;
    std::size_t group_count_ = 0;
    std::array<Group, kMaxGroups> groups_{};
    std::array<std::array<std::int8_t, 6>, 2> group_of_{};  // [colour][type]: index in groups_
    std::uint64_t per_pair_ = 1;  // slots of one king pair: the product of the radixes
    std::uint64_t size_ = 0;
    const KingPair* pairs_ = nullptr;            // king_pairs(pawns_)
    const std::uint16_t* king_table_ = nullptr;  // [white king * 64 + black king], see index.cpp
};

template <typename F, typename Keep>
void MaterialIndex::for_each_position(std::uint64_t begin, std::uint64_t end, Color side, F&& f,
                                      Keep&& keep) const {
    using retrocheck::chess::bit;
    const Group& last = groups_[group_count_ ? group_count_ - 1 : 0];
    const std::uint64_t radix = group_count_ ? last.radix : 1;
    const bool one_piece = group_count_ && last.count == 1;  // placed here, the common case
    const bool pawn = last.type == PieceType::Pawn;
    const retrocheck::chess::Piece piece{last.color, last.type};
    for (std::uint64_t i = begin; i < end;) {
        std::uint64_t rank = 0;
        const Prefix p = prefix(i, side, rank);
        if (!p.broken && one_piece) keep.prefix(p.pos, piece);
        // At least slot i, whatever its rank says: a walk always moves on.
        for (const std::uint64_t first = i; i < end && (i == first || rank < radix); ++i, ++rank) {
            if (p.broken || !one_piece) {
                Prefix whole = p;
                f(i, complete(whole, rank, i) && keep.whole(whole.pos) ? &whole.pos : nullptr);
                continue;
            }
            const retrocheck::chess::Square at = retrocheck::chess::square_at(
                board_square(static_cast<int>(rank), pawn, p.lo, p.hi));
            if ((p.occupied & bit(at)) || !keep.with(at)) {  // an overlap (broken), or kept out
                f(i, nullptr);
                continue;
            }
            retrocheck::chess::Position pos = p.pos;
            pos.place(at, piece);
            // Kings on the diagonal: only the canonical image owns a slot.
            f(i, p.tie && index(pos) != i ? nullptr : &pos);
        }
    }
}

// A legal position of the index's material, either side to move: a uniform slot, turned by a
// random symmetry of the board that keeps its value (all eight without pawns, the file mirror
// with them). Nothing for a broken or illegal slot (the caller draws again).
std::optional<retrocheck::chess::Position> random_position_of(const MaterialIndex& index,
                                                              std::mt19937_64& rng);

}  // namespace retrocheck::tb::chess
