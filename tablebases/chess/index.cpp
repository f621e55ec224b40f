#include "tablebases/chess/index.h"

#include "engine/chess/symmetry.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <limits>

#include "engine/chess/attacks.h"

namespace retrocheck::tb::chess {

namespace {

using retrocheck::chess::bit;
using retrocheck::chess::Bitboard;
using retrocheck::chess::file_of;
using retrocheck::chess::index_of;
using retrocheck::chess::make_square;
using retrocheck::chess::Piece;
using retrocheck::chess::Position;
using retrocheck::chess::rank_of;
using retrocheck::chess::Setup;
using retrocheck::chess::Square;
using retrocheck::chess::square_at;

constexpr PieceType kTypes[5] = {PieceType::Queen, PieceType::Rook, PieceType::Bishop,
                                 PieceType::Knight, PieceType::Pawn};

// A side has at most 15 pieces besides its king, so no group is larger.
constexpr int kMaxCount = 15;

// kBinomial[n][k] = C(n, k) for the combination ranks: n up to the 64 squares.
constexpr auto kBinomial = [] {
    std::array<std::array<std::uint64_t, kMaxCount + 1>, 65> c{};
    for (std::size_t n = 0; n < c.size(); ++n) {
        c[n][0] = 1;
        for (std::size_t k = 1; k <= std::min<std::size_t>(n, kMaxCount); ++k)
            c[n][k] = c[n - 1][k - 1] + (k < n ? c[n - 1][k] : 0);
    }
    return c;
}();

constexpr std::uint64_t binomial(int n, int k) {
    return kBinomial[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
}

// 128-bit products for the exact division in position() (a GCC and Clang extension).
__extension__ using Wide = unsigned __int128;

}  // namespace

// For one piece, C(place, 1): its place.
std::uint64_t MaterialIndex::combination_rank(Bitboard squares, Bitboard left_out) {
    if (!retrocheck::chess::more_than_one(squares))  // one piece: C(place, 1)
        return place(retrocheck::chess::lowest_square(squares), left_out);
    std::uint64_t rank = 0;
    for (std::size_t n = 1; squares; ++n)
        rank += kBinomial[place(retrocheck::chess::pop_lowest(squares), left_out)][n];
    return rank;
}

namespace {

// Symmetry k of the square: retrocheck::chess::transform (symmetry.h). k ^ 4 keeps what k does
// to a square on the diagonal.
using retrocheck::chess::transform;

// kTransform[k][s]: transform(s, k) as a table, the one lookup a piece costs in index().
constexpr auto kTransform = [] {
    std::array<std::array<std::uint8_t, 64>, 8> t{};
    for (int k = 0; k < 8; ++k)
        for (int s = 0; s < 64; ++s)
            t[static_cast<std::size_t>(k)][static_cast<std::size_t>(s)] =
                static_cast<std::uint8_t>(index_of(transform(square_at(s), k)));
    return t;
}();

bool apart(Square a, Square b) { return a != b && !(retrocheck::chess::king_attacks(a) & bit(b)); }

std::vector<KingPair> make_pairs(bool pawns) {
    std::vector<KingPair> out;
    for (int w = 0; w < 64; ++w) {
        const Square wk = square_at(w);
        const int f = file_of(wk), r = rank_of(wk);
        if (pawns ? f > 3 : (f > 3 || r > f)) continue;  // files a-d; or the a1-d1-d4 triangle
        for (int b = 0; b < 64; ++b) {
            const Square bk = square_at(b);
            if (!apart(wk, bk)) continue;
            if (!pawns && r == f && rank_of(bk) > file_of(bk)) continue;  // above the diagonal
            out.push_back({wk, bk});
        }
    }
    return out;
}

// The king table of a scheme, one entry for each placement of the two kings (index.h's
// king_entry says how an entry reads).
using king_entry::kNoPair;
using king_entry::kPairShift;
using king_entry::kTie;

struct KingTables {
    std::array<std::array<std::uint16_t, 64 * 64>, 2> entry{};
    KingTables() {
        for (int p = 0; p < 2; ++p) {
            const bool pawns = p == 1;
            std::array<int, 64 * 64> pair_of;  // canonical placement -> slot, or -1
            pair_of.fill(-1);
            const auto& pairs = king_pairs(pawns);
            assert(pairs.size() << kPairShift < kNoPair);
            for (std::size_t i = 0; i < pairs.size(); ++i)
                pair_of[slot(pairs[i].white) * 64 + slot(pairs[i].black)] = static_cast<int>(i);
            auto& table = entry[static_cast<std::size_t>(p)];
            for (int w = 0; w < 64; ++w)
                for (int b = 0; b < 64; ++b) {
                    std::uint16_t& e = table[static_cast<std::size_t>(w * 64 + b)];
                    e = kNoPair;
                    int best = -1, best_k = 0, ties = 0;
                    for (int k = 0; k < (pawns ? 2 : 8); ++k) {
                        const int pair = pair_of[slot(transform(square_at(w), k)) * 64 +
                                                 slot(transform(square_at(b), k))];
                        if (pair < 0) continue;
                        if (best < 0 || pair < best) {
                            best = pair, best_k = k, ties = 0;
                        } else if (pair == best) {
                            assert(k == (best_k ^ 4));  // the diagonal flip, nothing else
                            ++ties;
                        }
                    }
                    if (best < 0) continue;
                    assert(ties <= 1);
                    e = static_cast<std::uint16_t>(best << kPairShift | (ties ? kTie : 0) | best_k);
                }
        }
    }
};

const std::uint16_t* king_table(bool pawns) {
    static const KingTables tables;
    return tables.entry[pawns].data();
}

}  // namespace

const std::vector<KingPair>& king_pairs(bool pawns) {
    static const std::vector<KingPair> without = make_pairs(false), with = make_pairs(true);
    return pawns ? with : without;
}

MaterialIndex::MaterialIndex(Material material) : material_(material) {
    pawns_ = material.pawns() > 0;
    pairs_ = king_pairs(pawns_).data();
    king_table_ = king_table(pawns_);
    for (Color c : {Color::White, Color::Black})
        for (std::size_t t = 0; t < 5; ++t) {
            const int k = material.count[slot(c)][t];
            if (!k) continue;
            assert(k <= kMaxCount && group_count_ < kMaxGroups);
            const Group g{c, kTypes[t], k, binomial(kTypes[t] == PieceType::Pawn ? 48 : 62, k)};
            group_of_[slot(c)][slot(kTypes[t])] = static_cast<std::int8_t>(group_count_);
            groups_[group_count_++] = g;
            assert(per_pair_ <= std::numeric_limits<std::uint64_t>::max() / g.radix);
            per_pair_ *= g.radix;
        }
    std::uint64_t stride = 1;
    for (std::size_t g = group_count_; g-- > 0;) {
        groups_[g].stride = stride;
        stride *= groups_[g].radix;
        groups_[g].inverse = std::numeric_limits<std::uint64_t>::max() / groups_[g].radix + 1;
    }
    const std::uint64_t pairs = king_pairs(pawns_).size();
    assert(per_pair_ <= std::numeric_limits<std::uint64_t>::max() / pairs);
    size_ = pairs * per_pair_;
}

// Each group's squares, turned by k, in ascending order (the colex order), each counted within
// its domain: less the squares below it that the domain leaves out, rank 1 for a pawn (ranks
// 2-7) and the kings for a piece (the 62 squares they leave).
std::uint64_t MaterialIndex::rest_index(const Position& pos, int k, Bitboard kings) const {
    const auto& to = kTransform[static_cast<std::size_t>(k)];
    std::uint64_t index = 0;
    for (std::size_t i = 0; i < group_count_; ++i) {
        const Group& g = groups_[i];
        Bitboard turned = pos.pieces(g.color, g.type);
        if (k != 0) {  // symmetry 0 leaves every square where it is
            Bitboard b = turned;
            for (turned = 0; b;)
                turned |= bit(square_at(to[slot(retrocheck::chess::pop_lowest(b))]));
        }
        index += combination_rank(turned, left_out(g, kings)) * g.stride;
    }
    return index;
}

std::uint64_t MaterialIndex::index(const Position& pos) const {
    return index_with_kings(pos, pos.king(Color::White), pos.king(Color::Black));
}

std::uint64_t MaterialIndex::index_with_kings(const Position& pos, Square white_king,
                                              Square black_king) const {
    const std::size_t white = slot(white_king), black = slot(black_king);
    const std::uint16_t e = king_entry_of(white_king, black_king);
    if (e == kNoPair) return std::numeric_limits<std::uint64_t>::max();
    const int k = e & 7;
    const auto& to = kTransform[static_cast<std::size_t>(k)];
    // The diagonal flip of a tie leaves the kings where k put them: on the diagonal.
    const Bitboard kings = bit(square_at(to[white])) | bit(square_at(to[black]));
    std::uint64_t rest = rest_index(pos, k, kings);
    if (e & kTie) rest = std::min(rest, rest_index(pos, k ^ 4, kings));
    return static_cast<std::uint64_t>(e >> kPairShift) * per_pair_ + rest;
}

bool MaterialIndex::kings_on_diagonal(const Position& pos) const {
    return king_entry_of(pos.king(Color::White), pos.king(Color::Black)) & kTie;
}

MaterialIndex::Moved MaterialIndex::moved(std::uint64_t i, const Position& pos, Color c,
                                          PieceType t, Square from) const {
    assert(t != PieceType::King && (pos.pieces(c, t) & bit(from)));
    // No symmetry turns the squares (a tie's reflection aside: tied_moved).
    assert((king_entry_of(pos.king(Color::White), pos.king(Color::Black)) & 7) == 0);
    const Group& g = groups_[static_cast<std::size_t>(group_of_[slot(c)][slot(t)])];
    // position(i) puts the kings where the slot says: no symmetry turns the squares.
    Moved m;
    m.out_ = left_out(g, pos.pieces(PieceType::King));
    m.stride_ = g.stride;
    const Bitboard before = pos.pieces(c, t);
    m.rest_ = before ^ bit(from);
    m.base_ = i - combination_rank(before, m.out_) * g.stride;
    return m;
}

std::uint64_t MaterialIndex::reflected_index(std::uint64_t i, const Position& pos) const {
    assert(kings_on_diagonal(pos) && index(pos) == i);
    const Bitboard kings = pos.pieces(PieceType::King);  // on the diagonal: the reflection's too
    return i - rest_index(pos, 0, kings) + rest_index(pos, kReflection, kings);
}

MaterialIndex::TiedMoved MaterialIndex::tied_moved(std::uint64_t i, std::uint64_t reflected,
                                                   const Position& pos, Color c, PieceType t,
                                                   Square from) const {
    assert(kings_on_diagonal(pos) && reflected == reflected_index(i, pos));
    TiedMoved m;
    m.laid_out_ = moved(i, pos, c, t, from);
    // moved() on the reflection of pos, built from the laid-out image's: the same group,
    // stride and kings, the squares reflected.
    Moved& r = m.reflected_;
    r.out_ = m.laid_out_.out_;
    r.stride_ = m.laid_out_.stride_;
    r.rest_ = retrocheck::chess::transform(m.laid_out_.rest_, kReflection);
    const Bitboard before = r.rest_ | bit(retrocheck::chess::transform(from, kReflection));
    r.base_ = reflected - combination_rank(before, r.out_) * r.stride_;
    return m;
}

MaterialIndex::KingMoved MaterialIndex::king_moved(std::uint64_t i, const Position& pos,
                                                   Color c) const {
    const std::uint16_t e = king_entry_of(pos.king(Color::White), pos.king(Color::Black));
    assert((e & 7) == 0);
    KingMoved m;
    // From the diagonal, where the other pieces decide between two images: index_with_kings.
    m.shortcut_ = !(e & kTie);
    m.index_ = this;
    m.pos_ = &pos;
    m.white_ = c == Color::White;
    m.at_ = pos.king(c);
    m.other_ = pos.king(~c);
    m.rest_ = i - static_cast<std::uint64_t>(e >> kPairShift) * per_pair_;
    // Pawns keep their places wherever the kings go; a lone piece's place shifts by one when a
    // king passes it; a twin group's rank would change in another way: no shortcut.
    for (std::size_t g = 0; g < group_count_ && m.shortcut_; ++g) {
        const Group& group = groups_[g];
        if (group.type == PieceType::Pawn) continue;
        m.shortcut_ = group.count == 1;
        m.square_[m.pieces_] =
            index_of(retrocheck::chess::lowest_square(pos.pieces(group.color, group.type)));
        m.stride_[m.pieces_++] = group.stride;
    }
    return m;
}

namespace {

const Position& empty_board(Color side) {
    static const std::array<Position, 2> kEmpty = {Position::empty(Color::White),
                                                   Position::empty(Color::Black)};
    return kEmpty[slot(side)];
}

}  // namespace

std::optional<Position> MaterialIndex::position(std::uint64_t i, Color side) const {
    if (i >= size_) return std::nullopt;
    std::uint64_t rank = 0;
    Prefix p = prefix(i, side, rank);
    if (!complete(p, rank, i)) return std::nullopt;
    return p.pos;
}

Position MaterialIndex::laid_out(std::uint64_t i, Color side) const {
    assert(position(i, side));
    std::array<std::uint64_t, kMaxGroups> ranks;
    const KingPair kings = pairs_[split(i, ranks)];
    Position pos = empty_board(side);
    pos.place(kings.white, Piece{Color::White, PieceType::King});
    pos.place(kings.black, Piece{Color::Black, PieceType::King});
    const int lo = std::min(index_of(kings.white), index_of(kings.black)),
              hi = std::max(index_of(kings.white), index_of(kings.black));
    Bitboard occupied = 0;  // what place_group tests, and nothing here needs
    for (std::size_t g = 0; g < group_count_; ++g) {
        const Group& group = groups_[g];
        if (group.count == 1)  // a lone piece: its rank is its place
            pos.place(square_at(board_square(static_cast<int>(ranks[g]),
                                             group.type == PieceType::Pawn, lo, hi)),
                      Piece{group.color, group.type});
        else
            place_group(pos, occupied, g, ranks[g], lo, hi);
    }
    return pos;
}

MaterialIndex::Prefix MaterialIndex::prefix(std::uint64_t i, Color side,
                                            std::uint64_t& last_rank) const {
    assert(i < size_);
    std::array<std::uint64_t, kMaxGroups> ranks;
    const KingPair kings = pairs_[split(i, ranks)];
    last_rank = group_count_ ? ranks[group_count_ - 1] : 0;
    Prefix p{empty_board(side)};
    p.pos.place(kings.white, Piece{Color::White, PieceType::King});
    p.pos.place(kings.black, Piece{Color::Black, PieceType::King});
    p.occupied = bit(kings.white) | bit(kings.black);
    p.lo = std::min(index_of(kings.white), index_of(kings.black));
    p.hi = std::max(index_of(kings.white), index_of(kings.black));
    p.tie = king_entry_of(kings.white, kings.black) & kTie;
    for (std::size_t g = 0; g + 1 < group_count_ && !p.broken; ++g)
        p.broken = !place_group(p.pos, p.occupied, g, ranks[g], p.lo, p.hi);
    return p;
}

std::uint64_t MaterialIndex::split(std::uint64_t i,
                                   std::array<std::uint64_t, kMaxGroups>& ranks) const {
    if (size_ <= std::numeric_limits<std::uint32_t>::max()) {
        // Every radix and i below 2^32: a multiplication by the rounded-up inverse divides
        // exactly (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019).
        for (std::size_t g = group_count_; g-- > 0;) {
            const std::uint64_t q =
                static_cast<std::uint64_t>((static_cast<Wide>(groups_[g].inverse) * i) >> 64);
            ranks[g] = i - q * groups_[g].radix;
            i = q;
        }
    } else {
        for (std::size_t g = group_count_; g-- > 0;) {
            ranks[g] = i % groups_[g].radix;
            i /= groups_[g].radix;
        }
    }
    return i;
}

bool MaterialIndex::complete(Prefix& p, std::uint64_t rank, std::uint64_t i) const {
    if (p.broken) return false;
    if (group_count_ && !place_group(p.pos, p.occupied, group_count_ - 1, rank, p.lo, p.hi))
        return false;
    // Only the canonical image of a position owns a slot; the kings are canonical already, so
    // only a tie on the diagonal can make another image (the diagonal flip) index lower.
    return !p.tie || index(p.pos) == i;
}

bool MaterialIndex::place_group(Position& pos, Bitboard& occupied, std::size_t g,
                                std::uint64_t rank, int lo, int hi) const {
    const Group& group = groups_[g];
    const bool pawn = group.type == PieceType::Pawn;
    std::uint64_t r = rank;
    // Unrank the colex combination from its highest square down: each is the largest c with
    // C(c, n) <= what is left of the rank, and lies below the one before it.
    int c = pawn ? 48 : 62;
    for (int n = group.count; n >= 1; --n) {
        if (n == 1) {
            c = static_cast<int>(r);
        } else {
            --c;
            while (binomial(c, n) > r) --c;
            r -= binomial(c, n);
        }
        const Square at = square_at(board_square(c, pawn, lo, hi));
        if (occupied & bit(at)) return false;  // overlap: a broken slot
        occupied |= bit(at);
        pos.place(at, Piece{group.color, group.type});
    }
    return true;
}

std::optional<Position> random_position_of(const MaterialIndex& index, std::mt19937_64& rng) {
    const std::uint64_t id =
        std::uniform_int_distribution<std::uint64_t>(0, 2 * index.size() - 1)(rng);
    const bool black = id >= index.size();
    const auto p =
        index.position(black ? id - index.size() : id, black ? Color::Black : Color::White);
    if (!p || !p->is_ok()) return std::nullopt;
    const int symmetries = index.material().pawns() > 0 ? 2 : 8;
    return p->transformed(std::uniform_int_distribution<int>(0, symmetries - 1)(rng));
}

}  // namespace retrocheck::tb::chess
