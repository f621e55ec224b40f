// For tests that start plugins, engines or children: the processes still running (not zombies)
// whose environment holds a marker the test set before starting them. What they start inherits
// the marker, so a process a plugin forked and left behind is found even when it left the
// process group.
#pragma once

#include <dirent.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace retrocheck::testing {

// Sets RETROCHECK_TEST_MARK to a value of this process's own and returns it.
inline std::string mark_children() {
    const std::string mark = "retrocheck-test-" + std::to_string(::getpid());
    ::setenv("RETROCHECK_TEST_MARK", mark.c_str(), 1);
    return mark;
}

// The pids of running processes other than this one with RETROCHECK_TEST_MARK=mark.
inline std::vector<int> running_with_mark(const std::string& mark) {
    std::vector<int> found;
    const std::string entry = "RETROCHECK_TEST_MARK=" + mark;
    DIR* proc = ::opendir("/proc");
    if (!proc) return found;
    while (const dirent* d = ::readdir(proc)) {
        const int pid = std::atoi(d->d_name);
        if (pid <= 0 || pid == ::getpid()) continue;
        const std::string dir = std::string("/proc/") + d->d_name;
        std::ifstream stat(dir + "/stat");
        std::string line;
        std::getline(stat, line);
        const auto paren = line.rfind(')');
        if (paren == std::string::npos || paren + 2 >= line.size() || line[paren + 2] == 'Z')
            continue;
        std::ifstream environ(dir + "/environ", std::ios::binary);
        const std::string env((std::istreambuf_iterator<char>(environ)),
                              std::istreambuf_iterator<char>());
        for (std::size_t at = 0; at < env.size();) {
            const std::size_t end = env.find('\0', at);
            if (env.compare(at, (end == std::string::npos ? env.size() : end) - at, entry) == 0) {
                found.push_back(pid);
                break;
            }
            if (end == std::string::npos) break;
            at = end + 1;
        }
    }
    ::closedir(proc);
    return found;
}

}  // namespace retrocheck::testing

namespace retrocheck::testing {

// A test program's environment that marks everything the program starts (plugins' hosts,
// engines, the audit's child, retrocheck itself and all they fork) and, when every test has run,
// fails when any of them is still running a few seconds later. Register it once a program:
//   static auto* const kNothingLeft =
//       ::testing::AddGlobalTestEnvironment(new retrocheck::testing::NothingLeftRunning);
class NothingLeftRunning : public ::testing::Environment {
  public:
    void SetUp() override { mark_ = mark_children(); }
    void TearDown() override {
        std::vector<int> left;
        for (int i = 0; i < 150; ++i) {
            left = running_with_mark(mark_);
            if (left.empty()) return;
            ::usleep(20000);
        }
        std::string pids;
        for (const int pid : left) pids += " " + std::to_string(pid);
        ADD_FAILURE() << left.size() << " processes the tests started are still running:" << pids;
    }

  private:
    std::string mark_;
};

}  // namespace retrocheck::testing
