// Test support: runs the `retrocheck` binary as a user would, through the shell.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

struct CliRun {
    int status = -1;
    std::string out;  // stdout and stderr together
};

inline CliRun run(const std::string& args) {
    CliRun r;
    const std::string cmd = std::string(RETROCHECK_BIN) + " " + args + " 2>&1";
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

// Runs args, which must fail (exit 1 for bad input; 0: any non-zero code, as CLI11's own
// option errors give) and name `what` in the one line it prints.
inline void expect_refused(const std::string& args, const std::string& what, int status = 1) {
    const CliRun r = run(args);
    if (status)
        EXPECT_EQ(r.status, status) << args << "\n" << r.out;
    else
        EXPECT_NE(r.status, 0) << args << "\n" << r.out;
    EXPECT_NE(r.out.find(what), std::string::npos) << args << "\n" << r.out;
}
