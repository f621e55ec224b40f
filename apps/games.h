// What the commands know about each game, and the one place apps/ decides the game: a command
// asks which game (from a FEN's syntax, --game, or the tables' files) and calls a path written
// once over AppGame<G> with with_game().
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "apps/audit_args.h"
#include "apps/databases.h"
#include "apps/html_report.h"
#include "apps/jobs.h"
#include "apps/output.h"
#include "apps/position_input.h"
#include "engine/checkers/diagram.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/perft.h"
#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/chess/notation.h"
#include "engine/chess/perft.h"
#include "engine/core/metric.h"
#include "engine/core/result.h"
#include "tablebases/checkers/audit.h"
#include "tablebases/checkers/build.h"
#include "tablebases/checkers/game.h"
#include "tablebases/checkers/index.h"
#include "tablebases/chess/audit.h"
#include "tablebases/chess/build.h"
#include "tablebases/chess/game.h"
#include "tablebases/chess/probe.h"

namespace retrocheck::app {

template <typename G>
struct AppGame;

template <>
struct AppGame<tb::CheckersGame> {
    static constexpr const char* kName = "checkers";
    static constexpr Metric kMetric = Metric::Dtw;
    static constexpr const char* kUnits = "slices";  // what a table holds
    static constexpr const char* kUnit = "slice";
    // What a build counts: every slot of a checkers table is a position.
    static constexpr const char* kSlot = "position";
    static constexpr const char* kSlots = "positions";
    // What `build` and `check` build: every slice up to --pieces (--material is refused; build
    // requires --pieces).
    static constexpr int kCheckPieces = 5;
    static constexpr const char* kCheckOut = "tables";
    // The slice whose build (with the slices it leads to) measures the rate `build --plan`
    // estimates with: two men and two kings.
    static tb::Slice calibration() { return {1, 1, 1, 1}; }
    static Result<std::vector<tb::Slice>> roots(const std::string& materials, int pieces,
                                                bool pieces_given, bool build);
    static nlohmann::json build_json(const BuildSummary& s, const BuildArgs& args,
                                     const std::vector<tb::Slice>& roots);
    // Building: a slice's slots (both sides to move), and its table from those it leads to.
    static std::uint64_t slots(const tb::Slice& s) { return 2 * tb::SliceIndex(s).size(); }
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
    static std::string side_name(checkers::Color c) { return checkers::to_string(c); }
    static const char* side_title(checkers::Color c) { return checkers::title(c); }
    static std::string describe(const checkers::Position& p, bool flip = false) {
        return checkers::describe(p, {.flip = flip});
    }
    // show, moves and perft (apps/cmd_show.cpp, apps/cmd_perft.cpp): moves in PDN, the
    // position's pieces by square in JSON.
    static checkers::Position start() { return checkers::Position::start(); }
    static nlohmann::json show_json(const checkers::Position& p);
    static std::string show_text(const checkers::Position& p);
    static nlohmann::json moves_json(const checkers::Position& p);
    static std::string moves_text(const checkers::Position& p, const char* indent);
    using PerftOptions = checkers::PerftOptions;
    // --unique counts capture paths with the same effect once.
    static Result<PerftOptions> perft_options(int threads, bool unique) {
        return PerftOptions{
            unique ? checkers::DuplicatePaths::Drop : checkers::DuplicatePaths::Count, threads};
    }
    static std::uint64_t perft(const checkers::Position& p, int depth, const PerftOptions& o) {
        return checkers::perft(p, depth, o);
    }
    static std::vector<std::pair<std::string, std::uint64_t>> divide(const checkers::Position& p,
                                                                     int depth,
                                                                     const PerftOptions& o) {
        return checkers::perft_divide(p, depth, o);
    }
    static std::string divide_line(const std::string& move, std::uint64_t n) {
        return fmt::format("{:<14} {}", move, grouped(n));
    }
    static Result<PositionInputOf<checkers::Position>> parse_input(
        const PositionArgs& args, const InputText& text,
        std::optional<checkers::Position> fallback = std::nullopt) {
        return parse_positions(args, text, std::move(fallback));
    }

