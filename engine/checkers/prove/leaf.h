// The positions a proof ends in, for the question "does the attacker win?": a position the
// tables hold (their value decides) and a position whose side to move has no move (it has lost).
// The prover and the certificate checker both ask this, so a proof ends exactly where its check
// does.
#pragma once

#include <algorithm>
#include <optional>
#include <vector>

#include "engine/checkers/movegen.h"
#include "engine/checkers/position.h"
#include "engine/checkers/search/search.h"

namespace retrocheck::checkers::prove {

// Whether the attacker wins at pos when the tables hold it; nullopt when they do not (too many
// pieces, a slice missing, a probe that failed). tables may be null.
inline std::optional<bool> table_leaf(const Position& pos, Color attacker, EndgameProbe* tables) {
    if (!tables || pos.piece_count() > tables->max_pieces()) return std::nullopt;
    const auto value = tables->probe(pos);
    if (!value) return std::nullopt;
    return pos.side_to_move() == attacker ? value->is_win() : value->is_loss();
}

// The attacker wins at a position with no legal move exactly when the defender is to move.
inline bool no_move_leaf(const Position& pos, Color attacker) {
    return pos.side_to_move() != attacker;
}

// The distinct children of pos (two capture paths with one effect give one child), in the
// generator's order.
inline std::vector<Position> children_of(const Position& pos) {
    const MoveList moves = legal_moves(pos);
    std::vector<Position> out;
    out.reserve(moves.size());
    for (const Move& m : moves) {
        const Position c = pos.after(m);
        if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
    }
    return out;
}

}  // namespace retrocheck::checkers::prove
