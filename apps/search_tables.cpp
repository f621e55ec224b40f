#include "apps/search_tables.h"

#include <fmt/format.h>

#include "apps/output.h"
#include "engine/checkers/prove/store.h"

namespace retrocheck::app {

void add_search_options(CLI::App* cmd, SearchArgs& args, bool both_games) {
    cmd->add_option("--db", args.db, "Tables to probe inside the search (a directory)");
    if (both_games)
        add_table_format_option(cmd, args.db_format);
    else
        add_db_format_option(cmd, args.db_format);
    cmd->add_option("--tt-mb", args.tt_mb, "Transposition table size in MiB")
        ->check(CLI::Range(1, 1 << 16));
}

CLI::Validator seconds_validator() {
    return CLI::Validator(
        [](const std::string& s) -> std::string {
            try {
                std::size_t used = 0;
                const double v = std::stod(s, &used);
                if (used == s.size() && v >= 0 && v <= 1e6) return {};
            } catch (const std::exception&) {
            }
            return "expected seconds from 0 to 1000000, got '" + s + "'";
        },
        "SECONDS");
}

checkers::prove::ProveLimits prove_limits(double seconds, std::uint64_t nodes, std::size_t tt_mb) {
    // Two stores, each the largest power of two of slots that fits half, 70% of it usable.
    using checkers::prove::ProofStore;
    const std::size_t half = tt_mb * (std::size_t{1} << 20) / 2;
    std::size_t slots = 1;
    while (slots * 2 * ProofStore::kBytesPerSlot <= half) slots *= 2;
    checkers::prove::ProveLimits limits;
    limits.seconds = seconds;
    limits.nodes = nodes;
    limits.max_entries = slots * 7 / 10;
    return limits;
}

Result<std::unique_ptr<SearchTables>> open_search_tables(const SearchArgs& args) {
    auto tables = std::make_unique<SearchTables>();
    if (args.db.empty()) return tables;
    auto db = open_database(args.db_format, args.db);
    if (!db) return Error{db.error()};
    tables->db = std::move(db).value();
    tables->probe = std::make_unique<tb::SearchProbe>(*tables->db.full, tables->db.max_pieces);
    return tables;
}

}  // namespace retrocheck::app
