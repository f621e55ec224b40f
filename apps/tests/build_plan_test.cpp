// The build's memory plan as a function of what the process measures (apps/build_plan.h).
#include <gtest/gtest.h>

#include "apps/build_plan.h"

namespace retrocheck::app {
namespace {

constexpr std::uint64_t MiB = std::uint64_t{1} << 20;

// The spare stays as planned while the process holds no more than its tables and the resting
// allowance, and loses exactly the excess beyond them, down to nothing.
TEST(BuildPlan, TheSpareLosesWhatTheProcessHoldsBeyondItsTables) {
    const std::uint64_t held = 4000 * MiB;
    EXPECT_EQ(measured_spare(1000 * MiB, held, held), 1000 * MiB);
    EXPECT_EQ(measured_spare(1000 * MiB, held + kRestingBytes, held), 1000 * MiB);
    EXPECT_EQ(measured_spare(1000 * MiB, held + kRestingBytes + 45 * MiB, held), 955 * MiB);
    EXPECT_EQ(measured_spare(1000 * MiB, held + kRestingBytes + 2000 * MiB, held), 0u);
    // Resident memory unknown (0): the plan as it is.
    EXPECT_EQ(measured_spare(1000 * MiB, 0, held), 1000 * MiB);
}

}  // namespace
}  // namespace retrocheck::app