    // Probing (apps/probe_run.h): a database of any checkers format answers Outcomes in its
    // metric; a move's value for its mover is the child's seen one ply up.
    using Stored = Outcome;
    using Source = tb::Database;
    static Result<Source> open_source(const std::string& format, const std::string& dir) {
        return open_database(format, dir);
    }
    static Result<Outcome> probe_value(const Source& db, const checkers::Position& p,
                                       const std::string& dir);
    static bool better_move(const checkers::Position&, const checkers::Move&, const Outcome& a,
                            const checkers::Move&, const Outcome& b) {
        return better(a.parent_view(), b.parent_view());
    }
    static std::string source_name(const Source& db) { return to_string(db.metric()); }
    static nlohmann::json probe_json(const Source& db, const checkers::Position& p,
                                     const Outcome& v) {
        return position_value_json(p, v, db.metric());
    }
    static void move_json(const checkers::Position&, const checkers::Move& m, nlohmann::json& j) {
        j["move"] = checkers::format_move(m);
    }
    static std::string move_columns(const checkers::Position&, const checkers::Move& m) {
        return fmt::format("{:<12}", checkers::format_move(m));
    }
    static std::string mover_view(const checkers::Position&, const checkers::Move&,
                                  const Outcome& v) {
        return v.parent_view().to_string();
    }

