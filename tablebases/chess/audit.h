// The chess auditor: every legal position of every material a third-party directory holds (one
// slot of our index per symmetry class), both sides to move, and every position with an en
// passant right that a double push could have left on those boards, read through the source's
// library and checked two ways:
//
//   disagreement   its value differs from our tables': Gaviota's DTM from our DTM tables';
//                  Syzygy's WDL (cursed wins and blessed losses too) and DTZ from our DTZ50
//                  tables' (the rule below)
//   violations     its value breaks a one-ply rule against its children's values, read from the
//                  same source: mate-is-loss, stalemate-is-draw and rules.h's win/draw/loss rules
//                  (with distances for DTM: win-shortest, loss-longest); a probe the library
//                  fails (corrupt, child-corrupt)
//
// Syzygy's DTZ is compared where the file stores it: for the side to move a DTZ file holds, the
// number it holds, read through Fathom's table reader (syzygy.h). It must equal our DTZ d, with
// two exceptions, both from the format as Fathom's tbprobe.c (probe_dtz) reads it:
//   - rounded: a table (a side, wins or losses) may count full moves instead of plies ("The
//     return value n can be off by 1: a return value -n can mean a loss in n+1 ply and a return
//     value +n can mean a win in n+1 ply. This cannot happen for tables with positions exactly
//     on the 'edge' of the 50-move rule."). Such a table holds |d| - 1 for every even |d|, odd
//     ones exact; cursed wins and blessed losses are always counted in full moves. A pawnless
//     table is one or the other for each side and result: a class holding both exact and
//     rounded even values is a finding (dtz-rounding-mixed) at the fewer; a table with pawns
//     decides per file of its leading pawn, which is not checked.
//   - from WDL: a win or cursed win that a zeroing move (capture or pawn move) achieves is
//     never read from the DTZ file (probe_dtz answers 1 or 101 from the WDL), so the file may
//     hold anything there.
// Positions with an en passant right, which no file stores, are compared through the library's
// root probe: its DTZ is ours or, searched over rounded children, one ply under it.
//
// The source's values of a material are read once into memory (four bytes a slot), so children
// in the same material cost no probe; children in other materials (captures, promotions) and
// positions with an en passant right are probed directly. Our tables are asked for a material at
// a time (OursFor), so that a set too large to hold, read through a window on its directory
// (store/window.h), holds only the material walked and those its moves lead to.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/result.h"
#include "tablebases/chess/dtz.h"
#include "tablebases/chess/game.h"
#include "tablebases/chess/source.h"
#include "tablebases/verify/audit_report.h"

namespace retrocheck::tb::chess {

using ChessAudit = AuditReport<ChessGame, ChessProbe>;
using ChessAuditExample = ChessAudit::Example;

struct ChessAuditOptions {
    std::size_t max_examples = 20;
    // DTZ is read and compared for materials of up to this many pieces (WDL and DTM always).
    int dtz_max_pieces = 99;
    // Only these materials (all the source holds when empty).
    std::vector<Material> only;
};

// Every material of source.materials(); `ours` must hold each of them and every material their
// moves lead to: DTM tables for a source with DTM (Gaviota), DTZ50 tables for one with DTZ
// (Syzygy). progress counts slots, twice each (read, then judged).
ChessAudit audit(const ChessTableSource& source, const MaterialTableSet& ours,
                 const ChessAuditOptions& options, std::atomic<std::uint64_t>* progress = nullptr);
ChessAudit audit(const ChessTableSource& source, const DtzTableSet& ours,
                 const ChessAuditOptions& options, std::atomic<std::uint64_t>* progress = nullptr);

// Our tables for the walk of one material (the source's colouring): a set holding it (or its
// colour flip) and every material its moves lead to, valid until the next call; or why they
// cannot be read.
template <typename Set>
using OursFor = std::function<Result<const Set*>(const Material&)>;
// As above, each material walked with the tables ours(m) gives; the first error stops the walk.
Result<ChessAudit> audit(const ChessTableSource& source, const OursFor<MaterialTableSet>& ours,
                         const ChessAuditOptions& options,
                         std::atomic<std::uint64_t>* progress = nullptr);
Result<ChessAudit> audit(const ChessTableSource& source, const OursFor<DtzTableSet>& ours,
                         const ChessAuditOptions& options,
                         std::atomic<std::uint64_t>* progress = nullptr);

// The positions with an en passant right on pos's board: one for each pawn of the side not to
// move that stands where a double push leaves it, with both squares behind it empty and a pawn
// of the side to move beside it.
std::vector<retrocheck::chess::Position> en_passant_variants(
    const retrocheck::chess::Position& pos);

}  // namespace retrocheck::tb::chess
