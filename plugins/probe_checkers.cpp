// check-probe's checkers half (plugins/probe_games.h): a database of any format, positions
// beyond it valued through their captures by our resolver, and the kinds of resolver cases.
#include <fmt/format.h>

#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/random_position.h"
#include "engine/checkers/shrink.h"
#include "plugins/probe_games.h"
#include "tablebases/checkers/index.h"
#include "tablebases/checkers/slice.h"

namespace retrocheck::plugins {

namespace {

constexpr const char* kOutsideLabel = "outside the tables";
constexpr int kOutsideWeight = 5;
// Random positions tried for one case of a kind before the kind is given up at that piece count.
constexpr int kTries = 4000;

std::optional<Wld> wld_of(std::int32_t w) {
    if (w == RC_WIN) return Wld::Win;
    if (w == RC_DRAW) return Wld::Draw;
    if (w == RC_LOSS) return Wld::Loss;
    return std::nullopt;
}

}  // namespace

CheckersProbe::CheckersProbe(const Reference& reference, const ProbeSetup& setup)
    : ref_(reference),
      declared_{setup.info.probe_metric, setup.info.probe_captures},
      pieces_(setup.pieces),
      min_pieces_(setup.min_pieces) {
    for (const auto& k : tb::resolver_cases()) {
        if (k.kind == tb::ResolverCase::ThreatCycle && pieces_ < 4) continue;
        kinds_.push_back({k.label, k.weight, k.kind});
    }
    if (setup.outside && reference.max_pieces < 24)
        kinds_.push_back({kOutsideLabel, kOutsideWeight, std::nullopt});
}

bool CheckersProbe::distances_checked() const {
    return declared_.metric != RC_METRIC_WLD && ref_.truth.has_distance();
}

std::string CheckersProbe::fen(const Position& p) { return checkers::format_fen(p); }

// Outside the tables, a position is valued where captures lead into them; where none does, the
// tables cannot know it (the plugin must not value it). Neither: nothing to check (a slice the
// tables lack, a resolver over its bound).
Known<Outcome> CheckersProbe::known(const Position& pos) {
    const tb::ProbeResult r = outside(pos) ? resolver_.probe(pos) : ref_.truth.probe(pos);
    if (r.status == tb::ProbeStatus::Ok) return {true, r.value, {}};
    if (r.status == tb::ProbeStatus::Corrupt) return {false, std::nullopt, r.error};
    return {outside(pos) && r.status == tb::ProbeStatus::Missing, std::nullopt, {}};
}

std::string CheckersProbe::unheld_text(const Position&) const {
    return "a value for a position that needs a table with more pieces than the tables given";
}

std::string CheckersProbe::missing_text(const Position& pos) const {
    return fmt::format("missing, but the tables hold its slice {} ({})",
                       tb::name(tb::slice_of(pos)), tb::material(tb::slice_of(pos)));
}

// Its form against the declaration, then its value (with its distance when the tables have
// one).
ValueVerdict CheckersProbe::judge_value(const Position&, const Answer& r,
                                        const Outcome& ours) const {
    using P = ProbeProblem;
    const bool declares_distance = declared_.metric != RC_METRIC_WLD;
    const auto w = wld_of(r.wld);
    if (!w) return ValueVerdict::of(P::WrongValue, fmt::format("wld {} is not -1, 0 or 1", r.wld));
    if (r.distance < -1)
        return ValueVerdict::of(
            P::WrongValue,
            fmt::format("distance {} is neither plies (0 or more) nor -1 (none)", r.distance));
    if (*w == Wld::Draw) {
        if (r.distance != -1)
            return ValueVerdict::of(
                P::Contradiction,
                fmt::format("a draw with distance {}: a draw has none (-1)", r.distance));
    } else if (declares_distance && r.distance < 0) {
        return ValueVerdict::of(P::Contradiction,
                                fmt::format("no distance (-1), though it declares the metric {}",
                                            metric_name(declared_.metric)));
    } else if (!declares_distance && r.distance >= 0) {
        return ValueVerdict::of(P::Contradiction,
                                fmt::format("distance {}, though it declares win, draw or loss "
                                            "only (RC_METRIC_WLD)",
                                            r.distance));
    }
    if (*w != ours.wld()) return ValueVerdict::of(P::WrongValue, "");
    if (distances_checked() && !ours.is_draw() && ours.has_distance() && r.distance != ours.plies())
        return ValueVerdict::of(P::WrongValue, "");
    return ValueVerdict::right();
}

ValueVerdict CheckersProbe::judge_not_stored(const Position& pos) const {
    if (declared_.captures != RC_CAPTURES_NOT_STORED)
        return ValueVerdict::of(ProbeProblem::Contradiction,
                                "not stored, though it declares every position valued, capture "
                                "positions included (RC_CAPTURES_RESOLVED)");
    if (checkers::either_side_can_capture(pos)) return {ValueVerdict::Kind::Excused, {}, {}};
    return ValueVerdict::of(ProbeProblem::WrongStatus,
                            "not stored, but neither side has a capture");
}

Call<rc_probe_result> CheckersProbe::ask(PluginProcess& plugin, const Position& pos) const {
    return plugin.probe(fen(pos));
}

std::vector<ProbeKind> CheckersProbe::kinds() const {
    std::vector<ProbeKind> out;
    for (const auto& k : kinds_) out.push_back({k.label, k.weight});
    return out;
}

// A position of the kind, or nothing when none was found in kTries draws.
std::optional<checkers::Position> CheckersProbe::draw(std::size_t index, std::mt19937_64& rng) {
    const Kind& kind = kinds_[index];
    if (!kind.resolver) {
        for (int i = 0; i < kTries; ++i) {
            const Position p = checkers::random_position(rng, ref_.max_pieces + 1);
            if (p.pieces(checkers::Color::Black) && p.pieces(checkers::Color::White)) return p;
        }
        return std::nullopt;
    }
    if (*kind.resolver == tb::ResolverCase::ThreatCycle) {
        const auto& cycles = tb::threat_cycles();
        std::uniform_int_distribution<std::size_t> pick(0, cycles.size() - 1);
        return cycles[pick(rng)];
    }
    std::uniform_int_distribution<int> pieces(min_pieces_, pieces_);
    const int n = pieces(rng);
    const std::pair<std::string, int> key{kind.label, n};
    if (never_.count(key)) return std::nullopt;
    const tb::TrueValue value = [this](const Position& q) { return truth(q); };
    for (int i = 0; i < kTries; ++i) {
        const Position p = checkers::random_position(rng, n);
        if (truth(p) && tb::is_case(*kind.resolver, p, value)) {
            found_.insert(key);
            return p;
        }
    }
    // Not one in the first kTries draws: a kind that does not exist at this piece count
    // (captures answered by captures with two pieces) is not drawn again.
    if (!found_.count(key)) never_.insert(key);
    return std::nullopt;
}

std::uint64_t CheckersProbe::every_count() const {
    std::uint64_t n = 0;
    for (const tb::Slice s : tb::slices_up_to(pieces_)) n += 2 * tb::SliceIndex(s).size();
    return n;
}

void CheckersProbe::every_position(const std::function<bool(const Position&)>& f) const {
    for (const tb::Slice s : tb::slices_up_to(pieces_)) {
        const tb::SliceIndex index(s);
        for (const auto side : {checkers::Color::Black, checkers::Color::White})
            for (std::uint64_t id = 0; id < index.size(); ++id)
                if (!f(index.position(id, side))) return;
    }
}

checkers::Position CheckersProbe::shrink(const Position& pos,
                                         const std::function<bool(const Position&)>& f) const {
    return checkers::shrink(pos, f);
}

// A child whose value, one ply up, is ours.
std::optional<std::pair<checkers::Move, Outcome>> CheckersProbe::child(const Position& pos,
                                                                       const Outcome& ours) {
    for (const auto& m : checkers::legal_moves(pos)) {
        const auto c = truth(pos.after(m));
        if (c && c->parent_view() == ours) return std::pair{m, *c};
    }
    return std::nullopt;
}

}  // namespace retrocheck::plugins
