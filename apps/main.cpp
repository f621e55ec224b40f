// retrocheck: a test-and-verification harness for endgame databases.
#include <CLI/CLI.hpp>

#include <cstring>
#include <exception>
#include <filesystem>
#include <new>
#include <string>
#include <system_error>
#include <vector>

#include "apps/commands.h"
#include "apps/mpi_world.h"
#include "apps/output.h"
#include "apps/progress.h"
#include "engine/core/text.h"

namespace {

int run(int argc, char** argv);

}  // namespace

int main(int argc, char** argv) {
    using namespace retrocheck::app;
    // A rank of an MPI job joins it first (apps/mpi_world.h); only rank 0 speaks.
    if (const auto refused = MpiWorld::start(&argc, &argv)) return fail(*refused);
    if (MpiWorld::get().rank() != 0) set_quiet_errors(true);
    const int code = run(argc, argv);
    MpiWorld::finish(code);
    return code;
}

namespace {

int run(int argc, char** argv) {
    using namespace retrocheck::app;
    // Errors under --json go to stdout as a JSON document too, parse errors included; and no
    // progress line is drawn.
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--json") == 0) {
            set_json_errors(true);
            set_progress_quiet(true);
        }

    CLI::App app{"retrocheck: checkers and chess rules, perft and endgame-database verification"};
    app.option_defaults()->always_capture_default();
    app.require_subcommand(1);
    app.set_version_flag("--version", "retrocheck 0.1.0");
    app.footer(
        "Exit codes: 0 ran and found nothing wrong, 1 ran and found something wrong, 2 could not "
        "run.");
    const std::vector<Command> commands = {
        add_show(app),       add_moves(app),         add_perft(app),       add_build(app),
        add_verify(app),     add_stats(app),         add_probe(app),       add_check(app),
        add_audit(app),      add_search(app),        add_corpus(app),      add_bench(app),
        add_pdn(app),        add_check_movegen(app), add_check_probe(app), add_prove(app),
        add_perft_diff(app), add_play_out(app),      add_pgn(app)};
    check_numbers(app);
    if (argc > 1 && argv[1][0] != '-') {
        std::string names;
        bool known = false;
        for (const Command& c : commands) {
            known |= c.cli->get_name() == argv[1];
            names += (names.empty() ? "" : ", ") + c.cli->get_name();
        }
        if (!known)
            return fail("unknown command " + retrocheck::in_quotes(argv[1]) + " (one of " + names +
                        ")");
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
        std::string message = e.what();
        if (message.empty()) message = e.get_name();
        return fail(message + " (see retrocheck --help)");
    }
    try {
        for (const Command& c : commands)
            if (c.cli->parsed()) {
                // Under mpirun the other ranks take part in build and verify only.
                const std::string name = c.cli->get_name();
                if (MpiWorld::get().rank() != 0 && name != "build" && name != "verify")
                    return kExitOk;
                const int code = c.run();
                // Output that could not be written is no result: exit 2, whatever was found.
                return stdout_written() ? code : kExitCannotRun;
            }
    } catch (const std::filesystem::filesystem_error& e) {
        return fail(e.path1().string() + ": " + e.code().message());
    } catch (const std::bad_alloc&) {
        return fail("out of memory");
    } catch (const std::system_error& e) {
        // fmt's writes to stdout throw this when the device is full or the pipe closed.
        return fail(std::string("cannot write the output: ") + e.code().message());
    } catch (const std::exception& e) {
        return fail(std::string("internal error: ") + e.what());
    }
    return kExitCannotRun;
}

}  // namespace
