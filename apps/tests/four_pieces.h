// Test support: tables up to 4 pieces built with `retrocheck build` once per test program.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>

#include "apps/tests/cli_run.h"
#include "tablebases/tests/scratch.h"

inline const std::filesystem::path& four_pieces() {
    static const std::filesystem::path dir = [] {
        const std::filesystem::path d = retrocheck::tb::testing::scratch("t4");
        const CliRun r = run("build checkers --pieces 4 --out " + d.string());
        EXPECT_EQ(r.status, 0) << r.out;
        EXPECT_TRUE(contains(r.out, "built 70 slices, 14,722,182 positions")) << r.out;
        EXPECT_TRUE(contains(r.out, "peak memory")) << r.out;
        EXPECT_TRUE(contains(r.out, "bytes/position")) << r.out;
        return d;
    }();
    return dir;
}
