// `retrocheck audit PATH [--db-format F] [--db DIR] [--json] [--max-examples K] [--threads T]`:
// checks third-party (or our own) tables of either game against the rules and our tables
// (apps/audit_run.h).
#include <memory>

#include "apps/audit_run.h"
#include "apps/commands.h"
#include "apps/databases.h"
#include "apps/output.h"

namespace retrocheck::app {

Command add_audit(CLI::App& app) {
    auto args = std::make_shared<AuditArgs>();
    auto* cmd = app.add_subcommand(
        "audit", "Check a database against the rules and our own tables (exit 0: nothing wrong)");
    add_table_format_option(cmd, args->format);
    add_renamed_option(cmd, "--format", "--db-format");
    cmd->add_option("path", args->path, "The database: a directory (or a Chinook data file)")
        ->required();
    cmd->add_option("--db", args->db,
                    "Our tables to compare with (default: built in memory, up to 5 pieces)");
    cmd->add_flag("--json", args->json, "Print one JSON object");
    cmd->add_option("--max-examples", args->max_examples, "Problems printed (all are counted)");
    cmd->add_option("--dtz-pieces", args->dtz_pieces,
                    "Syzygy: compare DTZ only for materials of up to N pieces (WDL always)")
        ->check(CLI::Range(0, 99));
    cmd->add_option("--material", args->materials,
                    "Chess: only these materials of the source (KBBvKN,KQvKR); our tables must "
                    "hold them and every material they lead to");
    add_call_time_option(cmd, args->call_time,
                         "a call into the probe library (Syzygy, Gaviota: the audit stops, "
                         "naming the position and the file)");
    add_renamed_option(cmd, "--call-timeout-ms", "--call-time");
    add_renamed_option(cmd, "--against", "--db");
    add_memory_option(cmd, args->memory,
                      "what the audit and its probe library (Syzygy, Gaviota) may use "
                      "(default: the machine's)");
    add_renamed_option(cmd, "--memory-mb", "--memory");
    add_threads_option(cmd, args->threads);
    add_junit_option(cmd, args->junit);
    add_html_option(cmd, args->html);
    return {cmd, [args] {
                const auto threads = limit_threads(args->threads);
                const auto kind = recognise_tables(args->format, args->path);
                if (!kind) return fail(kind.error());
                args->format = kind->format;
                return with_game(kind->game, [&]<typename G>() { return run_audit<G>(*args); });
            }};
}

}  // namespace retrocheck::app
