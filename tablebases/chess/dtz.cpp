#include "tablebases/chess/dtz.h"

#include <utility>
#include <vector>

#include "engine/chess/movegen.h"
#include "engine/chess/zeroing.h"
#include "tablebases/verify/dtz_rules.h"

namespace retrocheck::tb::chess {

using retrocheck::chess::Move;
using retrocheck::chess::Position;
using M = Dtz50Metric;

namespace {

constexpr int kFiftyMovePlies = 100;

}  // namespace

Dtz dtz_of_code(DtzCode code) {
    if (code == M::kDraw) return {};
    const int k = M::plies(code);
    const bool past = k > kFiftyMovePlies;
    if (M::is_win(code)) return {past ? Wdl5::CursedWin : Wdl5::Win, k};
    return {past ? Wdl5::BlessedLoss : Wdl5::Loss, k == 0 ? -1 : -k};
}

int zeroing_exit_code(Wdl5 child) {
    // The child's result for its own side: a loss is a win in 1 for the mover, one the rule
    // saves a cursed win in 101 (Syzygy's convention), and the same the other way round.
    const int saved = kFiftyMovePlies + 1;
    switch (child) {
        case Wdl5::Loss:
            return M::win(1);
        case Wdl5::BlessedLoss:
            return M::win(saved);
        case Wdl5::CursedWin:
            return M::loss(saved);
        case Wdl5::Win:
            return M::loss(1);
        case Wdl5::Draw:
            break;
    }
    return kExitDraw;
}

std::optional<DtzCode> DtzTableSet::probe_code(const Position& pos) const {
    if (material_key(pos) == 0) return M::kDraw;  // KvK
    const auto code = stored_code(pos);
    if (!code || *code == M::kUnknown) return std::nullopt;
    return code;
}

namespace {

// What pos's children give it (implied_dtz50), with the move that decides it; nothing when a
// child's table is not in the set.
std::optional<std::pair<ImpliedDtz, retrocheck::chess::MoveList>> implied(const DtzTableSet& set,
                                                                          const Position& pos) {
    std::vector<DtzChild> children;
    const retrocheck::chess::MoveList moves = retrocheck::chess::legal_moves(pos);
    for (const Move m : moves) {
        const Position child = pos.after(m);
        const auto v = set.probe(child);
        if (!v) return std::nullopt;
        const bool mated = child.in_check() && retrocheck::chess::legal_moves(child).empty();
        children.push_back({retrocheck::chess::zeroing(pos, m), mated, v->wdl, v->dtz});
    }
    return std::pair{implied_dtz50(children, pos.in_check()), moves};
}

}  // namespace

std::optional<Dtz> DtzTableSet::probe(const Position& pos) const {
    if (!pos.en_passant()) {
        const auto code = probe_code(pos);
        if (!code) return std::nullopt;
        return dtz_of_code(*code);
    }
    const auto i = implied(*this, pos);
    if (!i) return std::nullopt;
    return Dtz{i->first.wdl, i->first.dtz};
}

std::optional<Move> dtz_proof(const DtzTableSet& set, const Position& pos) {
    const auto i = implied(set, pos);
    if (!i || i->first.child < 0) return std::nullopt;
    return i->second[static_cast<std::size_t>(i->first.child)];
}

}  // namespace retrocheck::tb::chess
