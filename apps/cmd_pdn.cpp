// `retrocheck pdn FILE [--db DIR [--db-format F]] [--json]` and `retrocheck pgn FILE ...`:
// replays every game of a PDN (checkers) or PGN (chess) file and, with tables, values each
// position and flags every move that changes the game's theoretical value, from the mover's side
// (exit 1 when one does). One path over both games; each game's RecordGame says how its records
// replay, print and are valued.
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/databases.h"
#include "apps/output.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/pdn.h"
#include "engine/chess/fen.h"
#include "engine/chess/notation.h"
#include "engine/chess/pgn.h"
#include "engine/core/mapped_text.h"
#include "tablebases/chess/probe.h"

namespace retrocheck::app {

namespace {

template <class P>
struct RecordGame;

template <>
struct RecordGame<checkers::Position> {
    static constexpr const char* kCommand = "pdn";
    static constexpr const char* kFormat = "PDN";
    using Game = checkers::PdnGame;
    using Replayed = checkers::ReplayedGame;
    using Tables = Database;
    static auto for_each(std::string_view text, const std::string& file,
                         const std::function<std::optional<Error>(const Game&)>& visit) {
        return checkers::for_each_pdn_game(text, file, visit);
    }
    static Result<Replayed> replay(const Game& g) { return checkers::replay(g); }
    static Result<Tables> open(const std::string& format, const std::string& dir) {
        return open_database(format, dir);
    }
    static Metric metric(const Tables& db) { return db.metric(); }
    static Result<std::optional<Outcome>> value(const Tables& db, const checkers::Position& p) {
        return look_up(db, p);
    }
    static std::string fen(const checkers::Position& p) { return checkers::format_fen(p); }
    static std::string move(const checkers::Position&, const checkers::Move& m) {
        return checkers::format_move(m);
    }
};

template <>
struct RecordGame<chess::Position> {
    static constexpr const char* kCommand = "pgn";
    static constexpr const char* kFormat = "PGN";
    using Game = chess::PgnGame;
    using Replayed = chess::ReplayedPgnGame;
    using Tables = std::shared_ptr<tb::chess::ChessTableSource>;
    static auto for_each(std::string_view text, const std::string& file,
                         const std::function<std::optional<Error>(const Game&)>& visit) {
        return chess::for_each_pgn_game(text, file, visit);
    }
    static Result<Replayed> replay(const Game& g) { return chess::replay(g); }
    static Result<Tables> open(const std::string& format, const std::string& dir) {
        return open_chess_tables(format, dir);
    }
    static Metric metric(const Tables& t) { return t->has_dtm() ? Metric::Dtm : Metric::Wld; }
    static Result<std::optional<Outcome>> value(const Tables& t, const chess::Position& p) {
        return tb::chess::value_of(*t, p);
    }
    static std::string fen(const chess::Position& p) { return chess::format_fen(p); }
    static std::string move(const chess::Position& p, const chess::Move& m) {
        return chess::format_san(p, m);
    }
};

// A move that changes the theoretical value: before it, the mover's value; after it, the
// opponent's.
struct ValueError {
    std::size_t ply;  // 1-based: the move played from positions[ply - 1]
    Outcome before, after;
};

// A replayed game with each position's value (nothing beyond the tables or without them).
template <class P>
struct ValuedGame {
    using R = RecordGame<P>;
    const typename R::Game& pdn;  // lives as long as the visit that values it
    typename R::Replayed replayed;
    std::vector<std::optional<Outcome>> values;
    std::vector<ValueError> errors;

