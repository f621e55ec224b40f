// The plugin host: what a plugin answers comes back; a call that hangs, overflows its stack,
// crashes or runs out of memory is reported as exactly that and the next call works; a library
// that is not a plugin, has another ABI version, is for another game or crashes while loading
// is refused by name.
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>

#include "plugins/plugin_process.h"

namespace retrocheck::plugins {
namespace {

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
                   "built for plugin ABI version 99; this retrocheck speaks version 1");
    expect_refused(TEST_PLUGIN_chess, RC_GAME_CHECKERS,
                   "a plugin for chess; this command checks checkers");
    expect_refused(TEST_PLUGIN_answers, RC_GAME_CHESS,
                   "a plugin for checkers; this command checks chess");
    expect_refused(TEST_PLUGIN_load_crash, RC_GAME_CHECKERS, "while loading: killed by SIGSEGV");
}

}  // namespace
}  // namespace retrocheck::plugins
