#include "tablebases/chess/kpk_bitbase.h"

#include "tablebases/chess/build.h"

namespace retrocheck::tb::chess {

std::shared_ptr<const retrocheck::chess::endgames::KpkBitbase> kpk_bitbase() {
    static const auto bitbase = [] {
        const MaterialTableSet tables =
            build_closure({*Material::parse("KPvK")}, BuildMethod::OutCounting);
        return std::make_shared<const retrocheck::chess::endgames::KpkBitbase>(
            retrocheck::chess::endgames::KpkBitbase::from(
                [&](const retrocheck::chess::Position& p) {
                    // The value is the side to move's.
                    const auto v = tables.probe(p);
                    if (!v) return false;
                    return p.side_to_move() == retrocheck::chess::Color::White ? v->is_win()
                                                                               : v->is_loss();
                }));
    }();
    return bitbase;
}

}  // namespace retrocheck::tb::chess
