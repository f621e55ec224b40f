#include "tablebases/build/chess_builder.h"

#include <memory>

#include "tablebases/chess/game.h"
#include "tablebases/build/retrograde.h"

namespace retrocheck::tb::chess {

namespace {
template <typename G>
MaterialTable run(const Material& material, const MaterialTableSet& done, BuildMethod method,
                  BuildStats* stats, BuildProgress* progress) {
    ChessBuildTable table = detail::Retrograde<G>(material, done, method, progress).run(stats);
    std::vector<Value> values = std::move(table.values);
    values.resize(table.stored_slots());
    values.shrink_to_fit();
    if (stats) stats->positions = values.size();
    return MaterialTable(material, std::move(values));
}
}  // namespace

MaterialTable build_material(const Material& material, const MaterialTableSet& done,
                             BuildMethod method, BuildStats* stats, BuildProgress* progress,
                             bool queen_only) {
    if (queen_only) return run<QueenOnlyChessGame>(material, done, method, stats, progress);
    return run<ChessGame>(material, done, method, stats, progress);
}

MaterialTableSet build_closure(const std::vector<Material>& materials, BuildMethod method,
                               bool queen_only) {
    MaterialTableSet set;
    for (const Material& m : closure(materials))
        set.add(std::make_shared<const MaterialTable>(
            build_material(m, set, method, nullptr, nullptr, queen_only)));
    return set;
}

MaterialTableSet build_up_to(int max_pieces, BuildMethod method) {
    return build_closure(materials_up_to(max_pieces), method);
}

}  // namespace retrocheck::tb::chess
