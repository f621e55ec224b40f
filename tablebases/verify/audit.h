// The auditor: walks every position a source covers, slice by slice and side to move, and for
// each one it stores checks the consistency rules (children valued through the capture
// resolver over the same source) and compares the value with our own tables.
//
// Rules for WLD-only sources (a subset of the verifier's, without distances):
//   no-move-is-loss       a position without legal moves is a loss
//   win-has-losing-child  a win has a child lost for the opponent
//   loss-children-win     every child of a loss is a win for the opponent
//   draw-no-losing-child  a draw has no child lost for the opponent
//   draw-has-draw-child   a draw has a drawing child
// With distances (our native files), the distance rules of the verifier apply too.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/checkers/move.h"
#include "engine/checkers/position.h"
#include "tablebases/checkers/table.h"
#include "tablebases/probe/source.h"

namespace retrocheck::tb {

struct AuditSlice {
    Slice slice;
    checkers::Color side_to_move = checkers::Color::Black;
    std::uint64_t checked = 0, not_stored = 0, disagreements = 0, violations = 0;
};

struct AuditExample {
    std::string problem;  // "disagreement" or the rule broken
    checkers::Position position;
    Outcome stored = Outcome::draw();          // the source's value
    std::optional<Outcome> ours;               // our tables' value
    std::optional<checkers::Move> child_move;  // the child that proves a rule broken
    std::optional<Outcome> child_value;        // its value through the resolver
};

struct AuditReport {
    std::vector<AuditSlice> slices;
    std::uint64_t checked = 0, not_stored = 0, disagreements = 0, violations = 0;
    std::uint64_t unresolved = 0;  // children the resolver could not value (counted as violations)
    std::vector<AuditExample> examples;  // the first max_examples, in walk order
};

// Every slice of `ours` with 2 to max_pieces pieces and a piece on each side.
AuditReport audit(const TableSource& source, const TableSet& ours, int max_pieces,
                  std::size_t max_examples, std::atomic<std::uint64_t>* progress = nullptr);

// How an example is printed: problem, FEN, diagram, values, child.
std::string describe(const AuditExample& e);

}  // namespace retrocheck::tb
