#include "engine/checkers/search/eval.h"

#include <algorithm>
#include <array>

#include "engine/checkers/bitboard.h"
#include "engine/checkers/rules.h"

namespace retrocheck::checkers {

namespace {

constexpr int kManValue = 100;
constexpr int kKingValue = 140;

// By rows still to go before crowning (1..7): a man one step from the crowning row is worth
// most of the way to a king.
constexpr std::array<int, 8> kAdvance = {0, 20, 14, 10, 7, 4, 2, 0};

// Runaway man: no opposing piece in the cone of squares in front of it.
constexpr std::array<int, 8> kRunaway = {0, 36, 30, 24, 18, 12, 6, 0};

constexpr Bitboard kCentre = (1u << 13) | (1u << 14) | (1u << 17) | (1u << 18);  // 14,15,18,19
// 10, 11, 16, 17, 22, 23: the squares around the centre.
constexpr Bitboard kInnerRing =
    (1u << 9) | (1u << 10) | (1u << 15) | (1u << 16) | (1u << 21) | (1u << 22);
// The side columns (5, 13, 21, 29 and 4, 12, 20, 28) and both back rows.
constexpr Bitboard kEdges = 0x18181818u | 0x0000000Fu | 0xF0000000u;
constexpr Bitboard kBlackBridge = (1u << 0) | (1u << 2);    // squares 1 and 3
constexpr Bitboard kWhiteBridge = (1u << 29) | (1u << 31);  // squares 30 and 32

constexpr int row_of(int idx) { return idx / 4; }

template <Color C>
constexpr int rows_to_go(int idx) {
    return C == Color::Black ? 7 - row_of(idx) : row_of(idx);
}

// The squares a man of colour C on each square could reach by forward steps.
template <Color C>
constexpr std::array<Bitboard, 32> make_cones() {
    std::array<Bitboard, 32> cones{};
    for (int s = 0; s < 32; ++s) {
        Bitboard frontier = Bitboard{1} << s, cone = 0;
        for (int r = 0; r < 7; ++r) {
            frontier = step<kForwardLeft<C>>(frontier) | step<kForwardRight<C>>(frontier);
            cone |= frontier;
        }
        cones[static_cast<std::size_t>(s)] = cone;
    }
    return cones;
}
constexpr auto kBlackCones = make_cones<Color::Black>();
constexpr auto kWhiteCones = make_cones<Color::White>();

Bitboard neighbours(Bitboard b) {
    return step<Direction::DownLeft>(b) | step<Direction::DownRight>(b) |
           step<Direction::UpLeft>(b) | step<Direction::UpRight>(b);
}

// The terms of one colour (positive for it).
template <Color C>
void add_side(const Position& pos, EvalTerms& t, int sign) {
    const Bitboard men = pos.men(C), kings = pos.kings(C), them = pos.pieces(~C);
    const auto& cones = C == Color::Black ? kBlackCones : kWhiteCones;
    t.material += sign * (kManValue * popcount(men) + kKingValue * popcount(kings));
    for (Bitboard b = men; b; b &= b - 1) {
        const int s = std::countr_zero(b);
        const auto go = static_cast<std::size_t>(rows_to_go<C>(s));
        t.advancement += sign * kAdvance[go];
        if ((cones[static_cast<std::size_t>(s)] & them) == 0) t.runaway += sign * kRunaway[go];
    }
    const Bitboard bridge = C == Color::Black ? kBlackBridge : kWhiteBridge;
    if (pos.men(~C) != 0) t.back_rank += sign * 12 * popcount(men & bridge);
    for (Bitboard b = kings; b; b &= b - 1) {
        const Bitboard k = b & (~b + 1);
        const int free = popcount(neighbours(k) & pos.empty());
        t.kings += sign * (4 * free - (free == 0 ? 20 : 0) - ((k & kEdges) ? 8 : 0));
    }
    t.centre +=
        sign * (8 * popcount(pos.pieces(C) & kCentre) + 3 * popcount(pos.pieces(C) & kInnerRing));
}

}  // namespace

EvalTerms eval_terms(const Position& pos) {
    EvalTerms t;
    add_side<Color::Black>(pos, t, +1);
    add_side<Color::White>(pos, t, -1);
    // Ahead in material, fewer pieces on the board make the advantage count for more.
    const int pieces = pos.piece_count();
    t.simplify = t.material * (24 - pieces) / 48;
    return t;
}

Score evaluate(const Position& pos) {
    const int black_view = eval_terms(pos).total();
    const int v = pos.side_to_move() == Color::Black ? black_view : -black_view;
    return std::clamp(v, -kMaxEval, kMaxEval);
}

}  // namespace retrocheck::checkers
