#include "apps/chess_tables.h"
#include "apps/build_run.h"
#include "apps/stats_printer.h"
#include "apps/verify_run.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>

#include "apps/build_plan.h"
#include "tablebases/chess/probe.h"
#include "apps/html_report.h"
#include "apps/junit.h"
#include "apps/output.h"
#include "apps/progress.h"
#include "apps/verify_output.h"
#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/core/text.h"
#include "tablebases/chess/build.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/writer.h"
#include "tablebases/verify/stats.h"
#include "tablebases/chess/game.h"
#include "tablebases/verify/verifier.h"

namespace retrocheck::app {

using tb::chess::Material;
using tb::chess::MaterialTable;
using tb::chess::MaterialTableSet;
using Position = chess::Position;

Result<std::vector<Material>> chess_materials(const std::string& names, int pieces) {
    std::vector<Material> out;
    if (names.empty()) return tb::chess::materials_up_to(pieces);
    for (std::size_t at = 0; at <= names.size();) {
        const std::size_t comma = std::min(names.find(',', at), names.size());
        auto m = Material::parse(trim(std::string_view(names).substr(at, comma - at)));
        at = comma + 1;
        if (!m) return Error{"--material: " + m.error()};
        if (m->pieces() < 3)
            return Error{"--material: " + m->name() + " is a draw without a table"};
        if (m->pieces() > tb::store::kMaxPieces)
            return Error{fmt::format("--material: {} has {} pieces; tables go up to {}", m->name(),
                                     m->pieces(), tb::store::kMaxPieces)};
        out.push_back(*m);
    }
    return out;
}

nlohmann::json chess_build_json(const BuildSummary& s, const BuildArgs& args,
                                const std::vector<Material>& materials) {
    nlohmann::json j = build_json(s, args);
    int most = 0;
    j["game"] = "chess";
    j["materials"] = nlohmann::json::array();
    for (const Material& m : materials) {
        j["materials"].push_back(m.name());
        most = std::max(most, m.pieces());
    }
    j["pieces"] = most;
    return j;
}

int check_chess(const BuildArgs& args, const std::string& material_names, bool json) {
    const auto materials = chess_materials(material_names, args.pieces);
    if (!materials) return fail(materials.error());
    if (!json)
        fmt::print(
            "== build: chess, {}, into {}\n",
            material_names.empty() ? fmt::format("up to {} pieces", args.pieces) : material_names,
            args.out);
    BuildRequest request = args.request();
    if (!json) request.log = print_line;
    const auto built = build_tables<tb::chess::ChessGame>(*materials, request);
    if (!built) return fail(built.error());
    if (!json) {
        print_build_summary(*built, args.method);
        fmt::print("\n== verify {}\n", args.out);
    }
    const auto t0 = std::chrono::steady_clock::now();
    const auto tables = tb::store::load_chess_directory(args.out);
    if (!tables) return fail(tables.error());
    const auto run = verify_tables<tb::chess::ChessGame>(*tables, 20, t0);
    StatsPrinter<tb::chess::ChessGame> stats(args.out, json);
    if (!json) {
        print_verify(run);
        fmt::print("\n== stats {}\n", args.out);
    }
    for (const auto& entry : tables->tables()) stats.add(*entry.second);
    const nlohmann::json stats_doc = stats.finish();
    if (json)
        print_json({{"build", chess_build_json(*built, args, *materials)},
                    {"verify", verify_json(run, args.out)},
                    {"stats", stats_doc}});
    return run.exit_code();
}

}  // namespace retrocheck::app
