// The options the search commands share (--db, --db-format, --tt-mb) and the tables they open.
#pragma once

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <memory>
#include <string>

#include "apps/databases.h"
#include "apps/output.h"
#include "engine/checkers/prove/prover.h"
#include "engine/core/result.h"
#include "engine/core/text.h"
#include "tablebases/probe/search_probe.h"

namespace retrocheck::app {

struct SearchArgs {
    std::string db, db_format = "auto";
    std::size_t tt_mb = 64;
};

// --db, --db-format (checkers formats; both games' with both_games), --tt-mb.
void add_search_options(CLI::App* cmd, SearchArgs& args, bool both_games = false);

// Seconds from 0 to 1,000,000 (--time of search and prove).
CLI::Validator seconds_validator();

// The prover's budget from --time, --nodes and --tt-mb (split between its two stores).
checkers::prove::ProveLimits prove_limits(double seconds, std::uint64_t nodes, std::size_t tt_mb);

// The database of --db and its probe for the search (probe is null without --db).
struct SearchTables {
    Database db;
    std::unique_ptr<tb::SearchProbe> probe;
};
Result<std::unique_ptr<SearchTables>> open_search_tables(const SearchArgs& args);

// 0, or (after printing why) the exit code for probes that failed on damaged files.
template <class Source, class Position>
int probe_errors(const tb::SearchProbeOf<Source, Position>* probe) {
    if (!probe || probe->errors() == 0) return 0;
    return fail(fmt::format("{} table probes failed; first: {}", grouped(probe->errors()),
                            probe->first_error()));
}
inline int probe_errors(const SearchTables& tables) { return probe_errors(tables.probe.get()); }

}  // namespace retrocheck::app
