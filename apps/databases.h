// Opening a database by format for the commands: our files, or a Chinook or Cake database,
// which omit capture positions and are read through a capture resolver when every position's
// value is wanted.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

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
};

// format: native, chinook or cake. path: a directory (or a Chinook data file).
Result<Database> open_database(const std::string& format, const std::filesystem::path& path);

}  // namespace retrocheck::app
