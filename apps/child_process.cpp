#include "apps/child_process.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "engine/core/signal_name.h"

namespace retrocheck::app {

std::variant<int, ChildKilled> run_in_child(const std::function<int()>& work) {
    std::cout.flush();
    std::fflush(nullptr);
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid < 0) return work();
    if (pid == 0) {
        // Die with the parent; if it is already gone, do not start.
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) std::_Exit(EXIT_FAILURE);
        const int code = work();
        std::cout.flush();
        std::fflush(nullptr);
        std::_Exit(code);
    }
    // The parent only waits: an interrupt from the terminal reaches the child too, and the
    // child's death is then reported below.
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return ChildKilled{SIGKILL, "SIGKILL (waitpid failed)"};
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    const int sig = WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
    return ChildKilled{sig, signal_name(sig)};
}

}  // namespace retrocheck::app