    // "14... 22-18" for the move of ply (1-based), numbered as the file numbers it.
    std::string move_label(std::size_t ply) const {
        const auto& m = pdn.moves[ply - 1];
        return fmt::format("{}{} {}", m.number, m.second_of_number ? "..." : ".",
                           R::move(replayed.positions[ply - 1], replayed.moves[ply - 1]));
    }
};

// Values every position through db (when given) and finds the moves that change the value.
template <class P>
Result<ValuedGame<P>> value_game(const typename RecordGame<P>::Game& pdn,
                                 typename RecordGame<P>::Replayed replayed,
                                 const typename RecordGame<P>::Tables* db) {
    ValuedGame<P> g{pdn, std::move(replayed), {}, {}};
    for (const P& p : g.replayed.positions) {
        std::optional<Outcome> v;
        if (db) {
            const auto held = RecordGame<P>::value(*db, p);
            if (!held) return Error{held.error()};
            v = *held;
        }
        g.values.push_back(v);
    }
    for (std::size_t ply = 1; ply < g.values.size(); ++ply) {
        const auto& before = g.values[ply - 1];
        const auto& after = g.values[ply];
        if (before && after && before->wld() != after->parent_view().wld())
            g.errors.push_back({ply, *before, *after});
    }
    return g;
}

template <class P>
nlohmann::json game_json(const ValuedGame<P>& g, Metric metric) {
    using R = RecordGame<P>;
    const auto& r = g.replayed;
    nlohmann::json tags = nlohmann::json::object();
    for (const auto& [k, v] : g.pdn.tags) tags[k] = v;
    nlohmann::json positions = nlohmann::json::array();
    for (std::size_t i = 0; i < r.positions.size(); ++i)
        positions.push_back({{"ply", i},
                             {"fen", R::fen(r.positions[i])},
                             {"value", value_json(g.values[i], metric)}});
    nlohmann::json errors = nlohmann::json::array();
    for (const ValueError& e : g.errors) {
        const auto& m = g.pdn.moves[e.ply - 1];
        errors.push_back({{"ply", e.ply},
                          {"move_number", m.number},
                          {"side", to_string(m.side)},
                          {"move", R::move(r.positions[e.ply - 1], r.moves[e.ply - 1])},
                          {"fen", R::fen(r.positions[e.ply - 1])},
                          {"before", value_json(e.before, metric)},
                          {"fen_after", R::fen(r.positions[e.ply])},
                          {"after", value_json(e.after, metric)}});
    }
    return {{"index", g.pdn.index},
            {"line", g.pdn.line},
            {"tags", tags},
            {"plies", r.moves.size()},
            {"result", records::to_string(g.pdn.result)},
            {"positions", positions},
            {"errors", errors}};
}

// "turns a draw into a loss"
std::string change_text(Wld from, Wld to) {
    auto noun = [](Wld w) {
        return w == Wld::Win ? "a win" : w == Wld::Draw ? "a draw" : "a loss";
    };
    return fmt::format("turns {} into {}", noun(from), noun(to));
}

template <class P>
void print_game(const ValuedGame<P>& g, bool valued) {
    using R = RecordGame<P>;
    const auto& r = g.replayed;
    std::string tags;
    for (const auto& [k, v] : g.pdn.tags)
        if (k != "FEN") tags += fmt::format(" [{} \"{}\"]", k, v);
    fmt::print("game {} (line {}): {} plies, result: {}{}\n", g.pdn.index, g.pdn.line,
               r.moves.size(), records::to_string(g.pdn.result), tags);
    auto value_text = [&](std::size_t i) {
        if (!valued) return std::string();
        return g.values[i] ? g.values[i]->to_string() : std::string("-");
    };
    fmt::print("  {:<24} {:<40} {}\n", "start", R::fen(r.start), value_text(0));
    for (std::size_t ply = 1; ply < r.positions.size(); ++ply)
        fmt::print("  {:<24} {:<40} {}\n",
                   fmt::format("{} ({})", g.move_label(ply), title(g.pdn.moves[ply - 1].side)),
                   R::fen(r.positions[ply]), value_text(ply));
    for (const ValueError& e : g.errors)
        fmt::print("  ERROR ply {}, {} ({}) {}: {} before it, {} to move after it: {}\n", e.ply,
                   g.move_label(e.ply), title(g.pdn.moves[e.ply - 1].side),
                   change_text(e.before.wld(), e.after.parent_view().wld()), e.before.to_string(),
                   title(r.positions[e.ply].side_to_move()), e.after.to_string());
    fmt::print("\n");
}

template <class P>
Command add_records(CLI::App& app) {
    using R = RecordGame<P>;
    struct Args {
        std::string file, db, db_format = "auto";
        bool json = false;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        R::kCommand, fmt::format("Replay the games of a {} file; with tables, flag every move "
                                 "that changes the game's value (exit 1 when one does)",
                                 R::kFormat));
    cmd->add_option("file", args->file,
                    fmt::format("{} file (several games, [FEN] set-ups allowed)", R::kFormat))
        ->required();
    cmd->add_option("--db", args->db, "Tables to value the positions with (a directory)");
    add_table_format_option(cmd, args->db_format);
    cmd->add_flag("--json", args->json, "Print one JSON object");
    return {
        cmd, [args] {
            // A game at a time, twice: every game replays (and, with tables, is valued)
            // before anything is printed, so an illegal move or a damaged table is refused
            // with nothing half done; memory holds one game, however large the file.
            const auto file = MappedText::open(args->file);
            if (!file) return fail(file.error());
            std::optional<typename R::Tables> db;
            if (!args->db.empty()) {
                auto opened = R::open(args->db_format, args->db);
                if (!opened) return fail(opened.error());
                db = std::move(opened).value();
            }
            const auto checked = R::for_each(
                file->text(), args->file, [&](const typename R::Game& g) -> std::optional<Error> {
                    auto r = R::replay(g);
                    if (!r) return Error{args->file + ": " + r.error()};
                    if (const auto v = value_game<P>(g, std::move(r).value(), db ? &*db : nullptr);
                        !v)
                        return Error{v.error()};
                    return std::nullopt;
                });
            if (!checked) return fail(checked.error());
            if (*checked == 0) return fail(args->file + ": no games");
            const Metric metric = db ? R::metric(*db) : Metric::Wld;
            // The JSON document is written as it goes: the same one line as one dump.
            if (args->json)
                fmt::print(
                    "{{\"db\":{},\"file\":{},\"games\":[",
                    args->db.empty() ? nlohmann::json().dump() : nlohmann::json(args->db).dump(),
                    nlohmann::json(args->file).dump());
            std::size_t flagged = 0, written = 0;
            const auto printed = R::for_each(
                file->text(), args->file, [&](const typename R::Game& pdn) -> std::optional<Error> {
                    auto r = R::replay(pdn);
                    if (!r) return Error{args->file + ": " + r.error()};
                    const auto g = value_game<P>(pdn, std::move(r).value(), db ? &*db : nullptr);
                    if (!g) return Error{g.error()};
                    flagged += g->errors.size();
                    if (args->json)
                        fmt::print(
                            "{}{}", written++ ? "," : "",
                            game_json(*g, metric)
                                .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
                    else
                        print_game(*g, db.has_value());
                    return std::nullopt;
                });
            if (!printed) return fail(printed.error());
            const std::size_t games = *printed;
            if (args->json) {
                fmt::print("],\"errors\":{}}}\n", flagged);
            } else {
                fmt::print("{} game{}, {} move{} that change the game's value{}\n", games,
                           games == 1 ? "" : "s", flagged, flagged == 1 ? "" : "s",
                           db ? fmt::format(" (tables {}, {})", args->db, to_string(metric))
                              : " (no tables: give --db to value the positions)");
            }
            return found_if(flagged > 0);
        }};
}

}  // namespace

Command add_pdn(CLI::App& app) { return add_records<checkers::Position>(app); }
Command add_pgn(CLI::App& app) { return add_records<chess::Position>(app); }

}  // namespace retrocheck::app
