// The verifier: checks every position of a set of tables against its children's values, one
// ply deep, and against its colour-flipped mirror. It shares nothing with the builders but the
// move generator and the index.
//
// Rules (CHECKERS.md, "Metrics"):
//   no-move-is-loss-0    a position without legal moves is a loss in 0, and only such a one
//   win-has-losing-child a win has a child lost for the opponent
//   win-shortest         a win in n has a child lost in n-1 and none lost in fewer
//   loss-children-win    every child of a loss is a win for the opponent
//   loss-longest         the longest child win of a loss in n is n-1
//   draw-no-losing-child a draw has no child lost for the opponent
//   draw-has-draw-child  a draw has a drawing child
//   flip-symmetry        a position and its mirror have the same value
//   known-value          a stored value is a win, a loss or a draw; every child's slice exists
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/checkers/move.h"
#include "engine/checkers/position.h"
#include "engine/core/outcome.h"
#include "tablebases/table.h"

namespace retrocheck::tb {

struct Violation {
    std::string rule;
    checkers::Position position;
    Outcome stored = Outcome::draw();
    std::optional<checkers::Move> child_move;  // the move that proves it, when one does
    std::optional<Outcome> child_value;        // that child's value (or the mirror's)
};

struct VerifyReport {
    std::uint64_t positions_checked = 0;
    std::uint64_t violations = 0;     // all of them
    std::vector<Violation> examples;  // the first max_examples
};

// Every position of every table, in parallel over the TBB pool; the report does not depend on
// the number of threads. `progress`, when given, counts positions done.
VerifyReport verify(const TableSet& tables, std::size_t max_examples = 20,
                    std::atomic<std::uint64_t>* progress = nullptr);

// The checks of one position, for callers that walk positions themselves.
std::vector<Violation> check_position(const TableSet& tables, const checkers::Position& pos);

// Rule, FEN, diagram, stored value, child move and value: how a violation is printed.
std::string describe(const Violation& v);

}  // namespace retrocheck::tb