    // Audits (apps/audit_run.h): the count shown beside the positions checked is those the
    // database omits.
    using AuditDone = AuditDoneOf<tb::CheckersAudit>;
    static Result<AuditDone> audit(const AuditArgs& args);
    static int guard_audit(const AuditArgs&, const std::function<int()>& run) { return run(); }
    static constexpr const char* kAuditColumn = "not stored";
    static std::uint64_t audit_column(const tb::AuditCounts& c) { return c.not_stored; }
    static nlohmann::json stored_json(const Outcome& o, Metric m) { return value_json(o, m); }
};

template <>
struct AppGame<tb::chess::ChessGame> {
    static constexpr const char* kName = "chess";
    static constexpr Metric kMetric = Metric::Dtm;
    static constexpr const char* kUnits = "materials";
    static constexpr const char* kUnit = "material";
    // A chess table's slots include illegal placements (and one a symmetry class is counted by
    // verify and stats): a build counts slots, verify and stats legal positions.
    static constexpr const char* kSlot = "slot";
    static constexpr const char* kSlots = "slots";
    // What `build` and `check` build: the materials named by --material ("KQRvKR,KPvK") or every
    // one up to --pieces, and every material they lead to (build requires one of the two).
    static constexpr int kCheckPieces = 4;
    static constexpr const char* kCheckOut = "chess-tables";
    static tb::chess::Material calibration() { return *tb::chess::Material::parse("KQvKR"); }
    static Result<std::vector<tb::chess::Material>> roots(const std::string& materials, int pieces,
                                                          bool pieces_given, bool build);
    static nlohmann::json build_json(const BuildSummary& s, const BuildArgs& args,
                                     const std::vector<tb::chess::Material>& roots);
    static std::uint64_t slots(const tb::chess::Material& m) {
        return 2 * tb::chess::MaterialIndex(m).size();
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
    static std::string side_name(chess::Color c) { return chess::to_string(c); }
    static const char* side_title(chess::Color c) { return chess::title(c); }
    static std::string describe(const chess::Position& p, bool flip = false) {
        return chess::describe(p, {.flip = flip});
    }
    // show, moves and perft: moves in UCI and SAN; the divide reads as UCI engines print it
    // ("e2e4: 600"), so that the two can be diffed.
    static chess::Position start() { return chess::Position::start(); }
    static nlohmann::json show_json(const chess::Position& p);
    static std::string show_text(const chess::Position& p);
    static nlohmann::json moves_json(const chess::Position& p);
    static std::string moves_text(const chess::Position& p, const char* indent);
    using PerftOptions = chess::PerftOptions;
    static Result<PerftOptions> perft_options(int threads, bool unique) {
        if (unique) return Error{"--unique is for checkers: chess has no capture paths"};
        return PerftOptions{threads};
    }
    static std::uint64_t perft(const chess::Position& p, int depth, const PerftOptions& o) {
        return chess::perft(p, depth, o);
    }
    static std::vector<std::pair<std::string, std::uint64_t>> divide(const chess::Position& p,
                                                                     int depth,
                                                                     const PerftOptions& o);
    static std::string divide_line(const std::string& move, std::uint64_t n) {
        return fmt::format("{}: {}", move, n);
    }
    static Result<PositionInputOf<chess::Position>> parse_input(
        const PositionArgs& args, const InputText& text,
        std::optional<chess::Position> fallback = std::nullopt) {
        return parse_chess_positions(args, text, std::move(fallback));
    }

    // Probing (apps/probe_run.h): ours and Gaviota's answer WDL with DTM, Syzygy's WDL with the
    // cursed/blessed distinction and DTZ (apps/games.cpp).
    using Stored = tb::chess::ChessProbe;
    using Source = std::shared_ptr<tb::chess::ChessTableSource>;
    static Result<Source> open_source(const std::string& format, const std::string& dir) {
        return tb::chess::open_tables(format, dir);
    }
    static Result<Stored> probe_value(const Source& source, const chess::Position& p,
                                      const std::string& dir);
    // Best first for the mover: the better result, then a win sooner and a loss later (by DTM
    // where the source has it, else by DTZ).
    static bool better_move(const chess::Position& pos, const chess::Move& ma, const Stored& a,
                            const chess::Move& mb, const Stored& b);
    static std::string source_name(const Source& source) { return source->format(); }
    static nlohmann::json probe_json(const Source& source, const chess::Position& p,
                                     const Stored& v);
    static void move_json(const chess::Position& p, const chess::Move& m, nlohmann::json& j) {
        j["move"] = chess::format_san(p, m);
        j["uci"] = chess::format_uci(m);
    }
    static std::string move_columns(const chess::Position& p, const chess::Move& m) {
        return fmt::format("{:<8} {:<6}", chess::format_san(p, m), chess::format_uci(m));
    }
    static std::string mover_view(const chess::Position& p, const chess::Move& m, const Stored& v);

    // Syzygy's and Gaviota's libraries run in a child process under a time limit a call and a
    // memory limit (apps/audit_chess.cpp): a crash, a call that does not return or memory
    // running out stops the audit with the library, the call, the position and the file named.
    using AuditDone = AuditDoneOf<tb::chess::ChessAudit>;
    static Result<AuditDone> audit(const AuditArgs& args);
    static int guard_audit(const AuditArgs& args, const std::function<int()>& run);
    static constexpr const char* kAuditColumn = "en passant";
    static std::uint64_t audit_column(const tb::AuditCounts& c) { return c.en_passant; }
    static nlohmann::json stored_json(const Stored& p, Metric);
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

// The same for the game of positions given: --game, else the first FEN's syntax (a chess board
// field has eight ranks between '/'); checkers when no FEN is given.
template <typename F>
int with_game_of(const PositionArgs& args, const InputText& text, F&& f) {
    return with_game(is_chess(args, text) ? AppGame<tb::chess::ChessGame>::kName
                                          : AppGame<tb::CheckersGame>::kName,
                     std::forward<F>(f));
}

// f.template operator()<G>(input) with the positions args gives, read in their game.
template <typename F>
int with_positions(const PositionArgs& args, F&& f) {
    const auto text = read_input_text(args);
    if (!text) return fail(text.error());
    return with_game_of(args, *text, [&]<typename G>() {
        const auto input = AppGame<G>::parse_input(args, *text);
        if (!input) return fail(input.error());
        return f.template operator()<G>(*input);
    });
}

}  // namespace retrocheck::app
