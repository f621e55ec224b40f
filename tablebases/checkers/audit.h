// The checkers auditor: walks every position a source covers, slice by slice and side to move, and
// for each one it stores checks the consistency rules (children valued through the capture resolver
// over the same source) and compares the value with our own tables.
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

#include "tablebases/checkers/game.h"
#include "tablebases/probe/source.h"
#include "tablebases/verify/audit_report.h"

namespace retrocheck::tb {

using CheckersAudit = AuditReport<CheckersGame, Outcome>;
using CheckersAuditExample = CheckersAudit::Example;

// Every slice of `ours` with 2 to max_pieces pieces and a piece on each side.
CheckersAudit audit(const TableSource& source, const TableSet& ours, int max_pieces,
                    std::size_t max_examples, std::atomic<std::uint64_t>* progress = nullptr);

}  // namespace retrocheck::tb
