#include "engine/checkers/movegen.h"

#include "engine/checkers/bitboard.h"
#include "engine/checkers/rules.h"

namespace retrocheck::checkers {
namespace {

static_assert(!rules::kFlyingKings, "kings step and jump one square at a time");
static_assert(rules::kCapturesMandatory, "quiet moves are generated only without captures");
static_assert(!rules::kMustCaptureMost, "every complete capture sequence is legal");
static_assert(rules::kPromotionEndsMove, "a man's capture stops on the promotion row");

// Where pieces are collected during a capture: either the full moves or only their count.
struct ListSink {
    MoveList& out;
    Square from;
    std::array<Square, kMaxLandings> path;
    void land(int depth, Bitboard landing) { path[static_cast<std::size_t>(depth)] = lowest_square(landing); }
    void emit(int n, Bitboard captured) {
        Move m;
        m.from = from;
        m.n_landings = static_cast<std::uint8_t>(n);
        m.captured = captured;
        m.landings = path;
        out.push_back(m);
    }
};

struct CountSink {
    std::uint64_t count = 0;
    void land(int, Bitboard) {}
    void emit(int, Bitboard) { ++count; }
};

template <Color Us, bool King, Direction D, typename Sink>
bool try_jump(Bitboard at, Bitboard captured, Bitboard targets, Bitboard empty, int depth,
              Sink& sink);

// Continue a capture from `at`, with `targets` the opponent pieces not yet taken. Captured
// pieces stay on the board until the move ends, so they are neither empty nor jumpable again.
template <Color Us, bool King, typename Sink>
void continue_capture(Bitboard at, Bitboard captured, Bitboard targets, Bitboard empty, int depth,
                      Sink& sink) {
    bool more = try_jump<Us, King, kForwardLeft<Us>>(at, captured, targets, empty, depth, sink);
    more |= try_jump<Us, King, kForwardRight<Us>>(at, captured, targets, empty, depth, sink);
    if constexpr (King || rules::kMenCaptureBackward) {
        more |= try_jump<Us, King, kBackwardLeft<Us>>(at, captured, targets, empty, depth, sink);
        more |= try_jump<Us, King, kBackwardRight<Us>>(at, captured, targets, empty, depth, sink);
    }
    if (!more && depth > 0) sink.emit(depth, captured);
}

template <Color Us, bool King, Direction D, typename Sink>
bool try_jump(Bitboard at, Bitboard captured, Bitboard targets, Bitboard empty, int depth,
              Sink& sink) {
    const Bitboard over = step<D>(at) & targets;
    if (!over) return false;
    const Bitboard landing = step<D>(over) & empty;
    if (!landing) return false;
    sink.land(depth, landing);
    if (!King && (landing & rules::promotion_row(Us)))
        sink.emit(depth + 1, captured | over);  // crowning ends the move
    else
        continue_capture<Us, King>(landing, captured | over, targets & ~over, empty, depth + 1,
                                   sink);
    return true;
}

// Squares of `movers` that can jump in direction D.
template <Direction D>
Bitboard jumpers(Bitboard movers, Bitboard targets, Bitboard empty) {
    constexpr Direction Back = opposite<D>();
    return step<Back>(step<Back>(empty) & targets) & movers;
}

template <Color Us>
Bitboard capturers(const Position& pos) {
    const Bitboard targets = pos.pieces(~Us);
    const Bitboard empty = pos.empty();
    const Bitboard all = pos.pieces(Us);
    const Bitboard kings = pos.kings(Us);
    Bitboard c = jumpers<kForwardLeft<Us>>(all, targets, empty) |
                 jumpers<kForwardRight<Us>>(all, targets, empty);
    if (kings) {
        c |= jumpers<kBackwardLeft<Us>>(kings, targets, empty) |
             jumpers<kBackwardRight<Us>>(kings, targets, empty);
    }
    return c;
}

template <Color Us, typename Sink, typename MakeSink>
void captures_from(const Position& pos, Bitboard movers, MakeSink&& make_sink) {
    const Bitboard targets = pos.pieces(~Us);
    const Bitboard kings = pos.kings(Us);
    for (Bitboard b = movers; b; b &= b - 1) {
        const Bitboard at = b & (~b + 1);
        const Bitboard empty = pos.empty() | at;  // the mover's square is vacated
        Sink& sink = make_sink(lowest_square(at));
        if (at & kings)
            continue_capture<Us, true>(at, 0, targets, empty, 0, sink);
        else
            continue_capture<Us, false>(at, 0, targets, empty, 0, sink);
    }
}

template <Direction D>
void add_steps(Bitboard movers, Bitboard empty, MoveList& out) {
    constexpr Direction Back = opposite<D>();
    for (Bitboard to = step<D>(movers) & empty; to; to &= to - 1) {
        const Bitboard t = to & (~to + 1);
        out.push_back(Move::step(lowest_square(step<Back>(t)), lowest_square(t)));
    }
}

template <Color Us>
void generate(const Position& pos, MoveList& out) {
    if (const Bitboard c = capturers<Us>(pos)) {
        ListSink sink{out, Square{}, {}};
        captures_from<Us, ListSink>(pos, c, [&](Square from) -> ListSink& {
            sink.from = from;
            return sink;
        });
        return;
    }
    const Bitboard empty = pos.empty();
    const Bitboard all = pos.pieces(Us);
    const Bitboard kings = pos.kings(Us);
    add_steps<kForwardLeft<Us>>(all, empty, out);
    add_steps<kForwardRight<Us>>(all, empty, out);
    if (kings) {
        add_steps<kBackwardLeft<Us>>(kings, empty, out);
        add_steps<kBackwardRight<Us>>(kings, empty, out);
    }
}

template <Color Us>
std::uint64_t count(const Position& pos) {
    if (const Bitboard c = capturers<Us>(pos)) {
        CountSink sink;
        captures_from<Us, CountSink>(pos, c, [&](Square) -> CountSink& { return sink; });
        return sink.count;
    }
    const Bitboard empty = pos.empty();
    const Bitboard all = pos.pieces(Us);
    const Bitboard kings = pos.kings(Us);
    int n = popcount(step<kForwardLeft<Us>>(all) & empty) +
            popcount(step<kForwardRight<Us>>(all) & empty);
    if (kings) {
        n += popcount(step<kBackwardLeft<Us>>(kings) & empty) +
             popcount(step<kBackwardRight<Us>>(kings) & empty);
    }
    return static_cast<std::uint64_t>(n);
}

}  // namespace

void generate_moves(const Position& pos, MoveList& out) {
    if (pos.side_to_move() == Color::Black)
        generate<Color::Black>(pos, out);
    else
        generate<Color::White>(pos, out);
}

MoveList legal_moves(const Position& pos) {
    MoveList moves;
    generate_moves(pos, moves);
    return moves;
}

std::uint64_t count_moves(const Position& pos) {
    return pos.side_to_move() == Color::Black ? count<Color::Black>(pos) : count<Color::White>(pos);
}

bool has_capture(const Position& pos, Color c) {
    return (c == Color::Black ? capturers<Color::Black>(pos) : capturers<Color::White>(pos)) != 0;
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
