// Test support: runs the `retrocheck` binary as a user would, through the shell.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>

struct CliRun {
    int status = -1;
    std::string out;  // stdout and stderr together
};

// stderr: "2>&1" merges it into out; "2>/dev/null" keeps stdout alone (what a script reading
// --json gets). With a time limit the command is killed when it runs longer (exit 137 then), so
// that a hang fails a test instead of stopping it.
// `launcher`, when given, starts the binary ("mpirun -np 3").
inline CliRun run(const std::string& args, const char* stderr_to = "2>&1", int limit_seconds = 0,
                  const std::string& launcher = {}) {
    CliRun r;
    const std::string limit =
        limit_seconds > 0 ? "timeout -s KILL " + std::to_string(limit_seconds) + " " : "";
    const std::string cmd = limit + launcher + (launcher.empty() ? "" : " ") + RETROCHECK_BIN +
                            " " + args + " " + stderr_to;
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) return r;
    std::array<char, 4096> buf{};
    while (std::fgets(buf.data(), static_cast<int>(buf.size()), pipe)) r.out += buf.data();
    const int raw = pclose(pipe);
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return r;
}

inline bool contains(const std::string& s, const std::string& what) {
    return s.find(what) != std::string::npos;
}

// Runs args, which must be refused as input it cannot run on (exit 2) with one line,
// "retrocheck: ...", that names `what`.
inline void expect_refused(const std::string& args, const std::string& what) {
    const CliRun r = run(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_EQ(r.out.rfind("retrocheck: ", 0), 0u) << args << "\n" << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << args << "\n" << r.out;
    EXPECT_NE(r.out.find(what), std::string::npos) << args << "\n" << r.out;
}
