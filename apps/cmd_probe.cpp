// `retrocheck probe DIR FEN [--json]`: a position's value and every legal move's, best first.
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/output.h"
#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "tablebases/store/file_source.h"

namespace retrocheck::app {

using namespace tb;

namespace {

nlohmann::json dtw_json(const Outcome& o) {
    return o.is_draw() ? nlohmann::json(nullptr) : nlohmann::json(o.plies());
}

Result<Outcome> value_of(const TableSource& source, const checkers::Position& pos,
                         const std::string& dir) {
    const ProbeResult r = source.probe(pos);
    if (r.status == ProbeStatus::Ok) return r.value;
    if (r.status == ProbeStatus::Corrupt) return Error{r.error};
    return Error{dir + " has no table for slice " + name(slice_of(pos)) + " (" +
                 checkers::format_fen(pos) + ")"};
}

}  // namespace

Command add_probe(CLI::App& app) {
    struct Args {
        std::string dir, fen;
        bool json = false;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand("probe", "A position's value and every move's, from tables");
    cmd->add_option("dir", args->dir, "Directory of table files")->required();
    cmd->add_option("fen", args->fen, "The position")->required();
    cmd->add_flag("--json", args->json, "Print one JSON object");
    return {cmd, [args] {
                const auto pos = fen_argument(args->fen);
                if (!pos) return fail(pos.error());
                const auto source = store::FileSource::open(args->dir);
                if (!source) return fail(source.error());
                const auto value = value_of(**source, *pos, args->dir);
                if (!value) return fail(value.error());
                struct Scored {
                    checkers::Move move;
                    Outcome value;  // for the side to move, through this move
                };
                std::vector<Scored> moves;
                for (const checkers::Move& m : checkers::legal_moves(*pos)) {
                    const auto child = value_of(**source, pos->after(m), args->dir);
                    if (!child) return fail(child.error());
                    moves.push_back({m, child->parent_view()});
                }
                std::stable_sort(moves.begin(), moves.end(), [](const Scored& a, const Scored& b) {
                    return better(a.value, b.value);
                });
                if (args->json) {
                    nlohmann::json out = {{"fen", checkers::format_fen(*pos)},
                                          {"result", to_string(value->wld())},
                                          {"dtw", dtw_json(*value)},
                                          {"moves", nlohmann::json::array()}};
                    for (const Scored& s : moves)
                        out["moves"].push_back({{"move", checkers::format_move(s.move)},
                                                {"result", to_string(s.value.wld())},
                                                {"dtw", dtw_json(s.value)}});
                    fmt::print("{}\n", out.dump());
                    return 0;
                }
                fmt::print("{}", checkers::describe(*pos));
                fmt::print("value: {}\n", value->to_string());
                for (const Scored& s : moves)
                    fmt::print("  {:<12} {}\n", checkers::format_move(s.move), s.value.to_string());
                return 0;
            }};
}

}  // namespace retrocheck::app
