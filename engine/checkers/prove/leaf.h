// The positions a proof ends in, for the question "does the attacker win?": a position the
// tables hold (their value decides) and a position whose side to move has no move (it has lost).
// The prover and the certificate checker both ask this, so a proof ends exactly where its check
// does.
#pragma once

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

// Whether the attacker wins at a position that ends the search (a table value, or no move), and
// nullopt for one that does not. moves, when given, receives the legal move count of a position
// the tables do not hold.
inline std::optional<bool> end_of(const Position& pos, Color attacker, EndgameProbe* tables,
                                  int* moves = nullptr) {
    if (const auto t = table_leaf(pos, attacker, tables)) return t;
    const auto n = static_cast<int>(count_moves(pos));
    if (moves) *moves = n;
    if (n == 0) return no_move_leaf(pos, attacker);
    return std::nullopt;
}

// The moves of pos, one for each position they lead to (two capture paths with one effect are
// one move), in the generator's order; children_of gives their positions in the same order.
inline MoveList distinct_moves(const Position& pos) {
    MoveList moves = legal_moves(pos);
    drop_duplicate_paths(moves);
    return moves;
}

inline std::vector<Position> children_of(const Position& pos) {
    const MoveList moves = distinct_moves(pos);
    std::vector<Position> out;
    out.reserve(moves.size());
    for (const Move& m : moves) out.push_back(pos.after(m));
    return out;
}

}  // namespace retrocheck::checkers::prove
