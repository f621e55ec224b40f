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
#include "tablebases/probe/resolver.h"
#include "tablebases/probe/source.h"

namespace retrocheck::app {

inline const std::vector<std::string> kDatabaseFormats = {"native", "chinook", "cake"};

struct Database {
    std::shared_ptr<tb::TableSource> stored;  // as the files hold it
    int max_pieces = 0;
    // Every position's value: `stored` itself, or a capture resolver over it.
    std::shared_ptr<tb::TableSource> full;
    // What the values' distances count: DTW for our files, none for Chinook and Cake.
    Metric metric() const { return stored->has_distance() ? Metric::Dtw : Metric::Wld; }
};

// format: native, chinook or cake. path: a directory (or a Chinook data file). A path that does
// not exist is named with the system's reason; a directory without our tables that holds a
// Chinook or Cake database says which format to give.
Result<Database> open_database(const std::string& format, const std::filesystem::path& path);

// pos's value through db.full: nothing when the tables do not hold its slice or a resolver
// gave up (over its work bound); an error naming the file when a file is damaged.
Result<std::optional<Outcome>> look_up(const Database& db, const checkers::Position& pos);

// The --db-format option of the commands that read tables (native, chinook or cake).
void add_db_format_option(CLI::App* cmd, std::string& format);

}  // namespace retrocheck::app
