// Legal move generation for English checkers (rules in rules.h and CHECKERS.md).
//
// Duplicate-path policy: every capture path is a separate move, which is the published perft
// convention. Two paths with the same effect (a king circling a group of pieces either way)
// appear twice; drop_duplicate_paths() keeps one of each effect.
#pragma once

#include <cstdint>

#include "engine/checkers/move.h"
#include "engine/checkers/position.h"

namespace retrocheck::checkers {

// Appends every legal move of pos to out (captures only, when a capture exists).
void generate_moves(const Position& pos, MoveList& out);

MoveList legal_moves(const Position& pos);

// The number of legal moves, counted without building them (bulk counting for perft).
std::uint64_t count_moves(const Position& pos);

// Whether side c has a capture available on this board, whoever is to move.
bool has_capture(const Position& pos, Color c);

// Whether the side to move or its opponent has a capture (the positions capture-free
// databases omit).
inline bool either_side_can_capture(const Position& pos) {
    return has_capture(pos, Color::Black) || has_capture(pos, Color::White);
}

// Keeps the first move of each effect, preserving order.
void drop_duplicate_paths(MoveList& moves);

}  // namespace retrocheck::checkers
