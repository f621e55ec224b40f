// Our DTZ50 tables of chess: Syzygy's metric (plies to the next capture or pawn move, under the
// 50-move rule, with cursed wins and blessed losses), built by the same retrograde solver as DTM
// with the Dtz50Metric (metric.h, dtz_game.h). A slot holds the metric's code: 2k a loss and
// 2k + 1 a win in k plies to the zeroing move, kDraw, or kUnknown for a slot without a position.
#pragma once

#include <optional>

#include "tablebases/build/metric.h"
#include "tablebases/chess/source.h"
#include "tablebases/chess/table.h"

namespace retrocheck::tb::chess {

using DtzTable = MaterialTableOf<Dtz50Metric>;
using DtzCode = Dtz50Metric::Code;

// A position's value in Syzygy's terms.
struct Dtz {
    Wdl5 wdl = Wdl5::Draw;
    int dtz = 0;  // > 0 a win, < 0 a loss, 0 a draw; -1 checkmated (Syzygy's convention)
    bool operator==(const Dtz&) const = default;
};

// The value of a code (not kUnknown): past 100 plies a win is cursed and a loss blessed.
Dtz dtz_of_code(DtzCode code);
// What a zeroing move into a child with result `child` is worth to its mover (implied_dtz50's
// rule, dtz_rules.h): a code, or kExitDraw.
int zeroing_exit_code(Wdl5 child);

class DtzTableSet : public TableSetOf<DtzTable> {
  public:
    // The value of a legal position without castling rights, or nothing when neither its
    // material nor its colour flip is in the set (or a slot holds none). A position with an en
    // passant right is valued by its moves (implied_dtz50). KvK is a draw without a table.
    std::optional<Dtz> probe(const retrocheck::chess::Position& pos) const;
    // The code of pos's slot (its en passant right ignored), or nothing as above.
    std::optional<DtzCode> probe_code(const retrocheck::chess::Position& pos) const;
};

// The move that gives pos its DTZ in `set` (the shortest win, a drawing move, the longest
// loss: implied_dtz50's choice), or nothing (checkmate, stalemate, a draw without a drawing
// move, or a child the set does not hold). For a finding's proof.
std::optional<retrocheck::chess::Move> dtz_proof(const DtzTableSet& set,
                                                 const retrocheck::chess::Position& pos);

}  // namespace retrocheck::tb::chess
