#include "apps/child_process.h"

#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <new>

#include "apps/output.h"
#include "engine/core/signal_name.h"

namespace retrocheck::app {

namespace {

// The child's exit code when an allocation of ours failed (bad_alloc): not one of the command's.
constexpr int kOutOfMemory = 125;
// How often the parent looks at the child.
constexpr useconds_t kPollMicroseconds = 5000;

// A process's address space in bytes (/proc/PID/statm), 0 when unknown.
std::uint64_t address_space(pid_t pid) {
    std::ifstream statm("/proc/" + std::to_string(pid) + "/statm");
    std::uint64_t pages = 0;
    statm >> pages;
    return pages * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
}

}  // namespace

std::variant<int, ChildKilled> run_in_child(const std::function<int()>& work,
                                            const ChildWatch& watch) {
    std::cout.flush();
    std::fflush(nullptr);
    // Where the child leaves work()'s result: an exit that did not come through it (a library
    // that calls exit(1) on an error of its own) is not taken for the command's exit code.
    void* shared = mmap(nullptr, sizeof(std::atomic<int>), PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED) return work();
    auto* result = new (shared) std::atomic<int>(-1);
    struct Unmap {
        void* p;
        ~Unmap() { munmap(p, sizeof(std::atomic<int>)); }
    } unmap{shared};
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid < 0) return work();
    if (pid == 0) {
        // Die with the parent; if it is already gone, do not start.
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) std::_Exit(EXIT_FAILURE);
        if (watch.memory_bytes > 0) {
            const rlimit memory{watch.memory_bytes, watch.memory_bytes};
            setrlimit(RLIMIT_AS, &memory);
        }
        // Nothing may leave the child but its exit: an exception would run the parent's code
        // in it.
        int code = 0;
        try {
            code = work();
        } catch (const std::bad_alloc&) {
            code = kOutOfMemory;
        } catch (const std::exception& e) {
            std::fprintf(stderr, "retrocheck: internal error: %s\n", e.what());
            code = kExitCannotRun;
        } catch (...) {
            code = kExitCannotRun;
        }
        std::cout.flush();
        std::fflush(nullptr);
        result->store(code);
        std::_Exit(code);
    }
    // The parent watches: an interrupt from the terminal reaches the child too, and the child's
    // death is then reported below.
    ChildKilled killed;
    int status = 0;
    for (;;) {
        const pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid) break;
        if (r < 0 && errno != EINTR) return ChildKilled{SIGKILL, "SIGKILL (waitpid failed)"};
        if (const std::uint64_t used = address_space(pid); used > 0) killed.memory_used = used;
        if (watch.overdue && watch.overdue()) {
            kill(pid, SIGKILL);
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            killed.signal = SIGKILL;
            killed.name = signal_name(SIGKILL);
            killed.overdue = true;
            return killed;
        }
        usleep(kPollMicroseconds);
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == kOutOfMemory) {
        killed.out_of_memory = true;
        killed.name = "an allocation that failed";
        return killed;
    }
    if (WIFEXITED(status) && result->load() == WEXITSTATUS(status)) return WEXITSTATUS(status);
    if (WIFEXITED(status)) {
        killed.exited = WEXITSTATUS(status);
        killed.name = "exit(" + std::to_string(killed.exited) + ")";
        return killed;
    }
    killed.signal = WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
    killed.name = signal_name(killed.signal);
    // A library that finds no memory dies of what it does next (a null pointer): near its limit,
    // that is running out of memory.
    killed.out_of_memory =
        watch.memory_bytes > 0 && killed.memory_used >= watch.memory_bytes / 10 * 9;
    return killed;
}

}  // namespace retrocheck::app
