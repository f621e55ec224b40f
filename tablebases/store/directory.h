// A directory of table files: one <slice>.rctb a checkers slice or <material>.rctb a chess
// material (KQvKR.rctb), one game a directory, nothing else counted.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include "engine/core/result.h"
#include "tablebases/checkers/table.h"
#include "tablebases/store/format.h"
#include "tablebases/store/reader.h"

namespace retrocheck::tb::store {

// DIR/<slice name>.rctb, DIR/<material name>.rctb
std::filesystem::path table_path(const std::filesystem::path& dir, Slice slice);
std::filesystem::path table_path(const std::filesystem::path& dir, const chess::Material& m);

// Every table file of dir, opened and checked, in build order. An error when dir cannot be read,
// holds no table, holds tables of both games, or a file's name and header disagree on its
// slice or material.
Result<std::vector<std::shared_ptr<TableFile>>> open_directory(const std::filesystem::path& dir,
                                                               std::size_t cache_blocks = 16);

// Every table of dir in memory, each block checked. An error also when a slice that moves lead
// to is missing: a set of tables must be closed under moves to be verified or probed.
// Only slices of up to max_pieces pieces are read (a set closed under moves stays closed).
Result<TableSet> load_directory(const std::filesystem::path& dir, int max_pieces = kMaxPieces);

// The first slice that moves from `s` lead to and `have` does not hold, if any.
std::optional<Slice> missing_successor(Slice s, const TableSet& have);

// Every chess table of dir in memory, each block checked, closed under moves likewise.
Result<chess::MaterialTableSet> load_chess_directory(const std::filesystem::path& dir,
                                                     int max_pieces = kMaxPieces);
// The first material that moves from m lead to and `have` does not hold, if any.
std::optional<chess::Material> missing_successor(const chess::Material& m,
                                                 const chess::MaterialTableSet& have);

}  // namespace retrocheck::tb::store
