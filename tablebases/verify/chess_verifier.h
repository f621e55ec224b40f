// The verifier on chess tables: every legal position of every material, both sides to move,
// against its children's values one ply deep (CHESS.md, "Metrics") and against its colour-flipped
// image, which lives in the flipped material's table. It shares nothing with the builders but
// the move generator and the index.
//
// Rules:
//   mate-is-loss-0        a checkmated position is a loss in 0
//   stalemate-is-draw     a stalemated position is a draw
//   win-has-losing-child, win-shortest, loss-children-win, loss-longest, draw-no-losing-child,
//   draw-has-draw-child   as rules.h: a win in n has a child lost in n-1 and none lost in fewer
//                         ("no shorter mate"), a loss in n only won children, the longest n-1
//   flip-symmetry         a position and its colour flip have the same value
//   known-value           a legal position's slot holds a value; every child's material exists
//   illegal-slot-holds-value  a slot whose position is illegal (the side not to move in
//                         check) holds no value
//
// A position and its mirror images share one slot by the index's construction, which no table
// value can break: the index's own test holds that (chess_index_test), not the verifier.
//
// One wrong value breaks its own rule, flip symmetry at itself and its flip, and its parents'
// rules. The wrong value is the finding; a parent whose rule holds again once its children that
// break their own rules take the values their children imply, a flip whose own rule holds
// while the other's breaks, and a parent of a slot that holds no value, are its consequences.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/chess/move.h"
#include "engine/chess/position.h"
#include "engine/core/outcome.h"
#include "tablebases/chess/table.h"

namespace retrocheck::tb::chess {

struct ChessViolation {
    std::string rule;
    retrocheck::chess::Position position;
    std::optional<Outcome> stored;                      // nothing: the slot holds no value
    std::optional<retrocheck::chess::Move> child_move;  // the move that proves it, when one does
    std::optional<Outcome> child_value;                 // that child's value (its side to move)
    std::optional<Outcome> mirror;                      // the colour flip's value, when it differs
    bool finding = true;
    std::optional<Outcome> expected;                   // finding: what the value should be
    std::optional<retrocheck::chess::Position> cause;  // consequence: the wrong value's position
    std::string relation;                              // "child Qb7", "flip"
};

struct ChessVerifyReport {
    struct MaterialCount {
        Material material;
        std::uint64_t positions = 0, violations = 0, findings = 0;
    };
    std::vector<MaterialCount> materials;  // in build order
    std::uint64_t positions_checked = 0, violations = 0, findings = 0;
    std::vector<ChessViolation> examples;      // the first findings, in walk order
    std::vector<ChessViolation> consequences;  // the first consequences, in walk order
};

// Parallel over the TBB pool; the report does not depend on the number of threads. With `only`,
// the positions of those materials alone are checked (the set still values their children).
ChessVerifyReport verify(const MaterialTableSet& tables, std::size_t max_examples = 20,
                         std::atomic<std::uint64_t>* progress = nullptr,
                         const std::vector<Material>& only = {});

// The violations of one legal position: its own rule, then flip symmetry and the mirror.
std::vector<ChessViolation> check_position(const MaterialTableSet& tables,
                                           const retrocheck::chess::Position& pos);

// What the children's values imply for pos (checkmate a loss in 0, stalemate a draw), or nothing
// when a child has no value.
std::optional<Outcome> implied_value(const MaterialTableSet& tables,
                                     const retrocheck::chess::Position& pos);

// "finding: <rule> at <FEN>", the diagram, the stored value, what it should be, and the child
// that proves it (SAN, its value, its FEN); a consequence in one line naming its cause.
std::string describe(const ChessViolation& v);

}  // namespace retrocheck::tb::chess
