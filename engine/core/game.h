// The Game seam (ARCHITECTURE.md): what every game gives the code that is generic over games
// (position input, perft drivers, and next the builders, verifiers and properties). A game is a
// traits type naming its Position and Move and the functions on them; a second game adds a
// traits type, not branches.
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/result.h"

namespace retrocheck {

template <class G>
concept Game = requires(const typename G::Position& pos, const typename G::Move& move,
                        std::string_view text) {
    { G::kName } -> std::convertible_to<std::string_view>;
    // The position: a small value with ==, a hash, is_ok(), copy-make and the colour flip.
    { pos == pos } -> std::convertible_to<bool>;
    { pos.hash() } -> std::convertible_to<std::uint64_t>;
    { pos.is_ok() } -> std::convertible_to<bool>;
    { pos.after(move) } -> std::same_as<typename G::Position>;
    { pos.flipped() } -> std::same_as<typename G::Position>;
    { G::start() } -> std::same_as<typename G::Position>;
    // Every legal move, iterable.
    { G::legal_moves(pos).size() } -> std::convertible_to<std::size_t>;
    // Text: FEN in (errors name the token) and out, moves in (legal ones only) and out, and the
    // FEN-plus-diagram every failure shows.
    { G::parse_fen(text) } -> std::same_as<Result<typename G::Position>>;
    { G::format_fen(pos) } -> std::same_as<std::string>;
    { G::looks_like_fen(text) } -> std::convertible_to<bool>;  // this game's FEN syntax
    { G::parse_move(text, pos) } -> std::same_as<Result<typename G::Move>>;
    { G::format_move(pos, move) } -> std::same_as<std::string>;
    { G::describe(pos) } -> std::same_as<std::string>;
};

}  // namespace retrocheck
