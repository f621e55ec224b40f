// Test support: third-party data under RETROCHECK_THIRDPARTY (ci/test.sh sets it; CMake gives
// RETROCHECK_THIRDPARTY_DEFAULT). A missing file skips the test, or fails it when
// RETROCHECK_REQUIRE_THIRDPARTY=1.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace retrocheck::tb::testing {

inline std::filesystem::path thirdparty_path(const std::string& relative) {
    const char* root = std::getenv("RETROCHECK_THIRDPARTY");
    if (!root || !*root) root = std::getenv("RETROCHECK_THIRDPARTY_DEFAULT");
    const std::filesystem::path p =
        root ? std::filesystem::path(root) / relative : std::filesystem::path(relative);
    if (root && std::filesystem::exists(p)) return p;
    const char* required = std::getenv("RETROCHECK_REQUIRE_THIRDPARTY");
    if (required && std::string(required) == "1")
        ADD_FAILURE() << "third-party data " << p << " is missing (RETROCHECK_THIRDPARTY)";
    return {};
}

}  // namespace retrocheck::tb::testing

// Declares `var` as the path of the third-party file or folder, or skips the test.
#define RETROCHECK_THIRDPARTY_OR_SKIP(var, relative)                       \
    const auto var = ::retrocheck::tb::testing::thirdparty_path(relative); \
    if (var.empty()) GTEST_SKIP() << relative << " not found under RETROCHECK_THIRDPARTY"
