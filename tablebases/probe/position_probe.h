// The probe path, once for every table game (tablebases/game.h): a position's value and the
// value of every legal move's child, best first for the side to move. The values come from any
// source of the game (`value_of`, which may fail: a missing table, a corrupt file) and are of
// the source's kind (an Outcome, Syzygy's WDL with DTZ...); `better` orders two moves for the
// side that makes them.
#pragma once

#include <algorithm>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/core/result.h"

namespace retrocheck::tb {

template <typename G, typename V>
struct ScoredMove {
    typename G::Move move;
    typename G::Position child;
    V value;  // the child's, for its side to move
};

template <typename G, typename V>
struct PositionProbe {
    V value;
    std::vector<ScoredMove<G, V>> moves;  // best first for the side to move
};

// value_of(position) -> Result<V>; better(a, b) for two ScoredMove<G, V>: whether a is the
// better move. The first error is the answer.
template <typename G, typename ValueOf, typename Better>
auto probe_position(const typename G::Position& pos, ValueOf&& value_of, Better&& better)
    -> Result<PositionProbe<G, std::decay_t<decltype(*value_of(pos))>>> {
    using V = std::decay_t<decltype(*value_of(pos))>;
    auto value = value_of(pos);
    if (!value) return Error{value.error()};
    PositionProbe<G, V> out{std::move(value).value(), {}};
    for (const auto& m : G::legal_moves(pos)) {
        auto child = pos.after(m);
        auto v = value_of(child);
        if (!v) return Error{v.error()};
        out.moves.push_back({m, std::move(child), std::move(v).value()});
    }
    std::stable_sort(out.moves.begin(), out.moves.end(), better);
    return out;
}

}  // namespace retrocheck::tb
