#include "apps/games.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/chess/movegen.h"
#include "engine/chess/zeroing.h"
#include "engine/core/text.h"
#include "tablebases/chess/probe.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/format.h"

namespace retrocheck::app {

Result<std::vector<tb::Slice>> AppGame<tb::CheckersGame>::roots(const std::string& materials,
                                                                int pieces, bool pieces_given,
                                                                bool build) {
    if (build && !pieces_given) return Error{"build checkers: --pieces is required"};
    if (!materials.empty()) return Error{"--material: checkers tables are built by --pieces"};
    return tb::slices_up_to(pieces);
}

nlohmann::json AppGame<tb::CheckersGame>::build_json(const BuildSummary& s, const BuildArgs& args,
                                                     const std::vector<tb::Slice>&) {
    return app::build_json(s, args);
}

Result<std::vector<tb::chess::Material>> AppGame<tb::chess::ChessGame>::roots(
    const std::string& names, int pieces, bool pieces_given, bool build) {
    using tb::chess::Material;
    if (build && pieces_given == !names.empty())
        return Error{"build chess: give --material or --pieces (one of them)"};
    std::vector<Material> out;
    // Tables are built in each material's canonical colouring (Syzygy's), the other read
    // through it.
    if (names.empty()) return tb::chess::canonical_materials(tb::chess::materials_up_to(pieces));
    const auto listed = Material::parse_list(names);
    if (!listed) return Error{"--material: " + listed.error()};
    for (const Material& m : *listed) {
        if (m.pieces() < 3) return Error{"--material: " + m.name() + " is a draw without a table"};
        if (m.pieces() > tb::store::kMaxPieces)
            return Error{fmt::format("--material: {} has {} pieces; tables go up to {}", m.name(),
                                     m.pieces(), tb::store::kMaxPieces)};
        out.push_back(m);
    }
    return tb::chess::canonical_materials(out);
}

nlohmann::json AppGame<tb::chess::ChessGame>::build_json(
    const BuildSummary& s, const BuildArgs& args,
    const std::vector<tb::chess::Material>& materials) {
    nlohmann::json j = app::build_json(s, args);
    int most = 0;
    j["game"] = "chess";
    j["materials"] = nlohmann::json::array();
    for (const tb::chess::Material& m : materials) {
        j["materials"].push_back(m.name());
        most = std::max(most, m.pieces());
    }
    j["pieces"] = most;
    j["metric"] = args.metric.empty() ? "dtm" : args.metric;
    return j;
}

Result<Outcome> AppGame<tb::CheckersGame>::probe_value(const Source& db,
                                                       const checkers::Position& p,
                                                       const std::string& dir) {
    const auto v = tb::look_up(db, p);
    if (!v) return Error{v.error()};
    if (!*v)
        return Error{dir + " holds no value for " + clipped(checkers::format_fen(p)) + " (slice " +
                     tb::name(tb::slice_of(p)) + ", " + tb::material(tb::slice_of(p)) +
                     (db.stored == db.full ? "" : "; or the capture resolver gave up") + ")"};
    return **v;
}

namespace {

using tb::chess::ChessProbe;
using tb::chess::Wdl5;

int sign_of(Wdl5 w) { return static_cast<int>(w) > 0 ? 1 : static_cast<int>(w) < 0 ? -1 : 0; }

// The child's value seen by the side that made move m from pos: the result turned, a DTM one
// ply longer, a DTZ turned and one ply longer (1 for a zeroing move that wins or loses).
ChessProbe seen_by_mover(const ChessProbe& child, const chess::Position& pos, chess::Move m) {
    ChessProbe p;
    p.status = child.status;
    p.wdl = static_cast<Wdl5>(-static_cast<int>(child.wdl));
    if (child.dtm) p.dtm = *child.dtm + 1;
    if (child.dtz) {
        const int sign = sign_of(p.wdl);
        p.dtz =
            chess::zeroing(pos, m) || *child.dtz == 0 ? sign : sign * (std::abs(*child.dtz) + 1);
    }
    return p;
}

}  // namespace

// WDL, and each distance the source stores.
Result<ChessProbe> AppGame<tb::chess::ChessGame>::probe_value(const Source& source,
                                                              const chess::Position& pos,
                                                              const std::string&) {
    ChessProbe p = source->has_dtz() ? source->probe_dtz(pos) : source->probe(pos);
    if (!p.ok()) return Error{p.error};
    return p;
}

bool AppGame<tb::chess::ChessGame>::better_move(const chess::Position& pos, const chess::Move& ma,
                                                const Stored& a, const chess::Move& mb,
                                                const Stored& b) {
    const ChessProbe x = seen_by_mover(a, pos, ma), y = seen_by_mover(b, pos, mb);
    if (x.wdl != y.wdl) return static_cast<int>(x.wdl) > static_cast<int>(y.wdl);
    const int sign = sign_of(x.wdl);
    const auto distance = [](const ChessProbe& p) {
        return p.dtm ? *p.dtm : p.dtz ? std::abs(*p.dtz) : 0;
    };
    if (sign == 0 || distance(x) == distance(y)) return false;
    return sign > 0 ? distance(x) < distance(y) : distance(x) > distance(y);
}

std::string AppGame<tb::chess::ChessGame>::mover_view(const chess::Position& p,
                                                      const chess::Move& m, const Stored& v) {
    return seen_by_mover(v, p, m).to_string();
}

// The position, its value in the contract's shape (the result without the 50-move rule and the
// distance the source stores: a checkmated position is 0 plies from mate and from a zeroing
// move alike) and Syzygy's five-valued WDL.
nlohmann::json AppGame<tb::chess::ChessGame>::probe_json(const Source& source,
                                                         const chess::Position& pos,
                                                         const Stored& p) {
    const char* metric = source->has_dtm() ? "dtm" : source->has_dtz() ? "dtz" : "wld";
    const Wld w = tb::chess::wld_of(p.wdl);
    const bool mated = pos.in_check() && chess::count_moves(pos) == 0;
    nlohmann::json plies = nullptr;
    if (w != Wld::Draw && p.dtm)
        plies = *p.dtm;
    else if (w != Wld::Draw && p.dtz)
        plies = mated ? 0 : std::abs(*p.dtz);
    return {{"fen", chess::format_fen(pos)},
            {"value", {{"result", to_string(w)}, {"plies", plies}, {"metric", metric}}},
            {"wdl", tb::chess::to_string(p.wdl)}};
}

namespace {

nlohmann::json squares_json(checkers::Bitboard b) {
    nlohmann::json out = nlohmann::json::array();
    for (int sq = 1; sq <= 32; ++sq)
        if (b & checkers::bit(checkers::square_from_pdn(sq))) out.push_back(sq);
    return out;
}

nlohmann::json pdn_list(const checkers::MoveList& moves) {
    nlohmann::json out = nlohmann::json::array();
    for (const checkers::Move& m : moves) out.push_back(checkers::format_move(m));
    return out;
}

}  // namespace

nlohmann::json AppGame<tb::CheckersGame>::show_json(const checkers::Position& pos) {
    using checkers::Color;
    const checkers::MoveList moves = checkers::legal_moves(pos);
    return {{"fen", checkers::format_fen(pos)},
            {"side_to_move", checkers::to_string(pos.side_to_move())},
            {"black_men", squares_json(pos.men(Color::Black))},
            {"black_kings", squares_json(pos.kings(Color::Black))},
            {"white_men", squares_json(pos.men(Color::White))},
            {"white_kings", squares_json(pos.kings(Color::White))},
            {"moves", pdn_list(moves)},
            {"captures_mandatory", !moves.empty() && moves[0].is_capture()}};
}

std::string AppGame<tb::CheckersGame>::show_text(const checkers::Position& pos) {
    const checkers::MoveList moves = checkers::legal_moves(pos);
    if (moves.empty()) return "no legal moves: the side to move has lost\n";
    std::string list;
    for (const checkers::Move& m : moves)
        list += (list.empty() ? "" : " ") + checkers::format_move(m);
    return fmt::format("{} legal move{}{}: {}\n", moves.size(), moves.size() == 1 ? "" : "s",
                       moves[0].is_capture() ? " (captures are mandatory)" : "", list);
}

nlohmann::json AppGame<tb::CheckersGame>::moves_json(const checkers::Position& pos) {
    return {{"fen", checkers::format_fen(pos)}, {"moves", pdn_list(checkers::legal_moves(pos))}};
}

std::string AppGame<tb::CheckersGame>::moves_text(const checkers::Position& pos,
                                                  const char* indent) {
    std::string out;
    for (const checkers::Move& m : checkers::legal_moves(pos))
        out += fmt::format("{}{}\n", indent, checkers::format_move(m));
    return out;
}

namespace {

nlohmann::json uci_list(const chess::MoveList& moves) {
    nlohmann::json out = nlohmann::json::array();
    for (chess::Move m : moves) out.push_back(chess::format_uci(m));
    return out;
}

nlohmann::json san_list(const chess::Position& pos, const chess::MoveList& moves) {
    nlohmann::json out = nlohmann::json::array();
    for (chess::Move m : moves) out.push_back(chess::format_san(pos, m));
    return out;
}

// "checkmate", "stalemate" or "" (the game goes on).
const char* ending(const chess::Position& pos, const chess::MoveList& moves) {
    if (!moves.empty()) return "";
    return pos.in_check() ? "checkmate" : "stalemate";
}

}  // namespace

nlohmann::json AppGame<tb::chess::ChessGame>::show_json(const chess::Position& pos) {
    const chess::MoveList moves = chess::legal_moves(pos);
    const auto ep = pos.en_passant();
    const char* end = ending(pos, moves);
    return {{"fen", chess::format_fen(pos)},
            {"side_to_move", chess::to_string(pos.side_to_move())},
            {"material", pos.material()},
            {"in_check", pos.in_check()},
            {"en_passant", ep ? nlohmann::json(chess::square_name(*ep)) : nullptr},
            {"moves", uci_list(moves)},
            {"san", san_list(pos, moves)},
            {"ending", *end ? nlohmann::json(end) : nlohmann::json(nullptr)}};
}

std::string AppGame<tb::chess::ChessGame>::show_text(const chess::Position& pos) {
    const chess::MoveList moves = chess::legal_moves(pos);
    std::string out = fmt::format("material {}\n", pos.material());
    if (moves.empty()) return out + fmt::format("no legal moves: {}\n", ending(pos, moves));
    std::string list;
    for (chess::Move m : moves) list += (list.empty() ? "" : " ") + chess::format_san(pos, m);
    return out +
           fmt::format("{} legal move{}: {}\n", moves.size(), moves.size() == 1 ? "" : "s", list);
}

nlohmann::json AppGame<tb::chess::ChessGame>::moves_json(const chess::Position& pos) {
    const chess::MoveList moves = chess::legal_moves(pos);
    return {
        {"fen", chess::format_fen(pos)}, {"moves", uci_list(moves)}, {"san", san_list(pos, moves)}};
}

std::string AppGame<tb::chess::ChessGame>::moves_text(const chess::Position& pos,
                                                      const char* indent) {
    std::string out;
    for (chess::Move m : chess::legal_moves(pos))
        out += fmt::format("{}{:<6} {}\n", indent, chess::format_uci(m), chess::format_san(pos, m));
    return out;
}

std::vector<std::pair<std::string, std::uint64_t>> AppGame<tb::chess::ChessGame>::divide(
    const chess::Position& p, int depth, const PerftOptions& o) {
    std::vector<std::pair<std::string, std::uint64_t>> out;
    for (const auto& [m, n] : chess::perft_divide(p, depth, o))
        out.emplace_back(chess::format_uci(m), n);
    return out;
}

std::string game_of_tables(const std::filesystem::path& dir) {
    // By the files' names, not their contents: a damaged chess file is then reported by the
    // chess loader, not taken for a sign of a checkers directory.
    const auto formats = tb::chess::formats_in(dir);
    return !formats.empty() && formats.front() == "native" ? AppGame<tb::chess::ChessGame>::kName
                                                           : AppGame<tb::CheckersGame>::kName;
}

}  // namespace retrocheck::app
