// retrocheck: a test-and-verification harness for endgame databases.
#include <CLI/CLI.hpp>

#include <exception>
#include <vector>

#include "apps/commands.h"
#include "apps/output.h"

int main(int argc, char** argv) {
    using namespace retrocheck::app;
    CLI::App app{"retrocheck: English checkers rules, perft and endgame-database verification"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "retrocheck 0.1.0");
    const std::vector<Command> commands = {add_show(app),   add_moves(app),  add_perft(app),
                                           add_build(app),  add_verify(app), add_stats(app),
                                           add_probe(app),  add_check(app),  add_audit(app),
                                           add_search(app), add_corpus(app), add_bench(app)};
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    }
    try {
        for (const Command& c : commands)
            if (c.cli->parsed()) return c.run();
    } catch (const std::exception& e) {
        return fail(e.what());
    }
    return 1;
}
