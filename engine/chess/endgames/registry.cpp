#include "engine/chess/endgames/registry.h"

#include <cassert>
#include <string>
#include <utility>

#include "engine/chess/endgames/kpk.h"
#include "engine/chess/endgames/mating.h"

namespace retrocheck::chess::endgames {

void Registry::add(std::string_view signature, Evaluator f) {
    const auto key = material_key_of(signature);
    assert(key && !entries_.count(*key));
    entries_.emplace(*key, Entry{f, Color::White});
    entries_.emplace(colours_swapped(*key), Entry{std::move(f), Color::Black});
}

Registry Registry::standard(std::shared_ptr<const KpkBitbase> kpk) {
    Registry r;
    r.add("KRvK", mate_at_edge);
    r.add("KQvK", mate_at_edge);
    r.add("KBNvK", mate_bishop_knight);
    const auto drawn = [](const Position&, Color) -> search::Score { return 0; };
    for (const char* signature : {"KBvK", "KNvK", "KNNvK"}) r.add(signature, drawn);
    if (kpk)
        r.add("KPvK",
              [kpk](const Position& pos, Color strong) { return evaluate_kpk(pos, strong, *kpk); });
    return r;
}

}  // namespace retrocheck::chess::endgames
