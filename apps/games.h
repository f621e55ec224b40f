// What the commands know about each game, and the one place apps/ decides the game: a command
// asks which game (from a FEN's syntax, --game, or the tables' files) and calls a path written
// once over AppGame<G> with with_game().
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "apps/html_report.h"
#include "apps/jobs.h"
#include "engine/checkers/notation.h"
#include "engine/chess/fen.h"
#include "engine/chess/notation.h"
#include "engine/core/metric.h"
#include "engine/core/result.h"
#include "tablebases/checkers/build.h"
#include "tablebases/checkers/game.h"
#include "tablebases/checkers/index.h"
#include "tablebases/chess/build.h"
#include "tablebases/chess/game.h"

namespace retrocheck::app {

template <typename G>
struct AppGame;

template <>
struct AppGame<tb::CheckersGame> {
    static constexpr const char* kName = "checkers";
    static constexpr Metric kMetric = Metric::Dtw;
    static constexpr const char* kUnits = "slices";  // what a table holds
    static Result<tb::TableSet> load(const std::filesystem::path& dir);
    // What `build` and `check` build: every slice up to --pieces (--material is refused; build
    // requires --pieces).
    static constexpr int kCheckPieces = 5;
    static constexpr const char* kCheckOut = "tables";
    static Result<std::vector<tb::Slice>> roots(const std::string& materials, int pieces,
                                                bool pieces_given, bool build);
    static nlohmann::json build_json(const BuildSummary& s, const BuildArgs& args,
                                     const std::vector<tb::Slice>& roots);
    // Building: a slice's slots (both sides to move), and its table from those it leads to.
    static std::uint64_t slots(const tb::Slice& s) { return 2 * tb::SliceIndex(s).size(); }
    static tb::SliceTable build(const tb::Slice& s, const tb::TableSet& done, tb::BuildMethod m,
                                tb::BuildStats* stats, tb::BuildProgress* progress) {
        return tb::build_slice(s, done, m, stats, progress);
    }
    // A table's JUnit class ("verify.<id>") and its name for people.
    static std::string unit_id(const tb::Slice& s) { return tb::name(s); }
    static std::string unit_name(const tb::Slice& s) { return tb::material(s); }
    static std::string move_text(const checkers::Position&, const checkers::Move& m) {
        return checkers::format_move(m);
    }
    static HtmlBoard board(std::string title, const checkers::Position& pos,
                           const std::optional<checkers::Move>& move, std::string details) {
        return html_board(std::move(title), pos, move ? move_squares(*move) : std::vector<int>{},
                          move ? "child " + checkers::format_move(*move) : "", std::move(details));
    }
    // Statistics: the sides in slot order, the column of a table's file name beside its
    // material's, the game's own counts (tb::CheckersGame::StatsExtra) in JSON and in the one
    // text column shown, and a slice's men and kings in JSON.
    static constexpr std::array<const char*, 2> kSides = {"black", "white"};
    static constexpr const char* kSliceColumn = "slice";
    static constexpr const char* kExtraColumn = "captures";
    static std::uint64_t extra_column(const tb::CheckersGame::StatsExtra& e) {
        return e.capture_positions;
    }
    static void extra_json(const tb::CheckersGame::StatsExtra& e, nlohmann::json& j) {
        j["capture_positions"] = e.capture_positions;
        j["quiet_wins"] = e.quiet_wins;
        j["quiet_draws"] = e.quiet_draws;
        j["quiet_losses"] = e.quiet_losses;
    }
    static void slice_json(const tb::Slice& s, nlohmann::json& j) {
        j["black_men"] = s.black_men;
        j["black_kings"] = s.black_kings;
        j["white_men"] = s.white_men;
        j["white_kings"] = s.white_kings;
    }
};

template <>
struct AppGame<tb::chess::ChessGame> {
    static constexpr const char* kName = "chess";
    static constexpr Metric kMetric = Metric::Dtm;
    static constexpr const char* kUnits = "materials";
    static Result<tb::chess::MaterialTableSet> load(const std::filesystem::path& dir);
    // What `build` and `check` build: the materials named by --material ("KQRvKR,KPvK") or every
    // one up to --pieces, and every material they lead to (build requires one of the two).
    static constexpr int kCheckPieces = 4;
    static constexpr const char* kCheckOut = "chess-tables";
    static Result<std::vector<tb::chess::Material>> roots(const std::string& materials, int pieces,
                                                          bool pieces_given, bool build);
    static nlohmann::json build_json(const BuildSummary& s, const BuildArgs& args,
                                     const std::vector<tb::chess::Material>& roots);
    static std::uint64_t slots(const tb::chess::Material& m) {
        return 2 * tb::chess::MaterialIndex(m).size();
    }
    static tb::chess::MaterialTable build(const tb::chess::Material& m,
                                          const tb::chess::MaterialTableSet& done,
                                          tb::BuildMethod method, tb::BuildStats* stats,
                                          tb::BuildProgress* progress) {
        return tb::chess::build_material(m, done, method, stats, progress);
    }
    static std::string unit_id(const tb::chess::Material& m) { return m.name(); }
    static std::string unit_name(const tb::chess::Material& m) { return m.name(); }
    static std::string move_text(const chess::Position& p, const chess::Move& m) {
        return chess::format_san(p, m);
    }
    static HtmlBoard board(std::string title, const chess::Position& pos,
                           const std::optional<chess::Move>& move, std::string details) {
        return html_board(std::move(title), pos, move,
                          move ? "child " + chess::format_san(pos, *move) : "", std::move(details));
    }
    // Statistics count a position once a symmetry class; the raw counts are over every image.
    static constexpr std::array<const char*, 2> kSides = {"white", "black"};
    static constexpr const char* kSliceColumn = nullptr;  // a material is its file's name
    static constexpr const char* kExtraColumn = "raw";
    static std::uint64_t extra_column(const tb::chess::ChessGame::StatsExtra& e) {
        return e.positions_raw;
    }
    static void extra_json(const tb::chess::ChessGame::StatsExtra& e, nlohmann::json& j) {
        j["positions_raw"] = e.positions_raw;
        j["wins_raw"] = e.wins_raw;
        j["draws_raw"] = e.draws_raw;
        j["losses_raw"] = e.losses_raw;
    }
    static void slice_json(const tb::chess::Material&, nlohmann::json&) {}
};

// The game of a folder of our tables, by its files' names: chess when it holds chess tables of
// ours, else checkers (whose loader then says what is missing).
std::string game_of_tables(const std::filesystem::path& dir);

// f.template operator()<G>() for the game named "checkers" or "chess".
template <typename F>
int with_game(const std::string& game, F&& f) {
    if (game == AppGame<tb::chess::ChessGame>::kName)
        return f.template operator()<tb::chess::ChessGame>();
    return f.template operator()<tb::CheckersGame>();
}

}  // namespace retrocheck::app
