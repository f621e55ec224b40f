// `retrocheck probe DIR FEN [--db-format F] [--json]`: a position's value and every legal move's,
// best first. Chess tables (ours, Syzygy's, Gaviota's: apps/chess_probe.h) take chess FENs.
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>

#include "apps/chess_probe.h"
#include "apps/commands.h"
#include "apps/databases.h"
#include "apps/output.h"
#include "apps/position_input.h"
#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/core/text.h"
#include "tablebases/checkers/game.h"
#include "tablebases/chess/probe.h"
#include "tablebases/probe/position_probe.h"

namespace retrocheck::app {

using namespace tb;

namespace {

Result<Outcome> value_of(const Database& db, const checkers::Position& pos,
                         const std::string& dir) {
    const auto v = look_up(db, pos);
    if (!v) return Error{v.error()};
    if (!*v)
        return Error{dir + " holds no value for " + clipped(checkers::format_fen(pos)) +
                     " (slice " + name(slice_of(pos)) + ", " + material(slice_of(pos)) +
                     (db.stored == db.full ? "" : "; or the capture resolver gave up") + ")"};
    return **v;
}

using Scored = ScoredMove<CheckersGame, Outcome>;

}  // namespace

Command add_probe(CLI::App& app) {
    struct Args {
        std::string dir, db_format = "auto";
        PositionArgs input;
        bool json = false;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand("probe", "A position's value and every move's, from tables");
    cmd->add_option("dir", args->dir, "The tables: a directory (or a Chinook data file)")
        ->required();
    cmd->add_option("fen", args->input.fen, "The position ('-': one a line from stdin)");
    add_position_options(cmd, args->input);
    add_table_format_option(cmd, args->db_format);
    cmd->add_flag("--json", args->json, "Print one JSON object a position");
    return {cmd, [args] {
                const auto kind = recognise_tables(args->db_format, args->dir);
                if (!kind) return fail(kind.error());
                if (kind->game == "chess") {
                    const auto text = read_input_text(args->input);
                    if (!text) return fail(text.error());
                    const auto input = parse_chess_positions(args->input, *text);
                    if (!input) return fail(input.error());
                    const auto source = tb::chess::open_tables(kind->format, args->dir);
                    if (!source) return fail(source.error());
                    return probe_chess(**source, *input, args->json);
                }
                const auto input = read_positions(args->input);
                if (!input) return fail(input.error());
                const auto db = open_database(kind->format, args->dir);
                if (!db) return fail(db.error());
                const Metric metric = db->metric();
                bool first = true;
                for (const InputPosition& in : input->positions) {
                    const checkers::Position& pos = in.position;
                    // Best first for the side to move: the child's value seen one ply up.
                    const auto probed = tb::probe_position<tb::CheckersGame>(
                        pos,
                        [&](const checkers::Position& p) { return value_of(*db, p, args->dir); },
                        [](const Scored& a, const Scored& b) {
                            return better(a.value.parent_view(), b.value.parent_view());
                        });
                    if (!probed) return fail(probed.error());
                    const Outcome* value = &probed->value;
                    const auto& moves = probed->moves;
                    if (args->json) {
                        nlohmann::json out = position_value_json(pos, *value, metric);
                        out["moves"] = nlohmann::json::array();
                        for (const Scored& s : moves) {
                            nlohmann::json m = position_value_json(s.child, s.value, metric);
                            m["move"] = checkers::format_move(s.move);
                            out["moves"].push_back(m);
                        }
                        print_json(out);
                        continue;
                    }
                    if (!first) fmt::print("\n");
                    first = false;
                    fmt::print("{}", checkers::describe(pos));
                    fmt::print("value: {} ({})\n", value->to_string(), to_string(metric));
                    for (const Scored& s : moves)
                        fmt::print("  {:<12} {:<18} then {} to move: {}\n",
                                   checkers::format_move(s.move), s.value.parent_view().to_string(),
                                   checkers::title(s.child.side_to_move()), s.value.to_string());
                }
                return kExitOk;
            }};
}

}  // namespace retrocheck::app
