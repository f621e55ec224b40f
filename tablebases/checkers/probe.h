// Probing checkers tables, the public header (in the spirit of Fathom's tbprobe.h): a folder of
// tables of any checkers format, ours (native, with DTW), Chinook's or Cake's (win/draw/loss,
// capture positions omitted and valued through the capture resolver), as one source.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/checkers/position.h"
#include "engine/core/metric.h"
#include "engine/core/outcome.h"
#include "engine/core/result.h"
#include "tablebases/probe/source.h"

namespace retrocheck::tb {

inline const std::vector<std::string> kFormats = {"native", "chinook", "cake"};

// The checkers formats whose files dir holds, by name (our files named by a slice, a Chinook
// data file beside its .idx, Cake's db<n>.idx / db<n>.cpr pairs), in kFormats order.
std::vector<std::string> formats_in(const std::filesystem::path& dir);

struct Database {
    std::shared_ptr<TableSource> stored;  // as the files hold it
    int max_pieces = 0;
    // Every position's value: `stored` itself, or a capture resolver over it.
    std::shared_ptr<TableSource> full;
    // What the values' distances count: DTW for our files, none for Chinook and Cake.
    Metric metric() const { return stored->has_distance() ? Metric::Dtw : Metric::Wld; }
};

// format: one of kFormats. path: a directory (or a Chinook data file). A native folder that
// holds no file of ours but another format's names that format.
Result<Database> open_tables(const std::string& format, const std::filesystem::path& path);

// pos's value through db.full: nothing when the tables do not hold its slice or a resolver
// gave up (over its work bound); an error naming the file when a file is damaged.
Result<std::optional<Outcome>> look_up(const Database& db, const checkers::Position& pos);

}  // namespace retrocheck::tb
