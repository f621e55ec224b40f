// A directory of table files: one <slice>.rctb a checkers slice, or <material>.rctb a chess
// material's DTM table (KQvKR.rctb) and <material>.dtz.rctb its DTZ50 table, one game a
// directory, nothing else counted.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include "engine/core/result.h"
#include "tablebases/checkers/game.h"
#include "tablebases/chess/dtz_game.h"
#include "tablebases/chess/game.h"
#include "tablebases/store/format.h"
#include "tablebases/store/game_files.h"
#include "tablebases/store/reader.h"

namespace retrocheck::tb::store {

// DIR/<slice name>.rctb, DIR/<material name>.rctb
std::filesystem::path table_path(const std::filesystem::path& dir, Slice slice);
std::filesystem::path table_path(const std::filesystem::path& dir, const chess::Material& m);
// DIR/<material name>.dtz.rctb
std::filesystem::path dtz_table_path(const std::filesystem::path& dir, const chess::Material& m);

// Which metrics of our chess tables dir holds, by the files' names: DTM (KQvK.rctb), DTZ50
// (KQvK.dtz.rctb).
struct ChessMetricsHeld {
    bool dtm = false, dtz = false;
};
ChessMetricsHeld chess_metrics_in(const std::filesystem::path& dir);

// Every table file of dir, opened and checked, by name. An error when dir cannot be read,
// holds no table, holds tables of both games, or a file's name and header disagree on its
// slice or material.
Result<std::vector<std::shared_ptr<TableFile>>> open_directory(const std::filesystem::path& dir,
                                                               std::size_t cache_blocks = 16);

// The table files of the game G in dir (of its metric: chess::ChessGame's DTM, ChessDtzGame's
// DTZ), opened and checked, in build order; an error also when they are another game's, or none
// is of the metric. Instantiated for CheckersGame, chess::ChessGame and chess::ChessDtzGame.
template <typename G>
Result<std::vector<std::shared_ptr<TableFile>>> open_game_directory(
    const std::filesystem::path& dir, std::size_t cache_blocks = 16);
extern template Result<std::vector<std::shared_ptr<TableFile>>> open_game_directory<CheckersGame>(
    const std::filesystem::path&, std::size_t);
extern template Result<std::vector<std::shared_ptr<TableFile>>>
open_game_directory<chess::ChessGame>(const std::filesystem::path&, std::size_t);
extern template Result<std::vector<std::shared_ptr<TableFile>>>
open_game_directory<chess::ChessDtzGame>(const std::filesystem::path&, std::size_t);

// An error naming the first of `slices` (a directory's) whose moves lead to a slice
// `has(slice)` denies, and that slice's file; nothing when they are closed under moves.
template <typename G, typename Has>
std::optional<Error> closure_gap(const std::filesystem::path& dir,
                                 const std::vector<typename G::Slice>& slices, Has&& has) {
    for (const auto& s : slices)
        for (const auto& t : G::successors(s))
            if (!has(t))
                return Error{dir.string() + ": " + G::name(s) + " needs " + G::name(t) +
                             ", which is missing (" +
                             GameFiles<G>::path(dir, t).filename().string() + ")"};
    return std::nullopt;
}

// Every table of the game G in dir in memory, each block checked. An error also when a slice
// that moves lead to is missing: a set of tables must be closed under moves to be verified or
// probed. Only slices of up to max_pieces pieces are read (a set closed under moves stays
// closed). Instantiated for CheckersGame and chess::ChessGame (store/game_files.h says what a
// game's files provide).
template <typename G>
Result<typename G::Tables> load_directory(const std::filesystem::path& dir,
                                          int max_pieces = kMaxPieces);
extern template Result<TableSet> load_directory<CheckersGame>(const std::filesystem::path&, int);
extern template Result<chess::MaterialTableSet> load_directory<chess::ChessGame>(
    const std::filesystem::path&, int);
extern template Result<chess::DtzTableSet> load_directory<chess::ChessDtzGame>(
    const std::filesystem::path&, int);

}  // namespace retrocheck::tb::store
