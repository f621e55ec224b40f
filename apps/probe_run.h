// `retrocheck probe`, once for both games: each position's value and every legal move's, best
// first for the side to move, from any source of the game (AppGame<G>::open_source: ours,
// Chinook's or Cake's for checkers; ours, Syzygy's or Gaviota's for chess).
#pragma once

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <string>

#include "apps/games.h"
#include "apps/output.h"
#include "apps/position_input.h"
#include "tablebases/probe/position_probe.h"

namespace retrocheck::app {

// The exit code; the first position the source cannot value stops the run (exit 2).
template <typename G>
int run_probe(const std::string& format, const std::string& dir, const PositionArgs& args,
              const InputText& text, bool json) {
    using App = AppGame<G>;
    using Stored = typename App::Stored;
    using Scored = tb::ScoredMove<G, Stored>;
    const auto input = App::parse_input(args, text);
    if (!input) return fail(input.error());
    const auto source = App::open_source(format, dir);
    if (!source) return fail(source.error());
    bool first = true;
    for (const auto& in : input->positions) {
        const auto& pos = in.position;
        const auto probed = tb::probe_position<G>(
            pos, [&](const typename G::Position& p) { return App::probe_value(*source, p, dir); },
            [&](const Scored& a, const Scored& b) {
                return App::better_move(pos, a.move, a.value, b.move, b.value);
            });
        if (!probed) return fail((in.where.empty() ? "" : in.where + ": ") + probed.error());
        if (json) {
            nlohmann::json out = App::probe_json(*source, pos, probed->value);
            out["format"] = format;
            out["moves"] = nlohmann::json::array();
            for (const Scored& s : probed->moves) {
                nlohmann::json m = App::probe_json(*source, s.child, s.value);
                App::move_json(pos, s.move, m);
                out["moves"].push_back(std::move(m));
            }
            print_json(out);
            continue;
        }
        if (!first) fmt::print("\n");
        first = false;
        fmt::print("{}", App::describe(pos));
        fmt::print("value: {} ({})\n", probed->value.to_string(), App::source_name(*source));
        for (const Scored& s : probed->moves)
            fmt::print("  {} {:<22} then {} to move: {}\n", App::move_columns(pos, s.move),
                       App::mover_view(pos, s.move, s.value),
                       App::side_title(s.child.side_to_move()), s.value.to_string());
    }
    return kExitOk;
}

}  // namespace retrocheck::app
