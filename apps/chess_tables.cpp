#include "apps/chess_tables.h"
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
#include "tablebases/verify/chess_stats.h"
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

Result<BuildSummary> build_chess_tables(const std::vector<Material>& materials,
                                        const BuildRequest& request) {
    const std::vector<Material> order = tb::closure<tb::chess::ChessGame>(materials);
    std::vector<std::string> names;
    std::vector<PlannedTable> plan;
    for (const Material& m : order) {
        names.push_back(m.name());
        PlannedTable t{m.name(), 2 * tb::chess::MaterialIndex(m).size(), 0};
        for (const Material& next : m.successors())
            if (next.pieces() > 2) t.successor_slots += 2 * tb::chess::MaterialIndex(next).size();
        plan.push_back(t);
    }
    if (const auto fits = check_build_fits(plan); !fits) return Error{fits.error()};
    if (const auto cleared = clear_stale_tables(request.out, names, request.overwrite); !cleared)
        return Error{cleared.error()};
    std::map<Material, int> needed_by;
    for (const Material& m : order)
        for (const Material& t : m.successors()) ++needed_by[t];

    BuildSummary sum;
    sum.unit = "materials";
    const auto t0 = std::chrono::steady_clock::now();
    MaterialTableSet in_memory;
    for (const Material& m : order) {
        tb::BuildProgress progress;
        tb::BuildStats stats;
        const auto t_material = std::chrono::steady_clock::now();
        std::shared_ptr<MaterialTable> table;
        try {
            ProgressLine line([&] {
                return fmt::format("{} {} positions seeded, {} settled, distance {}", m.name(),
                                   grouped(progress.seeded.load()),
                                   grouped(progress.settled.load()), progress.level.load());
            });
            table = std::make_shared<MaterialTable>(
                tb::chess::build_material(m, in_memory, request.method, &stats, &progress));
        } catch (const std::exception& e) {
            return Error{m.name() + ": " + e.what()};
        }
        const double seconds = seconds_since(t_material);
        auto bytes = tb::store::write_table(*table, tb::store::table_path(request.out, m));
        if (!bytes) return Error{bytes.error()};
        sum.positions += stats.positions;
        sum.bytes += *bytes;
        ++sum.slices;
        if (request.log)
            request.log(fmt::format("{:<12} {:>14} positions  longest {:>11}  {:>10}  {:>10}",
                                    m.name(), grouped(stats.positions),
                                    stats.levels > 1 ? Outcome::plies_text(stats.levels - 1) : "-",
                                    seconds_text(seconds), bytes_text(*bytes)));
        in_memory.add(std::move(table));
        for (const Material& t : m.successors())
            if (--needed_by[t] == 0) in_memory.remove(t);
        if (needed_by[m] == 0) in_memory.remove(m);
    }
    sum.seconds = seconds_since(t0);
    sum.peak_memory = peak_memory_bytes();
    return sum;
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

namespace {


// One row (text) or object (JSON) a material and side to move, and the total: the document
// `stats --json` prints for checkers tables too (apps/cmd_stats.cpp), with chess's counts over
// every symmetric image beside those over classes.
class ChessStatsPrinter {
  public:
    ChessStatsPrinter(std::string dir, bool json) : dir_(std::move(dir)), json_(json) {
        if (!json_)
            row("material", "side", "positions", "raw", "wins", "draws", "losses", "longest win",
                "first such position");
    }
    void add(const MaterialTable& table) {
        const auto sides = tb::chess::material_stats(table);
        for (auto& h : material_histograms(table, sides)) histograms_.push_back(std::move(h));
        ++materials_;
        for (std::size_t side = 0; side < 2; ++side) {
            const auto& st = sides[side];
            const char* who = side == 0 ? "white" : "black";
            total_.add(st);
            if (!json_) {
                row(table.material().name(), who, grouped(st.positions), grouped(st.positions_raw),
                    grouped(st.wins), grouped(st.draws), grouped(st.losses), longest_text(st),
                    st.longest_win ? chess::format_fen(*st.longest_win) : "");
                continue;
            }
            nlohmann::json histogram = nlohmann::json::object();
            for (const auto& [plies, n] : st.histogram) histogram[std::to_string(plies)] = n;
            nlohmann::json j = counts(st);
            j["slice"] = table.material().name();
            j["material"] = table.material().name();
            j["side_to_move"] = who;
            j["longest_win_classes"] = st.longest_win_classes;
            j["histogram"] = histogram;
            rows_.push_back(j);
        }
    }
    // The HTML page: the totals and every material's histograms.
    HtmlReport html() const {
        HtmlReport page{"retrocheck stats " + dir_, true, {}, {}, histograms_};
        page.summary = {
            {"materials", grouped(materials_)},
            {"positions (symmetry classes)", grouped(total_.positions)},
            {"wins / draws / losses",
             grouped(total_.wins) + " / " + grouped(total_.draws) + " / " + grouped(total_.losses)},
            {"longest win", total_.longest_win
                                ? std::to_string(total_.longest_win_plies) + " plies, " +
                                      chess::format_fen(*total_.longest_win)
                                : "-"}};
        return page;
    }
    // The JSON document (null for text, whose total row is printed here).
    nlohmann::json finish() const {
        if (json_)
            return {{"game", "chess"},
                    {"directory", dir_},
                    {"slices", rows_},
                    {"total", counts(total_)}};
        row("total", "both", grouped(total_.positions), grouped(total_.positions_raw),
            grouped(total_.wins), grouped(total_.draws), grouped(total_.losses),
            longest_text(total_), total_.longest_win ? chess::format_fen(*total_.longest_win) : "");
        return nullptr;
    }

  private:
    static std::string longest_text(const tb::chess::ChessSideStats& st) {
        return st.longest_win ? Outcome::plies_text(st.longest_win_plies) : "-";
    }
    static nlohmann::json counts(const tb::chess::ChessSideStats& st) {
        nlohmann::json longest = nullptr;
        if (st.longest_win)
            longest = {{"fen", chess::format_fen(*st.longest_win)},
                       {"value", value_json(Outcome::win(st.longest_win_plies), Metric::Dtm)}};
        return {{"positions", st.positions},
                {"wins", st.wins},
                {"draws", st.draws},
                {"losses", st.losses},
                {"positions_raw", st.positions_raw},
                {"wins_raw", st.wins_raw},
                {"draws_raw", st.draws_raw},
                {"losses_raw", st.losses_raw},
                {"longest_win", longest}};
    }
    static void row(const std::string& material, const std::string& side, const std::string& n,
                    const std::string& raw, const std::string& w, const std::string& d,
                    const std::string& l, const std::string& longest, const std::string& fen) {
        fmt::print("{:<10} {:<5} {:>12} {:>12} {:>12} {:>12} {:>12} {:>13}  {}\n", material, side,
                   n, raw, w, d, l, longest, fen);
    }
    std::string dir_;
    bool json_;
    std::size_t materials_ = 0;
    tb::chess::ChessSideStats total_;
    std::vector<HtmlHistogram> histograms_;
    nlohmann::json rows_ = nlohmann::json::array();
};

}  // namespace

int run_chess_stats(const std::filesystem::path& dir, bool json, const std::string& html) {
    const auto files = tb::store::open_directory(dir);
    if (!files) return fail(files.error());
    ChessStatsPrinter printer(dir.string(), json);
    for (const auto& file : *files) {
        const auto table = file->read_material();
        if (!table) return fail(table.error());
        printer.add(**table);
    }
    const nlohmann::json doc = printer.finish();
    if (json) print_json(doc);
    if (!html.empty())
        if (const auto w = write_html(html, printer.html()); !w) return fail(w.error());
    return kExitOk;
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
    const auto built = build_chess_tables(*materials, request);
    if (!built) return fail(built.error());
    if (!json) {
        print_build_summary(*built, args.method);
        fmt::print("\n== verify {}\n", args.out);
    }
    const auto t0 = std::chrono::steady_clock::now();
    const auto tables = tb::store::load_chess_directory(args.out);
    if (!tables) return fail(tables.error());
    const auto run = verify_tables<tb::chess::ChessGame>(*tables, 20, t0);
    ChessStatsPrinter stats(args.out, json);
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
