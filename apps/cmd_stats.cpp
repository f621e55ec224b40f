// `retrocheck stats DIR [--json] [--threads T]`
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "apps/chess_tables.h"
#include "apps/games.h"
#include "apps/commands.h"
#include "apps/html_report.h"
#include "apps/jobs.h"
#include "apps/output.h"
#include "engine/checkers/notation.h"
#include "tablebases/store/directory.h"
#include "tablebases/verify/stats.h"

namespace retrocheck::app {

using namespace tb;

namespace {

// Rows of per-side statistics, printed as they come (text) or gathered (JSON), and a total.
class StatsPrinter {
  public:
    StatsPrinter(std::string dir, bool json) : dir_(std::move(dir)), json_(json) {
        if (!json_)
            row("material", "slice", "side", "positions", "wins", "draws", "losses", "captures",
                "longest win", "");
    }

    void add(const SliceTable& table) {
        const Slice s = table.index.slice();
        const auto sides = table_stats(table);
        for (auto& h : slice_histograms(s, sides)) histograms_.push_back(std::move(h));
        for (int side = 0; side < 2; ++side) {
            const SideStats& st = sides[static_cast<std::size_t>(side)];
            const char* who =
                checkers::to_string(side == 0 ? checkers::Color::Black : checkers::Color::White);
            total_.add_counts(st);
            if (st.longest_win_plies > total_.longest_win_plies) {
                total_.longest_win_plies = st.longest_win_plies;
                total_.longest_win = st.longest_win;
            }
            if (!json_) {
                row(material(s), name(s), who, grouped(st.positions), grouped(st.wins),
                    grouped(st.draws), grouped(st.losses), grouped(st.capture_positions),
                    longest_text(st), st.longest_win ? checkers::format_fen(*st.longest_win) : "");
                continue;
            }
            nlohmann::json j = counts(st);
            j["slice"] = name(s);
            j["material"] = material(s);
            j["black_men"] = s.black_men;
            j["black_kings"] = s.black_kings;
            j["white_men"] = s.white_men;
            j["white_kings"] = s.white_kings;
            j["side_to_move"] = who;
            slices_.push_back(j);
        }
    }

    const SideStats& total() const { return total_; }
    const std::vector<HtmlHistogram>& histograms() const { return histograms_; }

    // The JSON document (null for text, whose total row is printed here).
    nlohmann::json finish() {
        if (json_)
            return {{"game", "checkers"},
                    {"directory", dir_},
                    {"slices", slices_},
                    {"total", counts(total_)}};
        row("total", "", "both", grouped(total_.positions), grouped(total_.wins),
            grouped(total_.draws), grouped(total_.losses), grouped(total_.capture_positions),
            longest_text(total_),
            total_.longest_win ? checkers::format_fen(*total_.longest_win) : "");
        return nullptr;
    }

  private:
    // "11 plies", or "-" where the side to move wins nowhere.
    static std::string longest_text(const SideStats& st) {
        return st.longest_win ? Outcome::plies_text(st.longest_win_plies) : "-";
    }
    static nlohmann::json counts(const SideStats& st) {
        return {
            {"positions", st.positions},
            {"wins", st.wins},
            {"draws", st.draws},
            {"losses", st.losses},
            {"capture_positions", st.capture_positions},
            {"quiet_wins", st.quiet_wins},
            {"quiet_draws", st.quiet_draws},
            {"quiet_losses", st.quiet_losses},
            {"longest_win",
             st.longest_win ? position_value_json(*st.longest_win,
                                                  Outcome::win(st.longest_win_plies), Metric::Dtw)
                            : nlohmann::json(nullptr)}};
    }
    static void row(const std::string& material, const std::string& slice, const std::string& side,
                    const std::string& n, const std::string& w, const std::string& d,
                    const std::string& l, const std::string& c, const std::string& longest,
                    const std::string& fen) {
        fmt::print("{:<12} {:<13} {:<5} {:>14} {:>14} {:>14} {:>14} {:>14} {:>11}  {}\n", material,
                   slice, side, n, w, d, l, c, longest, fen);
    }
    std::string dir_;
    bool json_;
    SideStats total_;
    std::vector<HtmlHistogram> histograms_;
    nlohmann::json slices_ = nlohmann::json::array();
};

}  // namespace

int run_stats(const std::filesystem::path& dir, bool json, const std::string& html) {
    if (game_of_tables(dir) == AppGame<tb::chess::ChessGame>::kName)
        return run_chess_stats(dir, json, html);
    auto files = store::open_directory(dir);
    if (!files) return fail(files.error());
    StatsPrinter printer(dir.string(), json);
    for (const auto& file : *files) {
        auto table = file->read_all();
        if (!table) return fail(table.error());
        printer.add(**table);
    }
    if (json)
        print_json(printer.finish());
    else
        printer.finish();
    if (!html.empty()) {
        const SideStats& t = printer.total();
        HtmlReport page{"retrocheck stats " + dir.string(), true, {}, {}, printer.histograms()};
        page.summary = {
            {"slices", grouped(files->size())},
            {"positions", grouped(t.positions)},
            {"wins / draws / losses",
             grouped(t.wins) + " / " + grouped(t.draws) + " / " + grouped(t.losses)},
            {"longest win", t.longest_win ? std::to_string(t.longest_win_plies) + " plies, " +
                                                checkers::format_fen(*t.longest_win)
                                          : "-"}};
        if (const auto w = write_html(html, page); !w) return fail(w.error());
    }
    return kExitOk;
}

nlohmann::json print_stats(const TableSet& tables, const std::filesystem::path& dir, bool json) {
    StatsPrinter printer(dir.string(), json);
    for (const auto& entry : tables.tables()) printer.add(*entry.second);
    return printer.finish();
}

Command add_stats(CLI::App& app) {
    struct Args {
        std::string dir;
        bool json = false;
        int threads = 0;
        std::string html;
    };
    auto args = std::make_shared<Args>();
    auto* cmd =
        app.add_subcommand("stats", "Wins, draws, losses and longest wins per slice and side");
    cmd->add_option("dir", args->dir, "Directory of table files")->required();
    cmd->add_flag("--json", args->json, "Print one JSON object");
    add_threads_option(cmd, args->threads);
    add_html_option(cmd, args->html);
    return {cmd, [args] {
                const auto threads = limit_threads(args->threads);
                return run_stats(args->dir, args->json, args->html);
            }};
}

}  // namespace retrocheck::app
