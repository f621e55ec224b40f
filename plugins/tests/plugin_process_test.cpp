// The plugin host: what a plugin answers comes back; a call that hangs, overflows its stack,
// crashes or runs out of memory is reported as exactly that and the next call works; a library
// that is not a plugin, has another ABI version, is for another game or crashes while loading
// is refused by name.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <thread>

#include "plugins/plugin_process.h"
#include "plugins/tests/leftover_processes.h"

namespace retrocheck::plugins {
namespace {

// No process any test starts (plugins, engines, children) may outlive the tests.
auto* const kNothingLeft =
    ::testing::AddGlobalTestEnvironment(new retrocheck::testing::NothingLeftRunning);

using Kind = CallFailure::Kind;

Limits quick() {
    Limits l;
    l.call_ms = 1000;
    l.memory_bytes = 192ull << 20;
    return l;
}

std::unique_ptr<PluginProcess> answers() {
    auto p = PluginProcess::start(TEST_PLUGIN_answers, RC_GAME_CHECKERS, quick());
    EXPECT_TRUE(p.ok()) << p.error();
    return p.ok() ? std::move(p).value() : nullptr;
}

// The processes the test's plugins left running once they had a second to die: none, or the
// test fails naming them.
void expect_nothing_left(const std::string& mark) {
    std::vector<int> left;
    for (int i = 0; i < 100; ++i) {
        left = testing::running_with_mark(mark);
        if (left.empty()) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ADD_FAILURE() << left.size() << " processes left running, the first pid " << left.front();
}

template <typename T>
const CallFailure& failure(const Call<T>& c) {
    static const CallFailure none{Kind::HostFailed, "(the call succeeded)"};
    return std::holds_alternative<CallFailure>(c) ? std::get<CallFailure>(c) : none;
}

TEST(PluginProcess, AnswersComeBack) {
    const auto p = answers();
    ASSERT_TRUE(p);
    EXPECT_EQ(p->info().name, "test plugin");
    EXPECT_TRUE(p->info().legal_moves && p->info().perft && p->info().probe);
    const auto moves = p->legal_moves("W:W24:B1");
    ASSERT_TRUE(std::holds_alternative<MovesAnswer>(moves)) << failure(moves).message;
    EXPECT_TRUE(std::get<MovesAnswer>(moves).accepted);
    EXPECT_EQ(std::get<MovesAnswer>(moves).moves, "24-19 24-20");
    // A list longer than the first buffer: asked again with room for it.
    const auto long_list = p->legal_moves("long");
    ASSERT_TRUE(std::holds_alternative<MovesAnswer>(long_list));
    EXPECT_EQ(std::get<MovesAnswer>(long_list).moves, std::string(20000, 'x'));
    const auto refused = p->legal_moves("bad");
    ASSERT_TRUE(std::holds_alternative<MovesAnswer>(refused));
    EXPECT_FALSE(std::get<MovesAnswer>(refused).accepted);
    const auto n = p->perft("W:W24:B1", 4);
    ASSERT_TRUE(std::holds_alternative<std::int64_t>(n));
    EXPECT_EQ(std::get<std::int64_t>(n), 40);
    const auto v = p->probe("W:W24:B1");
    ASSERT_TRUE(std::holds_alternative<rc_probe_result>(v));
    EXPECT_EQ(std::get<rc_probe_result>(v).status, RC_PROBE_OK);
    EXPECT_EQ(std::get<rc_probe_result>(v).wld, RC_WIN);
    EXPECT_EQ(std::get<rc_probe_result>(v).distance, 7);
    // What a plugin prints does not garble the answers.
    EXPECT_TRUE(std::holds_alternative<rc_probe_result>(p->probe("print")));
    EXPECT_EQ(std::get<rc_probe_result>(p->probe("W:W24:B1")).distance, 7);
}

// Each failure is named, and the next call is answered by a fresh host.
TEST(PluginProcess, EveryFailureIsNamedAndTheRunGoesOn) {
    const auto p = answers();
    ASSERT_TRUE(p);
    struct Case {
        const char* fen;
        Kind kind;
        const char* says;
    };
    for (const Case& c : {Case{"hang", Kind::Timeout, "no answer within 1,000 ms"},
                          Case{"recurse", Kind::StackOverflow,
                               "killed by SIGSEGV: stack overflow (its stack limit is 8 MiB)"},
                          Case{"segv", Kind::Crash, "killed by SIGSEGV"},
                          Case{"abort", Kind::Crash, "killed by SIGABRT"}}) {
        SCOPED_TRACE(c.fen);
        const auto start = std::chrono::steady_clock::now();
        const auto r = p->probe(c.fen);
        ASSERT_TRUE(std::holds_alternative<CallFailure>(r));
        EXPECT_EQ(failure(r).kind, c.kind) << failure(r).message;
        EXPECT_NE(failure(r).message.find(c.says), std::string::npos) << failure(r).message;
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
        std::cout << c.fen << ": " << failure(r).message << "\n";
        const auto next = p->probe("W:W24:B1");
        ASSERT_TRUE(std::holds_alternative<rc_probe_result>(next)) << failure(next).message;
        EXPECT_EQ(std::get<rc_probe_result>(next).distance, 7);
    }
    // Running out of memory: filling 192 MiB can take more than a second on a loaded machine, so
    // this call has 10 seconds.
    Limits roomy = quick();
    roomy.call_ms = 10000;
    const auto hog = PluginProcess::start(TEST_PLUGIN_answers, RC_GAME_CHECKERS, roomy);
    ASSERT_TRUE(hog.ok()) << hog.error();
    const auto r = (*hog)->probe("hog");
    ASSERT_TRUE(std::holds_alternative<CallFailure>(r));
    EXPECT_EQ(failure(r).kind, Kind::OutOfMemory) << failure(r).message;
    EXPECT_NE(failure(r).message.find("out of memory: killed by SIGABRT with "), std::string::npos)
        << failure(r).message;
    std::cout << "hog: " << failure(r).message << "\n";
    EXPECT_TRUE(std::holds_alternative<rc_probe_result>((*hog)->probe("W:W24:B1")));
    // legal_moves is under the same limit.
    EXPECT_EQ(failure(p->legal_moves("hang")).kind, Kind::Timeout);
    EXPECT_TRUE(std::holds_alternative<MovesAnswer>(p->legal_moves("W:W24:B1")));
}

void expect_refused(const std::string& library, rc_game game, const std::string& says) {
    const auto p = PluginProcess::start(library, game, quick());
    ASSERT_FALSE(p.ok()) << library;
    EXPECT_EQ(p.error().rfind(library + ": ", 0), 0u) << p.error();
    EXPECT_NE(p.error().find(says), std::string::npos) << p.error();
}

TEST(PluginProcess, BadLibrariesAreRefusedByName) {
    expect_refused(TEST_NOT_A_LIBRARY, RC_GAME_CHECKERS, "invalid ELF header");
    expect_refused("/nonexistent/libplugin.so", RC_GAME_CHECKERS, "No such file or directory");
    expect_refused(TEST_PLUGIN_no_entry, RC_GAME_CHECKERS, "exports no function retrocheck_plugin");
    expect_refused(TEST_PLUGIN_wrong_abi, RC_GAME_CHECKERS,
                   "built for plugin ABI version 99; this retrocheck speaks versions 2 and 3");
    expect_refused(TEST_PLUGIN_abi_one, RC_GAME_CHECKERS,
                   "built for plugin ABI version 1; this retrocheck speaks versions 2 and 3 "
                   "(rebuild it "
                   "against this retrocheck/plugin.h: version 2 adds probe_metric and "
                   "probe_captures");
    expect_refused(TEST_PLUGIN_chess, RC_GAME_CHECKERS,
                   "a plugin for chess; this command checks checkers");
    expect_refused(TEST_PLUGIN_answers, RC_GAME_CHESS,
                   "a plugin for checkers; this command checks chess");
    expect_refused(TEST_PLUGIN_load_crash, RC_GAME_CHECKERS, "while loading: killed by SIGSEGV");
}

// ABI 3's chess probe: what it declares comes through, its answers field by field, a crash is
// the call's failure; a version 2 table loads without it (its table ends before the chess
// fields, which are not read even when a plugin put something there).
TEST(PluginProcess, TheChessProbeAndItsDeclaration) {
    {
        const auto p = PluginProcess::start(TEST_PLUGIN_chess, RC_GAME_CHESS, quick());
        ASSERT_TRUE(p.ok()) << p.error();
        ASSERT_TRUE((*p)->info().probe_chess);
        EXPECT_EQ((*p)->info().chess_values, RC_CHESS_WDL50 | RC_CHESS_DTZ);
        const auto r = (*p)->probe_chess("8/8/8/8/8/8/8/K1k5 w - - 0 1");
        const auto* v = std::get_if<rc_chess_probe_result>(&r);
        ASSERT_TRUE(v);
        EXPECT_EQ(v->status, RC_PROBE_OK);
        EXPECT_EQ(v->wdl, RC_WDL5_CURSED_WIN);
        EXPECT_EQ(v->dtz, 105);
        EXPECT_EQ(v->dtm, -1);
        const auto castling = (*p)->probe_chess("r3k3/8/8/8/8/8/8/R3K3 w KQkq - 0 1");
        ASSERT_TRUE(std::get_if<rc_chess_probe_result>(&castling));
        EXPECT_EQ(std::get<rc_chess_probe_result>(castling).status, RC_PROBE_MISSING);
        const auto crash = (*p)->probe_chess("segv");
        const auto* f = std::get_if<CallFailure>(&crash);
        ASSERT_TRUE(f);
        EXPECT_EQ(f->kind, CallFailure::Kind::Crash) << f->message;
        // The host is started again for the next call.
        const auto again = (*p)->probe_chess("8/8/8/8/8/8/8/K1k5 b - - 0 1");
        EXPECT_TRUE(std::get_if<rc_chess_probe_result>(&again));
    }
    const auto two = PluginProcess::start(TEST_PLUGIN_abi_two, RC_GAME_CHECKERS, quick());
    ASSERT_TRUE(two.ok()) << two.error();
    EXPECT_TRUE((*two)->info().probe);
    EXPECT_FALSE((*two)->info().probe_chess);
    EXPECT_EQ((*two)->info().chess_values, 0u);
}

// A plugin cannot fool the host: a process it starts is killed and the call reported, whether
// it waits, leaves the process group or answers too; bytes that are not an answer, a host that
// closes its descriptors and spins, or one that exits, are each a failure of that call within
// its limit; and nothing of the plugin's runs once the call has failed or the plugin is closed.
TEST(PluginProcess, NoPluginFoolsTheHost) {
    const std::string mark = testing::mark_children();
    {
        const auto p = answers();
        ASSERT_TRUE(p);
        EXPECT_EQ(p->info().probe_metric, RC_METRIC_DTW);
        EXPECT_EQ(p->info().probe_captures, RC_CAPTURES_RESOLVED);
        struct Case {
            const char* fen;
            Kind kind;
            const char* says;
        };
        for (const Case& c :
             {Case{"fork-stay", Kind::Protocol, "left 1 process running when the call returned"},
              Case{"setsid-stay", Kind::Protocol, "left 1 process running"},
              Case{"garbage", Kind::Protocol, "where an answer starts"},
              Case{"stray", Kind::Protocol,
                   "1 answer to another call (tag 4294967295, this call's "},
              Case{"fork-hang", Kind::Timeout, "no answer within 1,000 ms"},
              Case{"close-spin", Kind::Timeout,
                   "closed its end of the pipe and gave no answer within 1,000 ms; killed"},
              Case{"exit0", Kind::Crash, "the plugin host exited with status 0"}}) {
            SCOPED_TRACE(c.fen);
            const auto start = std::chrono::steady_clock::now();
            const auto r = p->probe(c.fen);
            ASSERT_TRUE(std::holds_alternative<CallFailure>(r));
            EXPECT_EQ(failure(r).kind, c.kind) << failure(r).message;
            EXPECT_NE(failure(r).message.find(c.says), std::string::npos) << failure(r).message;
            EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(3));
            std::cout << c.fen << ": " << failure(r).message << "\n";
            expect_nothing_left(mark);
            const auto next = p->probe("W:W24:B1");
            ASSERT_TRUE(std::holds_alternative<rc_probe_result>(next)) << failure(next).message;
            EXPECT_EQ(std::get<rc_probe_result>(next).distance, 7);
        }
        // Both processes return from the plugin: the copy exits without a word and the call it
        // forked in fails, however fast the copy ended (counted running or exited); the host
        // alone answers the next calls.
        const auto forked = p->probe("fork-answer");
        ASSERT_TRUE(std::holds_alternative<CallFailure>(forked));
        EXPECT_EQ(failure(forked).kind, Kind::Protocol) << failure(forked).message;
        EXPECT_NE(failure(forked).message.find("left 1 process running"), std::string::npos)
            << failure(forked).message;
        for (int i = 0; i < 3; ++i) {
            const auto r = p->probe("W:W24:B1");
            ASSERT_TRUE(std::holds_alternative<rc_probe_result>(r)) << failure(r).message;
            EXPECT_EQ(std::get<rc_probe_result>(r).distance, 7);
        }
        // Out-of-range values come back as they are, for the checks to judge.
        const auto far = p->probe("dist-million");
        ASSERT_TRUE(std::holds_alternative<rc_probe_result>(far));
        EXPECT_EQ(std::get<rc_probe_result>(far).distance, 1000000);
        EXPECT_EQ(std::get<rc_probe_result>(p->probe("status9")).status, 9);
        // A plugin that forked and is then closed takes its process with it.
        EXPECT_TRUE(std::holds_alternative<CallFailure>(p->probe("fork-stay")));
        EXPECT_TRUE(std::holds_alternative<rc_probe_result>(p->probe("W:W24:B1")));
        EXPECT_GT(p->host_pid(), 0);
    }
    expect_nothing_left(mark);
}

// The host reads nothing of retrocheck's stdin and holds no descriptor of retrocheck's but its
// pipes.
TEST(PluginProcess, TheHostHoldsOnlyItsPipes) {
    const int extra = ::open("/dev/null", O_RDONLY);  // not close-on-exec
    ASSERT_GE(extra, 0);
    // Our stdin a pipe (ctest may give /dev/null already), which the host must not inherit.
    int input[2];
    ASSERT_EQ(::pipe(input), 0);
    const int saved_stdin = ::dup(STDIN_FILENO);
    ::dup2(input[0], STDIN_FILENO);
    const auto p = answers();
    ASSERT_TRUE(p);
    ASSERT_TRUE(std::holds_alternative<rc_probe_result>(p->probe("W:W24:B1")));
    const std::string fds = "/proc/" + std::to_string(p->host_pid()) + "/fd";
    std::vector<int> open;
    for (const auto& e : std::filesystem::directory_iterator(fds))
        open.push_back(std::stoi(e.path().filename().string()));
    std::sort(open.begin(), open.end());
    EXPECT_EQ(open, (std::vector<int>{0, 1, 2, 3, 4}));
    EXPECT_EQ(std::filesystem::read_symlink(fds + "/0"), "/dev/null");
    ::close(extra);
    ::dup2(saved_stdin, STDIN_FILENO);
    for (const int fd : {saved_stdin, input[0], input[1]}) ::close(fd);
}

}  // namespace
}  // namespace retrocheck::plugins
