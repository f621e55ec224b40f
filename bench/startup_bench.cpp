// The start-up of the command: `retrocheck --version`, a checkers `show` and a chess `show`, each
// a whole process (spawned, waited for), so that what a script pays a call is measured as it pays
// it. The binary is the one built beside this benchmark (RETROCHECK_BINARY).
#include <benchmark/benchmark.h>
#include <spawn.h>
#include <sys/wait.h>

#include <fcntl.h>

#include <cstdlib>
#include <string>
#include <vector>

extern char** environ;

namespace {

void run(benchmark::State& state, std::vector<std::string> args) {
    args.insert(args.begin(), RETROCHECK_BINARY);
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    for (auto _ : state) {
        pid_t pid = 0;
        if (posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) != 0) {
            state.SkipWithError("cannot start the command");
            break;
        }
        int status = 0;
        waitpid(pid, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            state.SkipWithError("the command failed");
            break;
        }
    }
    posix_spawn_file_actions_destroy(&actions);
}

void Version(benchmark::State& state) { run(state, {"--version"}); }
void CheckersShow(benchmark::State& state) { run(state, {"show", "B:WK22:BK31"}); }
void ChessShow(benchmark::State& state) { run(state, {"show", "8/8/8/8/8/2k5/8/KQ6 w - - 0 1"}); }

BENCHMARK(Version)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(CheckersShow)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(ChessShow)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
