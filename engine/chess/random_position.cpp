#include "engine/chess/random_position.h"

#include <algorithm>

#include "engine/chess/castling.h"
#include "engine/chess/movegen.h"

namespace retrocheck::chess {

namespace {

// Pawns most often, then each piece.
PieceType random_type(std::mt19937_64& rng) {
    static constexpr PieceType kTypes[] = {PieceType::Pawn,   PieceType::Pawn,   PieceType::Pawn,
                                           PieceType::Knight, PieceType::Bishop, PieceType::Rook,
                                           PieceType::Queen};
    return kTypes[std::uniform_int_distribution<std::size_t>(0, std::size(kTypes) - 1)(rng)];
}

// The castling rights the board allows, each kept with probability 3/4.
std::uint8_t random_castling(const Setup& s, std::mt19937_64& rng) {
    std::uint8_t rights = 0;
    for (const Castling& c : kCastlings) {
        const auto& k = s.board[slot(c.king_from)];
        const auto& r = s.board[slot(c.rook_from)];
        if (k && *k == Piece{c.color, PieceType::King} && r &&
            *r == Piece{c.color, PieceType::Rook} && rng() % 4 != 0)
            rights |= c.right;
    }
    return rights;
}

}  // namespace

Position random_position(std::mt19937_64& rng, int pieces) {
    pieces = std::clamp(pieces, 0, 30);
    std::uniform_int_distribution<int> square(0, kSquares - 1);
    for (;;) {
        Setup s;
        s.side = rng() % 2 ? Color::White : Color::Black;
        int placed[2] = {0, 0}, pawns[2] = {0, 0};
        auto free_square = [&](bool pawn) {
            for (;;) {
                const Square sq = square_at(square(rng));
                if (s.board[slot(sq)]) continue;
                if (pawn && (rank_of(sq) == 0 || rank_of(sq) == 7)) continue;
                return sq;
            }
        };
        for (const Color c : {Color::White, Color::Black})
            s.board[slot(free_square(false))] = Piece{c, PieceType::King};
        for (int i = 0; i < pieces; ++i) {
            Color c = rng() % 2 ? Color::White : Color::Black;
            if (placed[slot(c)] == 15) c = ~c;
            PieceType t = random_type(rng);
            if (t == PieceType::Pawn && pawns[slot(c)] == 8) t = PieceType::Knight;
            s.board[slot(free_square(t == PieceType::Pawn))] = Piece{c, t};
            ++placed[slot(c)];
            pawns[slot(c)] += t == PieceType::Pawn;
        }
        s.castling = random_castling(s, rng);
        Position pos = Position::from_setup(s);
        if (!pos.is_ok()) continue;
        // An en passant right behind a pawn of the side not to move that can just have made a
        // double push, where the side to move can capture.
        std::vector<Square> eps;
        const Color them = ~pos.side_to_move();
        for (Bitboard b = pos.pieces(them, PieceType::Pawn); b;) {
            const Square p = pop_lowest(b);
            if (relative_rank(them, p) != 3) continue;
            const Square ep = square_at(index_of(p) + (them == Color::White ? -8 : 8));
            if (!double_push_problem(pos, ep) && en_passant_capturable(pos, pos.side_to_move(), ep))
                eps.push_back(ep);
        }
        if (!eps.empty() && rng() % 4 != 0) {
            const Position with = pos.with_en_passant(
                eps[std::uniform_int_distribution<std::size_t>(0, eps.size() - 1)(rng)]);
            if (with.is_ok()) return with;
        }
        return pos;
    }
}

Position random_playout(std::mt19937_64& rng, int max_plies) {
    Position pos = Position::start();
    for (int ply = 0; ply < max_plies; ++ply) {
        const MoveList moves = legal_moves(pos);
        if (moves.size() == 0) break;
        pos =
            pos.after(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
    return pos;
}

}  // namespace retrocheck::chess
