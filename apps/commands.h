// The subcommands of `retrocheck`. Each registers its options on the CLI11 app; its handler
// returns the process exit code (apps/output.h: 0 nothing wrong, 1 something wrong found,
// 2 could not run).
#pragma once

#include <CLI/CLI.hpp>

#include <functional>

namespace retrocheck::app {

// A registered subcommand and what to run when the user chose it.
struct Command {
    CLI::App* cli;
    std::function<int()> run;
};

Command add_show(CLI::App& app);
Command add_moves(CLI::App& app);
Command add_perft(CLI::App& app);
Command add_perft_diff(CLI::App& app);
Command add_play_out(CLI::App& app);
Command add_build(CLI::App& app);
Command add_verify(CLI::App& app);
Command add_stats(CLI::App& app);
Command add_probe(CLI::App& app);
Command add_check(CLI::App& app);
Command add_audit(CLI::App& app);
Command add_search(CLI::App& app);
Command add_corpus(CLI::App& app);
Command add_bench(CLI::App& app);
Command add_pdn(CLI::App& app);
Command add_pgn(CLI::App& app);
Command add_check_movegen(CLI::App& app);
Command add_check_probe(CLI::App& app);
Command add_prove(CLI::App& app);

}  // namespace retrocheck::app
