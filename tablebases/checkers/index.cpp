#include "tablebases/checkers/index.h"

#include <cassert>

#include "engine/checkers/rules.h"

namespace retrocheck::tb {

using checkers::Bitboard;
using checkers::Color;
using checkers::Position;

namespace {

constexpr auto kBinomial = [] {
    std::array<std::array<std::uint64_t, 33>, 33> c{};
    for (int n = 0; n <= 32; ++n) {
        c[static_cast<std::size_t>(n)][0] = 1;
        for (int k = 1; k <= n; ++k)
            c[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)] =
                c[static_cast<std::size_t>(n - 1)][static_cast<std::size_t>(k - 1)] +
                (k < n ? c[static_cast<std::size_t>(n - 1)][static_cast<std::size_t>(k)] : 0);
    }
    return c;
}();

constexpr Bitboard kBlackBackRow = 0x0000000Fu;  // 1-4: only black men (white men crown there)
constexpr Bitboard kShared = 0x0FFFFFF0u;        // 5-28: men of both colours
constexpr Bitboard kWhiteMenSquares = ~checkers::rules::promotion_row(Color::White);

// Colex rank of the squares of `pieces` counted among the squares of `available`.
std::uint64_t rank(Bitboard pieces, Bitboard available) {
    std::uint64_t r = 0;
    int k = 1;
    for (Bitboard b = pieces; b; b &= b - 1, ++k) {
        const Bitboard below = (b & (~b + 1)) - 1;
        r += binomial(checkers::popcount(available & below), k);
    }
    return r;
}

// The square of the c-th (0-based) set bit of available.
Bitboard select_bit(Bitboard available, int c) {
    for (int i = 0; i < c; ++i) available &= available - 1;
    return available & (~available + 1);
}

// The k squares of `available` whose colex rank is r.
Bitboard unrank(std::uint64_t r, int k, Bitboard available) {
    Bitboard out = 0;
    int c = checkers::popcount(available);
    for (int i = k; i >= 1; --i) {
        do --c;
        while (binomial(c, i) > r);
        r -= binomial(c, i);
        out |= select_bit(available, c);
    }
    return out;
}

}  // namespace

std::uint64_t binomial(int n, int k) {
    if (k < 0 || n < 0 || k > n) return 0;
    return kBinomial[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
}

SliceIndex::SliceIndex(Slice s) : slice_(s) {
    const int bm = s.black_men, wm = s.white_men, bk = s.black_kings, wk = s.white_kings;
    first_j_ = bm > 4 ? bm - 4 : 0;
    for (int j = first_j_; j <= bm && j <= 24; ++j) {
        Group g{size_,
                binomial(4, bm - j),
                binomial(24, j),
                binomial(28 - j, wm),
                binomial(32 - bm - wm, bk),
                binomial(32 - bm - wm - bk, wk)};
        groups_[static_cast<std::size_t>(n_groups_++)] = g;
        size_ += g.low_men * g.mid_men * g.white_men * g.black_kings * g.white_kings;
    }
}

std::uint64_t SliceIndex::index(const Position& pos) const {
    assert(slice_of(pos) == slice_);
    const Bitboard black_men = pos.men(Color::Black);
    const Bitboard white_men = pos.men(Color::White);
    const Bitboard black_kings = pos.kings(Color::Black);
    const Bitboard white_kings = pos.kings(Color::White);
    const int j = checkers::popcount(black_men & kShared);
    const Group& g = groups_[static_cast<std::size_t>(j - first_j_)];
    const Bitboard empty_after_men = ~(black_men | white_men);
    std::uint64_t i = rank(black_men & kBlackBackRow, kBlackBackRow);
    i = i * g.mid_men + rank(black_men & kShared, kShared);
    i = i * g.white_men + rank(white_men, kWhiteMenSquares & ~black_men);
    i = i * g.black_kings + rank(black_kings, empty_after_men);
    i = i * g.white_kings + rank(white_kings, empty_after_men & ~black_kings);
    return g.offset + i;
}

Position SliceIndex::position(std::uint64_t i, Color side_to_move) const {
    assert(i < size_);
    int k = n_groups_ - 1;
    while (groups_[static_cast<std::size_t>(k)].offset > i) --k;
    const Group& g = groups_[static_cast<std::size_t>(k)];
    const int j = first_j_ + k;
    i -= g.offset;
    const std::uint64_t wk_rank = i % g.white_kings;
    i /= g.white_kings;
    const std::uint64_t bk_rank = i % g.black_kings;
    i /= g.black_kings;
    const std::uint64_t wm_rank = i % g.white_men;
    i /= g.white_men;
    const std::uint64_t mid_rank = i % g.mid_men;
    const std::uint64_t low_rank = i / g.mid_men;

    const Bitboard black_men =
        unrank(low_rank, slice_.black_men - j, kBlackBackRow) | unrank(mid_rank, j, kShared);
    const Bitboard white_men = unrank(wm_rank, slice_.white_men, kWhiteMenSquares & ~black_men);
    const Bitboard empty_after_men = ~(black_men | white_men);
    const Bitboard black_kings = unrank(bk_rank, slice_.black_kings, empty_after_men);
    const Bitboard white_kings =
        unrank(wk_rank, slice_.white_kings, empty_after_men & ~black_kings);
    return Position::from_bitboards(black_men | black_kings, white_men | white_kings,
                                    black_kings | white_kings, side_to_move);
}

}  // namespace retrocheck::tb
