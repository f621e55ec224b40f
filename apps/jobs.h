// The work behind `build`, `verify` and `stats`, shared with `check`, which runs all three.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>

#include "tablebases/build/builder.h"

namespace retrocheck::app {

struct BuildRequest {
    int pieces = 5;
    std::filesystem::path out;
    tb::BuildMethod method = tb::BuildMethod::OutCounting;
    std::function<void(const std::string&)> log;  // a line a slice, when set
};

struct BuildSummary {
    int slices = 0;
    std::uint64_t positions = 0, bytes = 0, peak_memory = 0;
    double seconds = 0;
};

// Builds every slice up to request.pieces in build order, writing each file as it is done and
// keeping in memory only the tables later slices still need. Throws on failure.
BuildSummary build_tables(const BuildRequest& request);
void print_build_summary(const BuildSummary& s, const std::string& method);

// `verify DIR`: the exit code; prints the report (JSON when json is set).
int run_verify(const std::filesystem::path& dir, bool json, std::size_t max_examples);

// `stats DIR`: the exit code; prints per slice and side (JSON when json is set).
int run_stats(const std::filesystem::path& dir, bool json);

}  // namespace retrocheck::app
