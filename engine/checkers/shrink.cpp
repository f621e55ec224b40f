#include "engine/checkers/shrink.h"

namespace retrocheck::checkers {

std::vector<Position> simpler(const Position& pos, int min_pieces) {
    std::vector<Position> out;
    if (pos.piece_count() > min_pieces)
        for (Bitboard b = pos.occupied(); b; b &= b - 1) out.push_back(pos.without(b & (~b + 1)));
    for (Bitboard b = pos.kings(); b; b &= b - 1) out.push_back(pos.uncrowned(b & (~b + 1)));
    std::erase_if(out, [](const Position& p) { return !p.is_ok(); });
    return out;
}

Position shrink(const Position& pos, const std::function<bool(const Position&)>& failing) {
    Position p = pos;
    for (bool simplified = true; simplified;) {
        simplified = false;
        for (const Position& q : simpler(p))
            if (failing(q)) {
                p = q;
                simplified = true;
                break;
            }
    }
    return p;
}

}  // namespace retrocheck::checkers
