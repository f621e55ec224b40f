// `retrocheck probe` of chess positions from any chess source (tablebases/chess/probe.h): the
// position's value and every legal move's, best first, moves in SAN and UCI. Syzygy answers WDL
// with the cursed/blessed distinction and DTZ, Gaviota and ours DTM.
#pragma once

#include "apps/position_input.h"
#include "tablebases/formats/chess_source.h"

namespace retrocheck::app {

// The process exit code; the first position a source cannot value stops the run (exit 2).
int probe_chess(const tb::chess::ChessTableSource& source, const ChessInput& input, bool json);

}  // namespace retrocheck::app
