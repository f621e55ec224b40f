// What check-movegen needs of a game (plugins/movegen_check.h), one traits type a game: the
// position in the plugin's FEN, the legal moves in the plugin's notation with their children,
// perft, the positions to check (perft roots, random positions and playouts) and shrinking.
// A game's plugin declares rc_game kGame; a third game adds a traits type here.
#pragma once

#include <concepts>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/perft.h"
#include "engine/checkers/random_position.h"
#include "engine/checkers/shrink.h"
#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/perft.h"
#include "engine/chess/random_position.h"
#include "engine/chess/shrink.h"
#include "retrocheck/plugin.h"

namespace retrocheck::plugins {

// A position perft is run from, the rule it exercises, and its depth at the default --depth
// (each further --depth adds one).
struct PerftRoot {
    const char* fen;
    const char* what;
    int depth;
};

template <class G>
concept MovegenGame = requires(const typename G::Position& pos, std::mt19937_64& rng,
                               const std::function<bool(const typename G::Position&)>& failing) {
    { G::kGame } -> std::convertible_to<rc_game>;
    { G::kName } -> std::convertible_to<const char*>;
    { G::kMaxPieces } -> std::convertible_to<int>;
    { G::fen(pos) } -> std::same_as<std::string>;
    { G::describe(pos) } -> std::same_as<std::string>;
    { G::pieces(pos) } -> std::convertible_to<int>;
    // Each legal move in the plugin's notation, with the position it leads to.
    { G::children(pos) } -> std::same_as<std::vector<std::pair<std::string, typename G::Position>>>;
    { G::count_moves(pos) } -> std::convertible_to<std::uint64_t>;
    { G::perft(pos, 1) } -> std::convertible_to<std::uint64_t>;
    { G::roots() } -> std::same_as<const std::vector<PerftRoot>&>;
    { G::parse_root(G::roots().front()) } -> std::same_as<typename G::Position>;
    { G::random_position(rng, 1) } -> std::same_as<typename G::Position>;
    { G::random_playout(rng, 1) } -> std::same_as<typename G::Position>;
    { G::shrink(pos, failing) } -> std::same_as<typename G::Position>;
};

struct CheckersMovegen {
    using Position = checkers::Position;
    static constexpr rc_game kGame = RC_GAME_CHECKERS;
    static constexpr const char* kName = "checkers";
    static constexpr int kMaxPieces = 24;
    static std::string fen(const Position& p) { return checkers::format_fen(p); }
    static std::string describe(const Position& p) { return checkers::describe(p); }
    static int pieces(const Position& p) { return p.piece_count(); }
    static std::vector<std::pair<std::string, Position>> children(const Position& p) {
        std::vector<std::pair<std::string, Position>> out;
        for (const auto& m : checkers::legal_moves(p))
            out.emplace_back(checkers::format_move(m), p.after(m));
        return out;
    }
    static std::uint64_t count_moves(const Position& p) { return checkers::count_moves(p); }
    static std::uint64_t perft(const Position& p, int depth) { return checkers::perft(p, depth); }
    static const std::vector<PerftRoot>& roots();
    static Position parse_root(const PerftRoot& r) { return *checkers::parse_fen(r.fen); }
    static Position random_position(std::mt19937_64& rng, int pieces) {
        return checkers::random_position(rng, pieces);
    }
    static Position random_playout(std::mt19937_64& rng, int plies) {
        return checkers::random_playout(rng, plies);
    }
    static Position shrink(const Position& p, const std::function<bool(const Position&)>& f) {
        return checkers::shrink(p, f);
    }
};

struct ChessMovegen {
    using Position = chess::Position;
    static constexpr rc_game kGame = RC_GAME_CHESS;
    static constexpr const char* kName = "chess";
    static constexpr int kMaxPieces = 32;
    static std::string fen(const Position& p) { return chess::format_fen(p); }
    static std::string describe(const Position& p) { return chess::describe(p); }
    static int pieces(const Position& p) { return chess::popcount(p.occupied()); }
    static std::vector<std::pair<std::string, Position>> children(const Position& p) {
        std::vector<std::pair<std::string, Position>> out;
        for (const chess::Move m : chess::legal_moves(p))
            out.emplace_back(chess::format_uci(m), p.after(m));
        return out;
    }
    static std::uint64_t count_moves(const Position& p) {
        return static_cast<std::uint64_t>(chess::count_moves(p));
    }
    static std::uint64_t perft(const Position& p, int depth) { return chess::perft(p, depth); }
    static const std::vector<PerftRoot>& roots();
    static Position parse_root(const PerftRoot& r) { return *chess::parse_fen(r.fen); }
    static Position random_position(std::mt19937_64& rng, int pieces) {
        return chess::random_position(rng, pieces);
    }
    static Position random_playout(std::mt19937_64& rng, int plies) {
        return chess::random_playout(rng, plies);
    }
    static Position shrink(const Position& p, const std::function<bool(const Position&)>& f) {
        return chess::shrink(p, f);
    }
};

static_assert(MovegenGame<CheckersMovegen>);
static_assert(MovegenGame<ChessMovegen>);

// f.template operator()<G>() for the movegen traits of the game a plugin declares (one the host
// accepted when it loaded the plugin).
template <typename F>
decltype(auto) with_movegen_game(rc_game game, F&& f) {
    if (game == ChessMovegen::kGame) return f.template operator()<ChessMovegen>();
    return f.template operator()<CheckersMovegen>();
}

}  // namespace retrocheck::plugins
