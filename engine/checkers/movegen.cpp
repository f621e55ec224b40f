#include "engine/checkers/movegen.h"

#include "engine/checkers/movegen_impl.h"

namespace retrocheck::checkers {
namespace {

// Builds full moves with their landing paths.
struct ListSink {
    MoveList& out;
    Square from{};
    std::array<Square, kMaxLandings> path{};

    void step(Bitboard from_bit, Bitboard to) {
        out.push_back(Move::step(lowest_square(from_bit), lowest_square(to)));
    }
    void start(Bitboard at) { from = lowest_square(at); }
    void land(int depth, Bitboard landing) {
        path[static_cast<std::size_t>(depth)] = lowest_square(landing);
    }
    void capture(int n, Bitboard, Bitboard captured) {
        Move m;
        m.from = from;
        m.n_landings = static_cast<std::uint8_t>(n);
        m.captured = captured;
        m.landings = path;
        out.push_back(m);
    }
};

}  // namespace

void generate_moves(const Position& pos, MoveList& out) {
    ListSink sink{out};
    if (pos.side_to_move() == Color::Black)
        detail::generate<Color::Black>(pos, sink);
    else
        detail::generate<Color::White>(pos, sink);
}

MoveList legal_moves(const Position& pos) {
    MoveList moves;
    generate_moves(pos, moves);
    return moves;
}

std::uint64_t count_moves(const Position& pos) {
    return pos.side_to_move() == Color::Black ? detail::count<Color::Black>(pos)
                                              : detail::count<Color::White>(pos);
}

bool has_capture(const Position& pos, Color c) {
    return (c == Color::Black ? detail::capturers<Color::Black>(pos)
                              : detail::capturers<Color::White>(pos)) != 0;
}

void drop_duplicate_paths(MoveList& moves) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        bool seen = false;
        for (std::size_t j = 0; j < kept && !seen; ++j) seen = same_effect(moves[j], moves[i]);
        if (!seen) moves[kept++] = moves[i];
    }
    moves.resize_down(kept);
}

}  // namespace retrocheck::checkers
