// Test support: runs the `retrocheck` binary as a user would, through the shell.
#pragma once

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
