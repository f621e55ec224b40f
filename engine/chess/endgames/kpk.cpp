#include "engine/chess/endgames/kpk.h"

#include <cassert>

#include "engine/chess/endgames/registry.h"

namespace retrocheck::chess::endgames {

KpkBitbase KpkBitbase::from(const std::function<bool(const Position&)>& white_wins) {
    KpkBitbase b;
    for (const Color side : {Color::White, Color::Black})
        for (int wk = 0; wk < kSquares; ++wk)
            for (int bk = 0; bk < kSquares; ++bk)
                for (int p = 8; p < 56; ++p) {
                    if (wk == bk || wk == p || bk == p) continue;
                    Position pos = Position::empty(side);
                    pos.place(square_at(wk), {Color::White, PieceType::King});
                    pos.place(square_at(bk), {Color::Black, PieceType::King});
                    pos.place(square_at(p), {Color::White, PieceType::Pawn});
                    if (!pos.is_ok() || !white_wins(pos)) continue;
                    const std::size_t i = index(side, square_at(wk), square_at(bk), square_at(p));
                    b.bits_[i / 64] |= std::uint64_t{1} << (i % 64);
                }
    return b;
}

bool KpkBitbase::white_wins(const Position& pos) const {
    assert(popcount(pos.pieces(Color::White, PieceType::Pawn)) == 1);
    const std::size_t i = index(pos.side_to_move(), pos.king(Color::White), pos.king(Color::Black),
                                lowest_square(pos.pieces(Color::White, PieceType::Pawn)));
    return (bits_[i / 64] >> (i % 64) & 1u) != 0;
}

std::uint64_t KpkBitbase::wins() const {
    std::uint64_t n = 0;
    for (const std::uint64_t w : bits_) n += static_cast<std::uint64_t>(popcount(w));
    return n;
}

search::Score evaluate_kpk(const Position& pos, Color strong, const KpkBitbase& bitbase) {
    const Position white = strong == Color::White ? pos : pos.flipped();
    if (!bitbase.white_wins(white)) return 0;
    const Square pawn = lowest_square(white.pieces(Color::White, PieceType::Pawn));
    const int value = kKnownWin + 100 + 40 * rank_of(pawn);
    return pos.side_to_move() == strong ? value : -value;
}

}  // namespace retrocheck::chess::endgames
