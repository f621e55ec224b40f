// The oracle is checked on its own against the published perft figures, so that agreement
// between it and the fast generator means something.
#include <gtest/gtest.h>

#include "oracles/checkers/mailbox.h"

namespace retrocheck::oracle {
namespace {

TEST(Oracle, PerftFromTheStartMatchesThePublishedFigures) {
    const Mailbox start = Mailbox::from_position(checkers::Position::start());
    const std::uint64_t published[] = {1, 7, 49, 302, 1469, 7361, 36768, 179740};
    for (int depth = 0; depth < 8; ++depth)
        EXPECT_EQ(oracle_perft(start, depth), published[depth]) << "depth " << depth;
}

TEST(Oracle, ConvertsPositionsBothWays) {
    const checkers::Position start = checkers::Position::start();
    EXPECT_EQ(Mailbox::from_position(start).to_position(), start);
}

}  // namespace
}  // namespace retrocheck::oracle
