// The retrograde builders (builder.h, retrograde.h) on chess: WDL + DTM in plies, or DTZ50
// (dtz.h), for one material, both sides to move, given the finished tables of the materials its
// captures and promotions lead to. Both methods give identical tables, whatever the number of
// threads.
#pragma once

#include <vector>

#include "tablebases/build/method.h"
#include "tablebases/chess/dtz.h"
#include "tablebases/chess/material.h"
#include "tablebases/chess/table.h"

namespace retrocheck::tb::chess {

// Throws std::runtime_error when a move leads to a material `done` does not hold, when a
// distance exceeds what a ChessValue can store (65,533 plies), or when the material has 2^32
// slots or more.
// queen_only is deliberately wrong, for testing the statistics: pawns promote to a queen only.
MaterialTable build_material(const Material& material, const MaterialTableSet& done,
                             BuildMethod method, BuildStats* stats = nullptr,
                             BuildProgress* progress = nullptr, bool queen_only = false);

// The materials as given and every material their moves lead to (in its canonical colouring:
// Material::canonical), in build order, into one set.
MaterialTableSet build_closure(const std::vector<Material>& materials, BuildMethod method,
                               bool queen_only = false);

// Every material of 3 to max_pieces pieces, both colourings, in build order.
MaterialTableSet build_up_to(int max_pieces, BuildMethod method);

// The same for DTZ50 tables.
DtzTable build_dtz_material(const Material& material, const DtzTableSet& done, BuildMethod method,
                            BuildStats* stats = nullptr, BuildProgress* progress = nullptr);
DtzTableSet build_dtz_closure(const std::vector<Material>& materials, BuildMethod method);

}  // namespace retrocheck::tb::chess
