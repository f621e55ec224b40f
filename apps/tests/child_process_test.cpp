// run_in_child, which runs the probe libraries of a chess audit: the child's result comes back,
// and every other way it ends is told apart (a signal, a call past its limit, an allocation
// that failed, an exit that did not come through the result).
#include <gtest/gtest.h>

#include <signal.h>

#include <chrono>
#include <cstdlib>
#include <new>
#include <thread>

#include "apps/child_process.h"

namespace retrocheck::app {
namespace {

TEST(ChildProcess, EveryEndingIsToldApart) {
    EXPECT_EQ(std::get<int>(run_in_child([] { return 1; })), 1);
    EXPECT_EQ(std::get<int>(run_in_child([] { return 0; })), 0);

    const auto crashed = run_in_child([] {
        ::raise(SIGSEGV);
        return 0;
    });
    ASSERT_TRUE(std::holds_alternative<ChildKilled>(crashed));
    EXPECT_EQ(std::get<ChildKilled>(crashed).name, "SIGSEGV");

    const auto no_memory = run_in_child([]() -> int { throw std::bad_alloc(); });
    ASSERT_TRUE(std::holds_alternative<ChildKilled>(no_memory));
    EXPECT_TRUE(std::get<ChildKilled>(no_memory).out_of_memory);

    // A library that calls exit(1) is not the command finding something wrong.
    const auto exited = run_in_child([]() -> int { std::exit(1); });
    ASSERT_TRUE(std::holds_alternative<ChildKilled>(exited));
    EXPECT_EQ(std::get<ChildKilled>(exited).exited, 1);

    // A child that never ends is stopped when the watch says so.
    ChildWatch watch;
    const auto t0 = std::chrono::steady_clock::now();
    watch.overdue = [t0] {
        return std::chrono::steady_clock::now() - t0 > std::chrono::milliseconds(200);
    };
    const auto hung = run_in_child(
        [] {
            for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
            return 0;
        },
        watch);
    ASSERT_TRUE(std::holds_alternative<ChildKilled>(hung));
    EXPECT_TRUE(std::get<ChildKilled>(hung).overdue);
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));

    // Under a memory limit, an allocation beyond it fails in the child.
    ChildWatch small;
    small.memory_bytes = 256ull << 20;
    const auto big = run_in_child(
        [] {
            volatile char* p = new char[1ull << 30];
            p[0] = 1;
            return 0;
        },
        small);
    ASSERT_TRUE(std::holds_alternative<ChildKilled>(big));
    EXPECT_TRUE(std::get<ChildKilled>(big).out_of_memory);
}

}  // namespace
}  // namespace retrocheck::app
