#include "tablebases/chess/source.h"

#include <fmt/format.h>

#include <algorithm>

namespace retrocheck::tb::chess {

const char* to_string(Wdl5 w) {
    switch (w) {
        case Wdl5::Loss:
            return "loss";
        case Wdl5::BlessedLoss:
            return "blessed loss";
        case Wdl5::Draw:
            return "draw";
        case Wdl5::CursedWin:
            return "cursed win";
        default:
            return "win";
    }
}

Wld wld_of(Wdl5 w) {
    if (w == Wdl5::Draw) return Wld::Draw;
    return static_cast<int>(w) > 0 ? Wld::Win : Wld::Loss;
}

Outcome ChessProbe::outcome() const {
    const Wld w = wld_of(wdl);
    if (w == Wld::Draw) return Outcome::draw();
    if (!dtm) return Outcome::of(w);
    return w == Wld::Win ? Outcome::win(*dtm) : Outcome::loss(*dtm);
}

std::string ChessProbe::to_string() const {
    if (status != ChessProbeStatus::Ok)
        return fmt::format("{}: {}", chess::to_string(status), error);
    std::string s = dtm ? outcome().to_string() + " (dtm)" : chess::to_string(wdl);
    if (dtz) s += fmt::format(", dtz {}", *dtz);
    return s;
}

bool covers(const std::vector<Material>& held, const Material& m) {
    if (m.pieces() == 2) return true;
    const Material f = m.flipped();
    return std::find_if(held.begin(), held.end(),
                        [&](const Material& h) { return h == m || h == f; }) != held.end();
}

std::optional<Material> first_uncovered_successor(const std::vector<Material>& held,
                                                  Material* needed_by) {
    for (const Material& m : held)
        for (const Material& next : m.successors())
            if (!covers(held, next)) {
                if (needed_by) *needed_by = m;
                return next;
            }
    return std::nullopt;
}

Result<std::optional<Outcome>> value_of(const ChessTableSource& source,
                                        const retrocheck::chess::Position& pos) {
    if (pos.castling()) return std::optional<Outcome>();
    const ChessProbe r = source.probe(pos);
    if (r.status == ChessProbeStatus::Corrupt) return Error{r.error};
    return r.ok() ? std::optional(r.outcome()) : std::nullopt;
}

int ChessTableSource::max_pieces() const {
    int most = 0;
    for (const Material& m : materials()) most = std::max(most, m.pieces());
    return most;
}

}  // namespace retrocheck::tb::chess
