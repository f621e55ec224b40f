// Work run in a child process (fork), so that a crash, a hang or a runaway allocation in code we
// do not own (a probe library reading a damaged file) ends the child, not the command: the
// parent watches it and then says what happened. The child is killed if the parent dies (a
// test's time limit), never left running.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <variant>

namespace retrocheck::app {

// What the parent holds the child to.
struct ChildWatch {
    std::uint64_t memory_bytes = 0;  // the child's address space (0: no limit)
    // Called in the parent every few milliseconds while the child runs: true has it killed as
    // overdue (a call that has run past its limit).
    std::function<bool()> overdue;
};

// How the child ended when it did not return.
struct ChildKilled {
    int signal = 0;
    std::string name;               // "SIGSEGV"
    bool overdue = false;           // killed by the parent: watch.overdue said so
    bool out_of_memory = false;     // an allocation failed, or it died near its memory limit
    std::uint64_t memory_used = 0;  // its address space when last seen, in bytes
    // It exited before work() returned (a library that calls exit): the status, else -1.
    int exited = -1;
};

// Runs work() in a child process and returns its result (an exit code), or how the child died.
// Call it before any thread is started (the child has only the calling thread); output buffered
// before the call is flushed first, so nothing is written twice. A fork that fails runs work()
// here.
std::variant<int, ChildKilled> run_in_child(const std::function<int()>& work,
                                            const ChildWatch& watch = {});

}  // namespace retrocheck::app
