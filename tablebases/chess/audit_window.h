// Our tables for a chess audit (audit.h) read through a window on their directory
// (store/window.h): for each material walked, its table and those its moves lead to (what the
// verifier reads for it), the others dropped beyond the window's spare: a 5-piece set is far
// larger than memory.
#pragma once

#include "tablebases/chess/audit.h"
#include "tablebases/store/window.h"

namespace retrocheck::tb::chess {

template <typename G>
OursFor<typename G::Tables> through_window(store::TableWindow<G>& window) {
    return [&window](const Material& m) -> Result<const typename G::Tables*> {
        // The materials the verifier reads for m, for either metric's tables.
        if (auto e = window.focus(store::verify_window<ChessGame>(m.canonical()))) return *e;
        return &window.tables();
    };
}

}  // namespace retrocheck::tb::chess
