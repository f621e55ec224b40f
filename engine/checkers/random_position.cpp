#include "engine/checkers/random_position.h"

#include <algorithm>
#include <array>
#include <numeric>

#include "engine/checkers/movegen.h"

namespace retrocheck::checkers {

Position random_position(std::mt19937_64& rng, int pieces) {
    const int n = std::clamp(pieces, 0, 24);
    std::array<int, kSquares> squares{};
    std::iota(squares.begin(), squares.end(), 0);
    std::shuffle(squares.begin(), squares.end(), rng);
    const int black = std::uniform_int_distribution<int>(std::max(0, n - 12), std::min(12, n))(rng);
    Bitboard bb[2] = {0, 0}, kings = 0;
    for (int i = 0; i < n; ++i) {
        const Color c = i < black ? Color::Black : Color::White;
        const Bitboard b = bit(static_cast<Square>(squares[static_cast<std::size_t>(i)]));
        bb[static_cast<int>(c)] |= b;
        if ((b & rules::promotion_row(c)) || (rng() & 1)) kings |= b;
    }
    const Color side = (rng() & 1) ? Color::Black : Color::White;
    const Position pos = Position::from_bitboards(bb[0], bb[1], kings, side);
    assert(pos.is_ok());
    return pos;
}

Position random_playout(std::mt19937_64& rng, int max_plies) {
    Position pos = Position::start();
    const int plies = std::uniform_int_distribution<int>(0, std::max(0, max_plies))(rng);
    for (int i = 0; i < plies; ++i) {
        const MoveList moves = legal_moves(pos);
        if (moves.empty()) break;
        pos =
            pos.after(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
    return pos;
}

}  // namespace retrocheck::checkers
