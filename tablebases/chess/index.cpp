#include "tablebases/chess/index.h"

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
using retrocheck::chess::make_square;
using retrocheck::chess::Piece;
using retrocheck::chess::Position;
using retrocheck::chess::rank_of;
using retrocheck::chess::Setup;
using retrocheck::chess::Square;
using retrocheck::chess::square_at;

constexpr PieceType kTypes[5] = {PieceType::Queen, PieceType::Rook, PieceType::Bishop,
                                 PieceType::Knight, PieceType::Pawn};

std::uint64_t binomial(int n, int k) {
    if (k < 0 || k > n) return 0;
    std::uint64_t r = 1;
    for (int i = 1; i <= k; ++i)
        r = r * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
    return r;
}

// Symmetry k of the square: bit 0 mirrors the files, bit 1 the ranks, bit 2 the a1-h8 diagonal.
Square transform(Square s, int k) {
    int f = file_of(s), r = rank_of(s);
    if (k & 1) f = 7 - f;
    if (k & 2) r = 7 - r;
    if (k & 4) std::swap(f, r);
    return make_square(f, r);
}

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

// pair_slot[pawns][white][black]: the pair's slot, or -1.
struct PairSlots {
    std::array<std::array<std::array<int, 64>, 64>, 2> slot{};
    PairSlots() {
        for (int p = 0; p < 2; ++p) {
            for (auto& row : slot[static_cast<std::size_t>(p)]) row.fill(-1);
            const auto& pairs = king_pairs(p == 1);
            for (std::size_t i = 0; i < pairs.size(); ++i)
                slot[static_cast<std::size_t>(p)][slot_of(pairs[i].white)]
                    [slot_of(pairs[i].black)] = static_cast<int>(i);
        }
    }
    static std::size_t slot_of(Square s) { return static_cast<std::size_t>(s); }
};
const PairSlots& pair_slots() {
    static const PairSlots p;
    return p;
}

bool is_pawn(const Piece& p) { return p.type == PieceType::Pawn; }

// Colex rank of the sorted positions `at` (0-based within the domain).
std::uint64_t rank_combination(const std::vector<int>& at) {
    std::uint64_t r = 0;
    for (std::size_t i = 0; i < at.size(); ++i) r += binomial(at[i], static_cast<int>(i) + 1);
    return r;
}

std::vector<int> unrank_combination(std::uint64_t r, int k) {
    std::vector<int> at(static_cast<std::size_t>(k));
    for (int i = k; i >= 1; --i) {
        int c = i - 1;
        while (binomial(c + 1, i) <= r) ++c;
        at[static_cast<std::size_t>(i - 1)] = c;
        r -= binomial(c, i);
    }
    return at;
}

}  // namespace

const std::vector<KingPair>& king_pairs(bool pawns) {
    static const std::vector<KingPair> without = make_pairs(false), with = make_pairs(true);
    return pawns ? with : without;
}

MaterialIndex::MaterialIndex(Material material) : material_(material) {
    pawns_ = material.pawns() > 0;
    size_ = king_pairs(pawns_).size();
    for (Color c : {Color::White, Color::Black})
        for (std::size_t t = 0; t < 5; ++t) {
            const int k = material.count[slot(c)][t];
            if (!k) continue;
            const Group g{{c, kTypes[t]}, k, binomial(kTypes[t] == PieceType::Pawn ? 48 : 62, k)};
            groups_.push_back(g);
            assert(size_ <= std::numeric_limits<std::uint64_t>::max() / g.radix);
            size_ *= g.radix;
        }
}

std::uint64_t MaterialIndex::raw_index(const Position& pos, int k) const {
    const Square wk = transform(pos.king(Color::White), k);
    const Square bk = transform(pos.king(Color::Black), k);
    const int pair =
        pair_slots().slot[pawns_][static_cast<std::size_t>(wk)][static_cast<std::size_t>(bk)];
    if (pair < 0) return std::numeric_limits<std::uint64_t>::max();
    std::uint64_t index = static_cast<std::uint64_t>(pair);
    for (const Group& g : groups_) {
        std::vector<int> at;
        for (Bitboard b = pos.pieces(g.piece.color, g.piece.type); b;) {
            const Square s = transform(retrocheck::chess::pop_lowest(b), k);
            int d = static_cast<int>(s);
            if (is_pawn(g.piece)) {
                d -= 8;  // ranks 2-7
            } else {
                d -= (s > wk) + (s > bk);  // the 62 squares the kings leave
            }
            at.push_back(d);
        }
        std::sort(at.begin(), at.end());
        index = index * g.radix + rank_combination(at);
    }
    return index;
}

std::uint64_t MaterialIndex::index(const Position& pos) const {
    std::uint64_t best = std::numeric_limits<std::uint64_t>::max();
    for (int k = 0; k < (pawns_ ? 2 : 8); ++k) best = std::min(best, raw_index(pos, k));
    return best;
}

std::optional<Position> MaterialIndex::position(std::uint64_t i, Color side) const {
    if (i >= size_) return std::nullopt;
    const std::uint64_t slot_i = i;
    Setup s;
    s.side = side;
    std::vector<std::uint64_t> ranks(groups_.size());
    for (std::size_t g = groups_.size(); g-- > 0;) {
        ranks[g] = i % groups_[g].radix;
        i /= groups_[g].radix;
    }
    const KingPair kings = king_pairs(pawns_)[static_cast<std::size_t>(i)];
    s.board[slot(kings.white)] = Piece{Color::White, PieceType::King};
    s.board[slot(kings.black)] = Piece{Color::Black, PieceType::King};
    for (std::size_t g = 0; g < groups_.size(); ++g) {
        for (int d : unrank_combination(ranks[g], groups_[g].count)) {
            int sq = d;
            if (is_pawn(groups_[g].piece)) {
                sq += 8;
            } else {  // back from the 62 squares to the board
                const int lo =
                    std::min(static_cast<int>(kings.white), static_cast<int>(kings.black));
                const int hi =
                    std::max(static_cast<int>(kings.white), static_cast<int>(kings.black));
                if (sq >= lo) ++sq;
                if (sq >= hi) ++sq;
            }
            auto& cell = s.board[static_cast<std::size_t>(sq)];
            if (cell) return std::nullopt;  // overlap: a broken slot
            cell = groups_[g].piece;
        }
    }
    const Position pos = Position::from_setup(s);
    // Only the canonical image of a position owns a slot.
    if (index(pos) != slot_i) return std::nullopt;
    return pos;
}

}  // namespace retrocheck::tb::chess
