// Test support: scratch folders under one per-process folder that is removed when the test
// program ends, and whole files read and written as strings.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace retrocheck::tb::testing {

// A fresh, empty folder `name` (emptied if it was used before in this process).
inline std::filesystem::path scratch(const std::string& name) {
    struct Root {
        std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     ("retrocheck-test-" + std::to_string(::getpid()));
        ~Root() {
            std::error_code ignored;
            std::filesystem::remove_all(path, ignored);
        }
    };
    static const Root root;
    const std::filesystem::path dir = root.path / name;
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

inline std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

inline void spit(const std::filesystem::path& p, const std::string& bytes) {
    std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
}

}  // namespace retrocheck::tb::testing
