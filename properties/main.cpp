// Runs the RapidCheck properties under GoogleTest. Unless RC_PARAMS says otherwise, each
// property runs 10,000 cases; RC_PARAMS="seed=...", "reproduce=..." or "max_success=N" work
// as RapidCheck documents.
#include <gtest/gtest.h>

#include <cstdlib>

int main(int argc, char** argv) {
    setenv("RC_PARAMS", "max_success=10000", /*overwrite=*/0);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
