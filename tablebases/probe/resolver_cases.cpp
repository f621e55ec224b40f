#include "tablebases/probe/resolver_cases.h"

#include <array>

#include "engine/checkers/movegen.h"
#include "engine/checkers/threats.h"
#include "tablebases/checkers/index.h"
#include "tablebases/checkers/slice.h"

namespace retrocheck::tb {

using checkers::Position;

namespace {

constexpr std::array<ResolverCaseKind, 7> kCases = {{
    {ResolverCase::Plain, "plain", 10},
    {ResolverCase::Threat, "threat", 20},
    {ResolverCase::ThreatGraph, "threat graph", 20},
    {ResolverCase::ThreatCycle, "threat cycle", 5},
    {ResolverCase::CaptureChain, "captures answered by captures", 15},
    {ResolverCase::CaptureChoice, "captures of different values", 15},
    {ResolverCase::EveryCaptureLoses, "every capture loses", 15},
}};

bool must_capture(const Position& pos) { return checkers::has_capture(pos, pos.side_to_move()); }

}  // namespace

std::span<const ResolverCaseKind> resolver_cases() { return kCases; }

const char* label(ResolverCase c) {
    for (const auto& k : kCases)
        if (k.kind == c) return k.label;
    return "?";
}

bool is_case(ResolverCase c, const Position& pos, const TrueValue& value) {
    switch (c) {
        case ResolverCase::Plain:
            return true;
        case ResolverCase::Threat:
            return checkers::is_threat(pos);
        case ResolverCase::ThreatGraph:
            return checkers::threat_graph(pos, 64).nodes >= 2;
        case ResolverCase::ThreatCycle:
            return checkers::threat_graph(pos).cycle;
        case ResolverCase::CaptureChain:
            return checkers::capture_chain_plies(pos) >= 2;
        case ResolverCase::CaptureChoice: {
            if (!must_capture(pos)) return false;
            const auto moves = checkers::legal_moves(pos);
            const auto first = value(pos.after(moves[0]));
            for (const auto& m : moves) {
                const auto v = value(pos.after(m));
                if (first && v && *v != *first) return true;
            }
            return false;
        }
        case ResolverCase::EveryCaptureLoses: {
            if (!must_capture(pos) || checkers::count_moves(pos) < 2) return false;
            const auto v = value(pos);
            return v && v->is_loss();
        }
    }
    return false;
}

const std::vector<Position>& threat_cycles() {
    static const std::vector<Position> found = [] {
        std::vector<Position> out;
        for (const Slice s : slices_up_to(4)) {
            const bool lone_king = (s.black_men == 0 && s.black_kings == 1) ||
                                   (s.white_men == 0 && s.white_kings == 1);
            if (s.pieces() != 4 || !lone_king) continue;
            const SliceIndex index(s);
            for (const auto side : {checkers::Color::Black, checkers::Color::White})
                for (std::uint64_t id = 0; id < index.size(); ++id) {
                    const Position pos = index.position(id, side);
                    if (checkers::is_threat(pos) && checkers::threat_graph(pos).cycle)
                        out.push_back(pos);
                }
        }
        return out;
    }();
    return found;
}

}  // namespace retrocheck::tb
