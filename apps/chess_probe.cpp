// `retrocheck probe` of chess positions: one path for our tables, Syzygy's and Gaviota's.
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "apps/chess_probe.h"
#include "apps/output.h"
#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/zeroing.h"
#include "tablebases/chess/game.h"
#include "tablebases/probe/position_probe.h"

namespace retrocheck::app {

using tb::chess::ChessProbe;
using tb::chess::ChessTableSource;
using tb::chess::Wdl5;

namespace {

// WDL, and each distance the source stores.
Result<ChessProbe> value_of(const ChessTableSource& source, const chess::Position& pos) {
    ChessProbe p = source.has_dtz() ? source.probe_dtz(pos) : source.probe(pos);
    if (!p.ok()) return Error{p.error};
    return p;
}

bool mated(const chess::Position& pos) { return pos.in_check() && chess::count_moves(pos) == 0; }

// The distance a source stores: DTM before DTZ.
const char* metric_of(const ChessTableSource& source) {
    return source.has_dtm() ? "dtm" : source.has_dtz() ? "dtz" : "wld";
}

// The value object of the contract: the result without the 50-move rule and the distance the
// source stores (a checkmated position is 0 plies from mate and from a zeroing move alike).
nlohmann::json value_json(const ChessProbe& p, const chess::Position& pos, const char* metric) {
    const Wld w = tb::chess::wld_of(p.wdl);
    nlohmann::json plies = nullptr;
    if (w != Wld::Draw && p.dtm)
        plies = *p.dtm;
    else if (w != Wld::Draw && p.dtz)
        plies = mated(pos) ? 0 : std::abs(*p.dtz);
    return {{"result", to_string(w)}, {"plies", plies}, {"metric", metric}};
}

nlohmann::json position_json(const ChessProbe& p, const chess::Position& pos, const char* metric) {
    return {{"fen", chess::format_fen(pos)},
            {"value", value_json(p, pos, metric)},
            {"wdl", tb::chess::to_string(p.wdl)}};
}

// The child's value seen by the side that made move m from pos: the result turned, a DTM one
// ply longer, a DTZ turned and one ply longer (1 for a zeroing move that wins or loses).
ChessProbe mover_view(const ChessProbe& child, const chess::Position& pos, chess::Move m) {
    ChessProbe p;
    p.status = child.status;
    p.wdl = static_cast<Wdl5>(-static_cast<int>(child.wdl));
    if (child.dtm) p.dtm = *child.dtm + 1;
    if (child.dtz) {
        const int sign = static_cast<int>(p.wdl) > 0 ? 1 : static_cast<int>(p.wdl) < 0 ? -1 : 0;
        p.dtz =
            chess::zeroing(pos, m) || *child.dtz == 0 ? sign : sign * (std::abs(*child.dtz) + 1);
    }
    return p;
}

using Scored = tb::ScoredMove<tb::chess::ChessGame, ChessProbe>;

// Best first for the mover: the better result, then a win sooner and a loss later (by DTM where
// the source has it, else by DTZ), seen from the side that moves.
bool better_move(const chess::Position& pos, const Scored& a, const Scored& b) {
    const ChessProbe x = mover_view(a.value, pos, a.move), y = mover_view(b.value, pos, b.move);
    if (x.wdl != y.wdl) return static_cast<int>(x.wdl) > static_cast<int>(y.wdl);
    const int sign = static_cast<int>(x.wdl) > 0 ? 1 : static_cast<int>(x.wdl) < 0 ? -1 : 0;
    const auto distance = [](const ChessProbe& p) {
        return p.dtm ? *p.dtm : p.dtz ? std::abs(*p.dtz) : 0;
    };
    if (sign == 0 || distance(x) == distance(y)) return false;
    return sign > 0 ? distance(x) < distance(y) : distance(x) > distance(y);
}

}  // namespace

int probe_chess(const ChessTableSource& source, const ChessInput& input, bool json) {
    bool first = true;
    for (const auto& in : input.positions) {
        const chess::Position& pos = in.position;
        const auto probed = tb::probe_position<tb::chess::ChessGame>(
            pos, [&](const chess::Position& p) { return value_of(source, p); },
            [&](const Scored& a, const Scored& b) { return better_move(pos, a, b); });
        if (!probed) return fail((in.where.empty() ? "" : in.where + ": ") + probed.error());
        const ChessProbe* value = &probed->value;
        const std::vector<Scored>& moves = probed->moves;
        if (json) {
            nlohmann::json out = position_json(*value, pos, metric_of(source));
            out["format"] = source.format();
            out["moves"] = nlohmann::json::array();
            for (const Scored& s : moves) {
                nlohmann::json m = position_json(s.value, s.child, metric_of(source));
                m["move"] = chess::format_san(pos, s.move);
                m["uci"] = chess::format_uci(s.move);
                out["moves"].push_back(m);
            }
            print_json(out);
            continue;
        }
        if (!first) fmt::print("\n");
        first = false;
        fmt::print("{}", chess::describe(pos));
        fmt::print("value: {} ({})\n", value->to_string(), source.format());
        for (const Scored& s : moves)
            fmt::print("  {:<8} {:<6} {:<22} then {} to move: {}\n", chess::format_san(pos, s.move),
                       chess::format_uci(s.move), mover_view(s.value, pos, s.move).to_string(),
                       pos.side_to_move() == chess::Color::White ? "Black" : "White",
                       s.value.to_string());
    }
    return kExitOk;
}

}  // namespace retrocheck::app
