#include "engine/checkers/shrink.h"

#include <optional>

namespace retrocheck::checkers {

namespace {

Position without(const Position& p, Bitboard b) {
    return Position::from_bitboards(p.pieces(Color::Black) & ~b, p.pieces(Color::White) & ~b,
                                    p.kings() & ~b, p.side_to_move());
}

Position demoted(const Position& p, Bitboard b) {
    return Position::from_bitboards(p.pieces(Color::Black), p.pieces(Color::White), p.kings() & ~b,
                                    p.side_to_move());
}

// The first smaller position `make` gives (over the squares of `from`) that is well formed and
// still failing.
template <typename Make>
std::optional<Position> step(const Position& p, Bitboard from, Make make,
                             const std::function<bool(const Position&)>& failing) {
    for (int s = 0; s < kSquares; ++s) {
        const Bitboard b = bit(static_cast<Square>(s));
        if (!(from & b)) continue;
        const Position q = make(p, b);
        if (q.is_ok() && failing(q)) return q;
    }
    return std::nullopt;
}

}  // namespace

Position shrink(const Position& pos, const std::function<bool(const Position&)>& failing) {
    Position p = pos;
    for (;;) {
        if (auto q = step(p, p.occupied(), without, failing)) {
            p = *q;
            continue;
        }
        if (auto q = step(p, p.kings(), demoted, failing)) {
            p = *q;
            continue;
        }
        return p;
    }
}

}  // namespace retrocheck::checkers
