// Opening a database by format for the commands: our files, or a Chinook or Cake database,
// which omit capture positions and are read through a capture resolver when every position's
// value is wanted.
#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/metric.h"
#include "engine/core/result.h"
#include "tablebases/checkers/probe.h"
#include "tablebases/chess/source.h"

namespace retrocheck::app {

// The formats of checkers tables; "auto" recognises a folder's by its files' names.
inline const std::vector<std::string> kDatabaseFormats = {"auto", "native", "chinook", "cake"};

// What a path holds: the game and the format of its tables.
struct TableKind {
    std::string game;    // "checkers" or "chess"
    std::string format;  // native, chinook, cake (checkers); native, syzygy, gaviota (chess)
};

// The game and format of the tables at path. `given` is a format, taken as it is (native is
// chess where the folder holds our chess tables), or "auto": the one kind the files' names show
// (a file is a Chinook database; a folder of our files, Chinook's, Cake's, Syzygy's or
// Gaviota's). An error names the kinds a folder holds when it holds several; a folder without
// any is native checkers, whose loader then says what is missing.
Result<TableKind> recognise_tables(const std::string& given, const std::filesystem::path& path);

using tb::Database;
using tb::look_up;

// format: auto, native, chinook or cake. path: a directory (or a Chinook data file). A path that
// does not exist is named with the system's reason; chess tables are refused, naming them.
Result<Database> open_database(const std::string& format, const std::filesystem::path& path);

// The same for chess tables (ours, Syzygy's, Gaviota's; format as recognise_tables takes it);
// checkers tables are refused, naming them.
Result<std::shared_ptr<tb::chess::ChessTableSource>> open_chess_tables(
    const std::string& format, const std::filesystem::path& path);

// The --db-format option of the commands that read checkers tables (auto, native, chinook or
// cake; auto by default).
void add_db_format_option(CLI::App* cmd, std::string& format);

// The formats of either game's tables, and the option of the commands that read both (probe,
// audit): `names` as CLI11 takes them ("--db-format,--format").
inline const std::vector<std::string> kTableFormats = {"auto", "native", "chinook",
                                                       "cake", "syzygy", "gaviota"};
void add_table_format_option(CLI::App* cmd, std::string& format,
                             const std::string& names = "--db-format");

}  // namespace retrocheck::app
