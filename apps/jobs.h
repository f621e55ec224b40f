// The work behind `build`, `verify` and `stats`, shared with `check`, which runs all three.
#pragma once

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/core/result.h"
#include "tablebases/checkers/build.h"
#include "tablebases/checkers/game.h"
#include "tablebases/verify/verifier.h"

namespace retrocheck::app {

struct BuildRequest {
    std::filesystem::path out;
    tb::BuildMethod method = tb::BuildMethod::OutCounting;
    bool overwrite = false;    // remove table files of `out` the build would not rewrite
    std::uint64_t memory = 0;  // bytes the build aims to stay within; 0: the default (build_plan.h)
    std::function<void(const std::string&)> log;  // a line a slice, when set
};

// The options build and check share: --pieces, --out, --method, --threads.
struct BuildArgs {
    int pieces = 5;
    std::string out = "tables";
    std::string method = "outcount";
    int threads = 0;
    bool overwrite = false;
    std::string metric;  // chess: "dtm", "dtz" or "both"; empty: the game's own (DTW, DTM)
    std::uint64_t memory = 0;

    BuildRequest request() const;
};
// With `required`, --pieces and --out must be given; otherwise the defaults above apply.
void add_build_options(CLI::App* cmd, BuildArgs& args, bool required);

struct BuildSummary {
    int slices = 0;  // tables built: checkers slices or chess materials
    int kept = 0;    // finished, valid files of an earlier run, read back instead of built
    std::string unit = "slice", units = "slices";        // what a table holds
    std::string slot = "position", slots = "positions";  // what a build counts
    std::uint64_t positions = 0, bytes = 0, peak_memory = 0;
    double seconds = 0;
};

// Makes dir, and removes its table files whose names (without .rctb) are not among `names`
// when overwrite is set; refuses, naming them, when it is not. The number removed. Only files of
// the kind being built count: DTZ files (<material>.dtz.rctb) when `dtz`, the others else.
// Temporary files a killed build left (NAME.rctb.tmp-PID, PID no longer running) are removed
// either way.
Result<int> clear_stale_tables(const std::filesystem::path& dir,
                               const std::vector<std::string>& names, bool overwrite,
                               bool dtz = false);

// Two builds' summary: the sums, the larger peak.
BuildSummary add_summaries(const BuildSummary& a, const BuildSummary& b);
void print_build_summary(const BuildSummary& s, const std::string& method);
nlohmann::json build_json(const BuildSummary& s, const BuildArgs& args);

// `verify DIR`: the exit code; prints the report (JSON when json is set), and writes a JUnit
// report to `junit` when it is not empty. Under mpirun, spread over the ranks (`silence`: see
// apps/slice_farm.h).
int run_verify(const std::filesystem::path& dir, bool json, std::size_t max_examples,
               const std::string& junit = {}, const std::string& html = {}, double silence = 60);

// `stats DIR`: the exit code; prints per slice and side (JSON when json is set), reading one
// file at a time.
int run_stats(const std::filesystem::path& dir, bool json, const std::string& html = {});

}  // namespace retrocheck::app
