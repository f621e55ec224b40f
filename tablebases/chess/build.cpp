#include "tablebases/chess/build.h"

#include "tablebases/build/driver.h"
#include "tablebases/chess/dtz_game.h"
#include "tablebases/chess/game.h"

namespace retrocheck::tb::chess {

MaterialTable build_material(const Material& material, const MaterialTableSet& done,
                             BuildMethod method, BuildStats* stats, BuildProgress* progress,
                             bool queen_only) {
    if (queen_only) return build_slice<QueenOnlyChessGame>(material, done, method, stats, progress);
    return build_slice<ChessGame>(material, done, method, stats, progress);
}

MaterialTableSet build_closure(const std::vector<Material>& materials, BuildMethod method,
                               bool queen_only) {
    if (queen_only) return tb::build_closure<QueenOnlyChessGame>(materials, method);
    return tb::build_closure<ChessGame>(materials, method);
}

MaterialTableSet build_up_to(int max_pieces, BuildMethod method) {
    return build_closure(materials_up_to(max_pieces), method);
}

DtzTable build_dtz_material(const Material& material, const DtzTableSet& done, BuildMethod method,
                            BuildStats* stats, BuildProgress* progress) {
    return build_slice<ChessDtzGame>(material, done, method, stats, progress);
}

DtzTableSet build_dtz_closure(const std::vector<Material>& materials, BuildMethod method) {
    return tb::build_closure<ChessDtzGame>(materials, method);
}

}  // namespace retrocheck::tb::chess
