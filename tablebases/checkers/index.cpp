#include "tablebases/checkers/index.h"

#include <bit>
#include <cassert>
#ifdef __BMI2__
#include <immintrin.h>
#endif

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

// Colex rank of the squares of `pieces` counted among the squares of `available`: the k-th
// piece (from 1) at place c among them adds C(c, k). Every lookup is inside the table (c < 32,
// k <= 12), so it is read without binomial()'s range checks: ranking every child is the
// verifier's hottest step.
std::uint64_t rank(Bitboard pieces, Bitboard available) {
    std::uint64_t r = 0;
    std::size_t k = 1;
    for (Bitboard b = pieces; b; b &= b - 1, ++k) {
        const Bitboard below = (b & (~b + 1)) - 1;
        r += kBinomial[static_cast<std::size_t>(checkers::popcount(available & below))][k];
    }
    return r;
}

// The squares of `available` picked by the bits of `picks` (bit c: the c-th square, from 0):
// one instruction with BMI2, the builder's hottest step without it.
Bitboard deposit(Bitboard picks, Bitboard available) {
#ifdef __BMI2__
    return _pdep_u32(picks, available);
#else
    Bitboard out = 0;
    for (; picks; picks &= picks - 1) {
        Bitboard a = available;
        for (int i = std::countr_zero(picks); i > 0; --i) a &= a - 1;
        out |= a & (~a + 1);
    }
    return out;
#endif
}

// The k of n available squares whose colex rank is r, as bits of those squares: the largest c
// with C(c, i) <= r is the i-th piece's place among them, for i = k down to 1 (c only falls, so
// the search costs at most n steps in all).
Bitboard unrank_picks(std::uint64_t r, int k, int n) {
    Bitboard picks = 0;
    int c = n;
    for (int i = k; i >= 1; --i) {
        const auto column = static_cast<std::size_t>(i);
        do --c;
        while (kBinomial[static_cast<std::size_t>(c)][column] > r);
        r -= kBinomial[static_cast<std::size_t>(c)][column];
        picks |= Bitboard{1} << c;
    }
    return picks;
}

Bitboard unrank(std::uint64_t r, int k, Bitboard available) {
    return deposit(unrank_picks(r, k, checkers::popcount(available)), available);
}

// The next larger number with as many bits set (colex order's next combination).
Bitboard next_combination(Bitboard x) {
    const Bitboard lowest = x & (~x + 1);
    const Bitboard ripple = x + lowest;
    return ripple | (((x ^ ripple) >> 2) / lowest);
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

SliceIndex::MenPart SliceIndex::men_part(const Position& pos) const {
    assert(slice_of(pos) == slice_);
    const Bitboard black_men = pos.men(Color::Black);
    const Bitboard white_men = pos.men(Color::White);
    const int j = checkers::popcount(black_men & kShared);
    const Group& g = groups_[static_cast<std::size_t>(j - first_j_)];
    std::uint64_t i = rank(black_men & kBlackBackRow, kBlackBackRow);
    i = i * g.mid_men + rank(black_men & kShared, kShared);
    i = i * g.white_men + rank(white_men, kWhiteMenSquares & ~black_men);
    return {g.offset, i, g.black_kings, g.white_kings, ~(black_men | white_men)};
}

std::uint64_t SliceIndex::index(const MenPart& men, Bitboard black_kings,
                                Bitboard white_kings) const {
    std::uint64_t i = men.rank * men.black_kings_radix + rank(black_kings, men.empty);
    i = i * men.white_kings_radix + rank(white_kings, men.empty & ~black_kings);
    return men.offset + i;
}

std::uint64_t SliceIndex::index(const Position& pos) const {
    return index(men_part(pos), pos.kings(Color::Black), pos.kings(Color::White));
}

SliceIndex::Parts SliceIndex::parts(std::uint64_t i) const {
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

    Parts p{};
    p.black_men =
        unrank(low_rank, slice_.black_men - j, kBlackBackRow) | unrank(mid_rank, j, kShared);
    p.white_men = unrank(wm_rank, slice_.white_men, kWhiteMenSquares & ~p.black_men);
    const Bitboard empty_after_men = ~(p.black_men | p.white_men);
    p.bk_picks = unrank_picks(bk_rank, slice_.black_kings, checkers::popcount(empty_after_men));
    p.black_kings = deposit(p.bk_picks, empty_after_men);
    const Bitboard wk_squares = empty_after_men & ~p.black_kings;
    p.wk_picks = unrank_picks(wk_rank, slice_.white_kings, checkers::popcount(wk_squares));
    p.white_kings = deposit(p.wk_picks, wk_squares);
    p.wk_rank = wk_rank;
    p.bk_rank = bk_rank;
    p.wk_count = g.white_kings;
    p.bk_count = g.black_kings;
    return p;
}

Position SliceIndex::position(std::uint64_t i, Color side_to_move) const {
    const Parts p = parts(i);
    return Position::from_bitboards(p.black_men | p.black_kings, p.white_men | p.white_kings,
                                    p.black_kings | p.white_kings, side_to_move);
}

SliceIndex::Walk::Walk(const SliceIndex& index, std::uint64_t i, Color side)
    : index_(&index), i_(i), side_(side) {
    load();
}

void SliceIndex::Walk::load() {
    const Parts p = index_->parts(i_);
    pos_ = Position::from_bitboards(p.black_men | p.black_kings, p.white_men | p.white_kings,
                                    p.black_kings | p.white_kings, side_);
    white_moves_ = index_->slice_.white_kings > 0;
    if (white_moves_) {
        black_ = p.black_men | p.black_kings;
        white_ = p.white_men;
        kings_ = p.black_kings;
        available_ = ~(p.black_men | p.white_men | p.black_kings);
        picks_ = p.wk_picks;
        left_ = p.wk_count - 1 - p.wk_rank;
    } else {
        black_ = p.black_men;
        white_ = p.white_men;
        kings_ = 0;
        available_ = ~(p.black_men | p.white_men);
        picks_ = p.bk_picks;
        left_ = index_->slice_.black_kings > 0 ? p.bk_count - 1 - p.bk_rank : 0;
    }
}

void SliceIndex::Walk::next() {
    ++i_;
    if (left_ == 0) {
        load();
        return;
    }
    --left_;
    picks_ = next_combination(picks_);
    const Bitboard moved = deposit(picks_, available_);
    pos_ = white_moves_ ? Position::from_bitboards(black_, white_ | moved, kings_ | moved, side_)
                        : Position::from_bitboards(black_ | moved, white_, kings_ | moved, side_);
}

}  // namespace retrocheck::tb
