// Work run in a child process (fork), so that a crash in code we do not own (a probe library
// reading a damaged file) ends the child, not the command: the parent waits and then says what
// happened. The child is killed if the parent dies (a test's time limit), never left running.
#pragma once

#include <functional>
#include <string>
#include <variant>

namespace retrocheck::app {

// How the child ended when it did not return: the signal that killed it.
struct ChildKilled {
    int signal = 0;
    std::string name;  // "SIGSEGV"
};

// Runs work() in a child process and returns its result (an exit code), or how the child died.
// Call it before any thread is started (the child has only the calling thread); output buffered
// before the call is flushed first, so nothing is written twice. A fork that fails runs work()
// here.
std::variant<int, ChildKilled> run_in_child(const std::function<int()>& work);

}  // namespace retrocheck::app
