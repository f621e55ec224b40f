// The move generator as templates over a sink, shared by movegen.cpp (which builds Moves or
// counts them) and perft.cpp (which builds child positions directly). Internal: not part of
// the public interface.
//
// A sink receives
//   step(from, to)                 a quiet move (single-bit bitboards)
//   start(from)                    a piece begins its capture search
//   land(depth, square)            the depth-th landing of the path being explored
//   capture(n, to, captured)       a complete capture of n jumps ending on `to`
#pragma once

#include "engine/checkers/bitboard.h"
#include "engine/checkers/position.h"
#include "engine/checkers/rules.h"

namespace retrocheck::checkers::detail {

static_assert(!rules::kFlyingKings, "kings step and jump one square at a time");
static_assert(rules::kCapturesMandatory, "quiet moves are generated only without captures");
static_assert(!rules::kMustCaptureMost, "every complete capture sequence is legal");
static_assert(rules::kPromotionEndsMove, "a man's capture stops on the promotion row");

template <Color Us, bool King, Direction D, typename Sink>
bool try_jump(Bitboard at, Bitboard captured, Bitboard targets, Bitboard empty, int depth,
              Sink& sink);

// Continues a capture from `at`, with `targets` the opponent pieces not yet taken. Captured
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
    if (!more && depth > 0) sink.capture(depth, at, captured);
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
        sink.capture(depth + 1, landing, captured | over);  // crowning ends the move
    else
        continue_capture<Us, King>(landing, captured | over, targets & ~over, empty, depth + 1,
                                   sink);
    return true;
}

// Squares of `movers` that can jump in direction D.
template <Direction D>
constexpr Bitboard jumpers(Bitboard movers, Bitboard targets, Bitboard empty) {
    constexpr Direction Back = opposite<D>();
    return step<Back>(step<Back>(empty) & targets) & movers;
}

// The pieces of colour Us that have a capture.
template <Color Us>
constexpr Bitboard capturers(const Position& pos) {
    const Bitboard targets = pos.pieces(~Us);
    const Bitboard empty = pos.empty();
    Bitboard c = jumpers<kForwardLeft<Us>>(pos.pieces(Us), targets, empty) |
                 jumpers<kForwardRight<Us>>(pos.pieces(Us), targets, empty);
    if (const Bitboard kings = pos.kings(Us)) {
        c |= jumpers<kBackwardLeft<Us>>(kings, targets, empty) |
             jumpers<kBackwardRight<Us>>(kings, targets, empty);
    }
    return c;
}

template <Color Us, Direction D, typename Sink>
void steps(Bitboard movers, Bitboard empty, Sink& sink) {
    constexpr Direction Back = opposite<D>();
    for (Bitboard to = step<D>(movers) & empty; to; to &= to - 1) {
        const Bitboard t = to & (~to + 1);
        sink.step(step<Back>(t), t);
    }
}

// Every legal move of Us (to move in pos) into the sink.
template <Color Us, typename Sink>
void generate(const Position& pos, Sink& sink) {
    if (const Bitboard c = capturers<Us>(pos)) {
        const Bitboard targets = pos.pieces(~Us);
        const Bitboard kings = pos.kings(Us);
        for (Bitboard b = c; b; b &= b - 1) {
            const Bitboard at = b & (~b + 1);
            const Bitboard empty = pos.empty() | at;  // the mover's square is vacated
            sink.start(at);
            if (at & kings)
                continue_capture<Us, true>(at, 0, targets, empty, 0, sink);
            else
                continue_capture<Us, false>(at, 0, targets, empty, 0, sink);
        }
        return;
    }
    const Bitboard empty = pos.empty();
    steps<Us, kForwardLeft<Us>>(pos.pieces(Us), empty, sink);
    steps<Us, kForwardRight<Us>>(pos.pieces(Us), empty, sink);
    if (const Bitboard kings = pos.kings(Us)) {
        steps<Us, kBackwardLeft<Us>>(kings, empty, sink);
        steps<Us, kBackwardRight<Us>>(kings, empty, sink);
    }
}

// Counts capture paths without recording them.
struct CountingSink {
    std::uint64_t count = 0;
    void step(Bitboard, Bitboard) { ++count; }
    void start(Bitboard) {}
    void land(int, Bitboard) {}
    void capture(int, Bitboard, Bitboard) { ++count; }
};

// The number of legal moves of Us, to move in pos.
template <Color Us>
std::uint64_t count(const Position& pos) {
    if (capturers<Us>(pos)) {
        CountingSink sink;
        generate<Us>(pos, sink);
        return sink.count;
    }
    const Bitboard empty = pos.empty();
    int n = popcount(step<kForwardLeft<Us>>(pos.pieces(Us)) & empty) +
            popcount(step<kForwardRight<Us>>(pos.pieces(Us)) & empty);
    if (const Bitboard kings = pos.kings(Us)) {
        n += popcount(step<kBackwardLeft<Us>>(kings) & empty) +
             popcount(step<kBackwardRight<Us>>(kings) & empty);
    }
    return static_cast<std::uint64_t>(n);
}

// Hands every child position of pos (Us to move) to f, one per capture path, without
// building moves.
template <Color Us, typename F>
struct ChildSink {
    const Position& pos;
    F& f;
    Bitboard from = 0;

    void step(Bitboard from_bit, Bitboard to) { emit(from_bit, to, 0); }
    void start(Bitboard at) { from = at; }
    void land(int, Bitboard) {}
    void capture(int, Bitboard to, Bitboard captured) { emit(from, to, captured); }

    void emit(Bitboard from_bit, Bitboard to, Bitboard captured) {
        f(pos.after(from_bit, to, captured));
    }
};

template <Color Us, typename F>
void for_each_child(const Position& pos, F&& f) {
    ChildSink<Us, F> sink{pos, f};
    generate<Us>(pos, sink);
}

}  // namespace retrocheck::checkers::detail
