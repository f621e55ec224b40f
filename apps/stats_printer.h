// `stats` and the stats step of `check`, once for both games (AppGame<G>, apps/games.h): a row
// a table and side to move, printed as it comes (text) or gathered (JSON), then the total; the
// JSON document has one shape for both games (schemas/stats.schema.json).
#pragma once

#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "apps/games.h"
#include "apps/html_report.h"
#include "apps/output.h"
#include "tablebases/verify/stats.h"

namespace retrocheck::app {

template <typename G>
class StatsPrinter {
  public:
    using Game = AppGame<G>;
    using Stats = tb::SideStats<G>;

    // Text rows printed as tables are added, or JSON rows gathered for finish(); Histograms only
    // gathers html()'s histograms (verify --html).
    enum class Mode { Text, Json, Histograms };
    StatsPrinter(std::string dir, bool json) : StatsPrinter(dir, json ? Mode::Json : Mode::Text) {}
    StatsPrinter(std::string dir, Mode mode) : dir_(std::move(dir)), mode_(mode) {
        if (mode_ == Mode::Text)
            row("material", Game::kSliceColumn ? Game::kSliceColumn : "", "side", "positions",
                "wins", "draws", "losses", Game::kExtraColumn, "longest win",
                "first such position");
    }

    void add(const typename G::Slice& slice, const typename G::StoredTable& table) {
        const auto sides = tb::table_stats<G>(table);
        ++tables_;
        for (std::size_t side = 0; side < 2; ++side) {
            const Stats& st = sides[side];
            total_.add(st);
            histograms_.push_back(histogram(slice, side, st));
            if (mode_ == Mode::Histograms) continue;
            if (mode_ == Mode::Text) {
                row(Game::unit_name(slice), Game::kSliceColumn ? Game::unit_id(slice) : "",
                    Game::kSides[side], grouped(st.positions), grouped(st.wins), grouped(st.draws),
                    grouped(st.losses), grouped(Game::extra_column(st.extra)), longest_text(st),
                    st.longest_win ? G::fen(*st.longest_win) : "");
                continue;
            }
            nlohmann::json j = counts(st);
            j["slice"] = Game::unit_id(slice);
            j["material"] = Game::unit_name(slice);
            Game::slice_json(slice, j);
            j["side_to_move"] = Game::kSides[side];
            j["longest_win_classes"] = st.longest_win_classes;
            nlohmann::json h = nlohmann::json::object();
            for (std::size_t plies = 0; plies < st.histogram.size(); ++plies)
                if (st.histogram[plies]) h[std::to_string(plies)] = st.histogram[plies];
            j["histogram"] = h;
            rows_.push_back(j);
        }
    }

    // The JSON document (null for text, whose total row is printed here).
    nlohmann::json finish() const {
        if (mode_ != Mode::Text)
            return {{"game", Game::kName},
                    {"directory", dir_},
                    {"slices", rows_},
                    {"total", counts(total_)}};
        row("total", "", "both", grouped(total_.positions), grouped(total_.wins),
            grouped(total_.draws), grouped(total_.losses),
            grouped(Game::extra_column(total_.extra)), longest_text(total_),
            total_.longest_win ? G::fen(*total_.longest_win) : "");
        return nullptr;
    }

    // The HTML page: the totals and every table's histograms.
    HtmlReport html() const {
        HtmlReport page{"retrocheck stats " + dir_, true, {}, {}, histograms_};
        page.summary = {
            {Game::kUnits, grouped(tables_)},
            {"positions", grouped(total_.positions)},
            {"wins / draws / losses",
             grouped(total_.wins) + " / " + grouped(total_.draws) + " / " + grouped(total_.losses)},
            {"longest win", total_.longest_win ? std::to_string(total_.longest_win_plies) +
                                                     " plies, " + G::fen(*total_.longest_win)
                                               : "-"}};
        return page;
    }

  private:
    // A side's distances: wins by odd plies, losses by even.
    static HtmlHistogram histogram(const typename G::Slice& slice, std::size_t side,
                                   const Stats& st) {
        std::string title = Game::unit_name(slice);
        if (Game::kSliceColumn) title += " (" + Game::unit_id(slice) + ")";
        std::string who = Game::kSides[side];
        who[0] = static_cast<char>(who[0] - 'a' + 'A');
        HtmlHistogram h{title + ", " + who + " to move", {}, {}, st.draws};
        for (std::size_t plies = 0; plies < st.histogram.size(); ++plies) {
            if (!st.histogram[plies]) continue;
            auto& bars = plies % 2 == 1 ? h.wins : h.losses;
            if (bars.size() <= plies) bars.resize(plies + 1);
            bars[plies] = st.histogram[plies];
        }
        return h;
    }
    // "11 plies", or "-" where the side to move wins nowhere.
    static std::string longest_text(const Stats& st) {
        return st.longest_win ? Outcome::plies_text(st.longest_win_plies) : "-";
    }
    static nlohmann::json counts(const Stats& st) {
        nlohmann::json j = {
            {"positions", st.positions},
            {"wins", st.wins},
            {"draws", st.draws},
            {"losses", st.losses},
            {"longest_win",
             st.longest_win
                 ? nlohmann::json{{"fen", G::fen(*st.longest_win)},
                                  {"value",
                                   value_json(Outcome::win(st.longest_win_plies), Game::kMetric)}}
                 : nlohmann::json(nullptr)}};
        Game::extra_json(st.extra, j);
        return j;
    }
    static void row(const std::string& material, const std::string& slice, const std::string& side,
                    const std::string& n, const std::string& w, const std::string& d,
                    const std::string& l, const std::string& extra, const std::string& longest,
                    const std::string& fen) {
        fmt::print("{:<12} {:<13} {:<5} {:>14} {:>14} {:>14} {:>14} {:>14} {:>11}  {}\n", material,
                   slice, side, n, w, d, l, extra, longest, fen);
    }
    std::string dir_;
    Mode mode_;
    std::size_t tables_ = 0;
    Stats total_;
    std::vector<HtmlHistogram> histograms_;
    nlohmann::json rows_ = nlohmann::json::array();
};

// The statistics of tables already in memory: the JSON document, or null after printing them.
template <typename G>
nlohmann::json print_stats(const typename G::Tables& tables, const std::filesystem::path& dir,
                           bool json) {
    StatsPrinter<G> printer(dir.string(), json);
    for (const auto& entry : tables.tables()) printer.add(entry.first, *entry.second);
    return printer.finish();
}

}  // namespace retrocheck::app
