#include "engine/chess/search/eval.h"

#include <algorithm>
#include <cstdlib>

#include "engine/chess/piece_value.h"

namespace retrocheck::chess {

namespace {

constexpr int kPhase[] = {0, 1, 1, 2, 4, 0};

// 0 on the rim, 3 in the four centre squares.
int centrality(Square s) {
    const int f = std::min(file_of(s), 7 - file_of(s)), r = std::min(rank_of(s), 7 - rank_of(s));
    return std::min(f, r) + (f + r) / 4;
}

// The squares in front of a pawn of c on s, on its file and the two beside it.
Bitboard passed_span(Color c, Square s) {
    Bitboard files = file_bb(file_of(s));
    if (file_of(s) > 0) files |= file_bb(file_of(s) - 1);
    if (file_of(s) < 7) files |= file_bb(file_of(s) + 1);
    Bitboard ahead = 0;
    for (int r = rank_of(s) + (c == Color::White ? 1 : -1); r >= 0 && r < 8;
         r += c == Color::White ? 1 : -1)
        ahead |= rank_bb(r);
    return files & ahead;
}

// Pawnless material with less than a rook's worth more than the other side: the general
// evaluation's edge does not win. How far toward a draw to scale it, in 64ths.
int drawish_scale(const Position& pos, int white_minus_black) {
    const Color strong = white_minus_black >= 0 ? Color::White : Color::Black;
    if (pos.pieces(strong, PieceType::Pawn)) return 64;
    const int ahead = material_value(pos, strong, false) - material_value(pos, ~strong, false);
    if (ahead > piece_value(PieceType::Bishop)) return 64;
    return material_value(pos, strong, false) < piece_value(PieceType::Rook) ? 0 : 16;
}

}  // namespace

EvalTerms eval_terms(const Position& pos) {
    EvalTerms e;
    int king_middle = 0, king_end = 0;
    for (const Color c : {Color::White, Color::Black}) {
        const int sign = c == Color::White ? 1 : -1;
        for (int t = 0; t < 5; ++t) {
            const int n = popcount(pos.pieces(c, piece_type(t)));
            e.material += sign * kPieceValue[static_cast<std::size_t>(t)] * n;
            e.phase += kPhase[t] * n;
        }
        for (Bitboard b = pos.pieces(c, PieceType::Knight); b;)
            e.placement += sign * 8 * centrality(pop_lowest(b));
        for (Bitboard b = pos.pieces(c, PieceType::Bishop); b;)
            e.placement += sign * 4 * centrality(pop_lowest(b));
        if (popcount(pos.pieces(c, PieceType::Bishop)) >= 2) e.bishop_pair += sign * 30;
        const Bitboard their_pawns = pos.pieces(~c, PieceType::Pawn);
        for (Bitboard b = pos.pieces(c, PieceType::Pawn); b;) {
            const Square s = pop_lowest(b);
            const int rank = relative_rank(c, s);
            e.pawns += sign * 4 * rank;
            if (!(passed_span(c, s) & their_pawns)) e.pawns += sign * (10 + rank * rank * 4);
        }
        const Square k = pos.king(c);
        king_middle += sign * (relative_rank(c, k) == 0 ? 20 : -10 * relative_rank(c, k));
        king_end += sign * 12 * centrality(k);
    }
    e.phase = std::min(e.phase, 24);
    e.placement += (king_middle * e.phase + king_end * (24 - e.phase)) / 24;
    return e;
}

search::Score evaluate(const Position& pos, const endgames::Registry* knowledge) {
    if (knowledge)
        if (const auto* entry = knowledge->find(pos.material_key()))
            return std::clamp(entry->evaluate(pos, entry->strong), -search::kMaxEval,
                              search::kMaxEval);
    int v = eval_terms(pos).total();
    if (knowledge) v = v * drawish_scale(pos, v) / 64;
    const int tempo = 10;
    const int stm = (pos.side_to_move() == Color::White ? v : -v) + tempo;
    return std::clamp(stm, -search::kMaxEval, search::kMaxEval);
}

}  // namespace retrocheck::chess
