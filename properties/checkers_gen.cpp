#include "properties/checkers_gen.h"

#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/random_position.h"
#include "engine/checkers/rules.h"
#include "engine/checkers/shrink.h"

namespace retrocheck::checkers {

void showValue(const Position& pos, std::ostream& os) { os << "\n" << describe(pos); }

void showValue(const Move& m, std::ostream& os) { os << format_move(m); }

namespace gen {

rc::Gen<Position> position_with(int pieces) {
    return rc::gen::exec([pieces] {
        const int n = std::clamp(pieces, 0, 24);
        const int black = *rc::gen::inRange(std::max(0, n - 12), std::min(12, n) + 1);
        const auto squares = *rc::gen::unique<std::vector<int>>(static_cast<std::size_t>(n),
                                                                rc::gen::inRange(0, kSquares));
        Bitboard bb[2] = {0, 0}, kings = 0;
        for (int i = 0; i < n; ++i) {
            const Color c = i < black ? Color::Black : Color::White;
            const Bitboard b = bit(static_cast<Square>(squares[static_cast<std::size_t>(i)]));
            bb[static_cast<int>(c)] |= b;
            // A piece on its own promotion row can only be a king.
            if ((b & rules::promotion_row(c)) || *rc::gen::arbitrary<bool>()) kings |= b;
        }
        const Color side = *rc::gen::arbitrary<bool>() ? Color::Black : Color::White;
        return Position::from_bitboards(bb[0], bb[1], kings, side);
    });
}

rc::Gen<Position> any_position() {
    return rc::gen::mapcat(rc::gen::inRange(1, 25), [](int n) { return position_with(n); });
}

rc::Gen<Position> playout(int max_plies) {
    return rc::gen::exec([max_plies] {
        Position pos = Position::start();
        const int plies = *rc::gen::inRange(0, max_plies + 1);
        for (int i = 0; i < plies; ++i) {
            const MoveList moves = legal_moves(pos);
            if (moves.empty()) break;
            const auto k = *rc::gen::inRange<std::size_t>(0, moves.size());
            pos = pos.after(moves[k]);
        }
        return pos;
    });
}

rc::Gen<Position> mixed_position() { return rc::gen::oneOf(any_position(), playout()); }

rc::Gen<Position> position_where(int min_pieces, int max_pieces,
                                 std::function<bool(const Position&)> keep, int max_tries) {
    return rc::Gen<Position>([=](const rc::Random& random, int) {
        rc::Random r = random;
        std::mt19937_64 rng(r.next());
        const int low = std::clamp(min_pieces, 0, 24), high = std::clamp(max_pieces, low, 24);
        for (int tries = 0; tries < max_tries; ++tries) {
            const int n = low + static_cast<int>(rng() % static_cast<unsigned>(high - low + 1));
            const Position pos = random_position(rng, n);
            if (!keep(pos)) continue;
            return rc::shrinkable::shrinkRecur(pos, [=](const Position& p) {
                std::vector<Position> kept = simpler(p, low);
                std::erase_if(kept, [&](const Position& q) { return !keep(q); });
                return rc::seq::fromContainer(std::move(kept));
            });
        }
        throw rc::GenerationFailure("no position of the kind asked for in " +
                                    std::to_string(max_tries) + " tries");
    });
}

}  // namespace gen

void classify(const Position& pos) {
    const bool capture = has_capture(pos, pos.side_to_move());
    RC_TAG(pos.piece_count() < 10 ? "pieces 0" + std::to_string(pos.piece_count())
                                  : "pieces " + std::to_string(pos.piece_count()));
    RC_CLASSIFY(capture, "side to move must capture");
    RC_CLASSIFY(!capture && has_capture(pos, ~pos.side_to_move()),
                "only the other side can capture");
    RC_CLASSIFY(pos.kings() != 0, "kings on the board");
}

}  // namespace retrocheck::checkers
