// The chess auditor: every legal position of every material a third-party directory holds (one
// slot of our index per symmetry class), both sides to move, and every position with an en
// passant right that a double push could have left on those boards, read through the source's
// library and checked two ways:
//
//   disagreement   its WDL (Syzygy) or DTM (Gaviota) differs from our tables' value
//   violations     its value breaks a one-ply rule against its children's values, read from the
//                  same source: mate-is-loss, stalemate-is-draw and rules.h's win/draw/loss rules
//                  (with distances for DTM: win-shortest, loss-longest); for Syzygy also the DTZ
//                  rules of dtz_rules.h; a probe the library fails (corrupt, child-corrupt)
//
// The source's values of a material are read once into memory (a few bytes a slot), so children
// in the same material cost no probe; children in other materials (captures, promotions) and
// positions with an en passant right are probed directly.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tablebases/chess/game.h"
#include "tablebases/chess/source.h"
#include "tablebases/verify/audit_report.h"

namespace retrocheck::tb::chess {

using ChessAudit = AuditReport<ChessGame, ChessProbe>;
using ChessAuditExample = ChessAudit::Example;

struct ChessAuditOptions {
    std::size_t max_examples = 20;
    // DTZ is read and judged for materials of up to this many pieces (WDL and DTM always): a
    // root probe of every position costs most of a Syzygy audit's time.
    int dtz_max_pieces = 99;
    // Only these materials (all the source holds when empty).
    std::vector<Material> only;
};

// Every material of source.materials(); `ours` must hold each of them and every material their
// moves lead to. progress counts slots, twice each (read, then judged).
ChessAudit audit(const ChessTableSource& source, const MaterialTableSet& ours,
                 const ChessAuditOptions& options, std::atomic<std::uint64_t>* progress = nullptr);

// The slots audit() walks, times two: the progress total.
std::uint64_t audit_work(const ChessTableSource& source, const MaterialTableSet& ours);

// The positions with an en passant right on pos's board: one for each pawn of the side not to
// move that stands where a double push leaves it, with both squares behind it empty and a pawn
// of the side to move beside it.
std::vector<retrocheck::chess::Position> en_passant_variants(
    const retrocheck::chess::Position& pos);

}  // namespace retrocheck::tb::chess
