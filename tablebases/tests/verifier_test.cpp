// The verifier passes every built table, and catches single-value corruptions and a builder
// with the classic first-pass bug, naming the position.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <random>

#include "engine/checkers/diagram.h"
#include "engine/checkers/notation.h"
#include "tablebases/build/builder.h"
#include "tablebases/tests/corruption.h"
#include "tablebases/tests/tables.h"
#include "tablebases/verify/verifier.h"

namespace retrocheck::tb {
namespace {

const TableSet& tables_up_to(int pieces) { return testing::built_tables(pieces); }

TEST(Verifier, PassesEveryBuiltTableUpTo4Pieces) {
    const VerifyReport report = verify(tables_up_to(4));
    EXPECT_EQ(report.violations, 0u)
        << (report.examples.empty() ? "" : describe(report.examples[0]));
    std::uint64_t total = 0;
    for (const auto& [s, t] : tables_up_to(4).tables()) total += t->values.size();
    EXPECT_EQ(report.positions_checked, total);
}

// A copy of the set with one value of one slice replaced.
TableSet with_value(const TableSet& set, Slice slice, std::uint64_t id, Value v) {
    TableSet out;
    for (const auto& [s, t] : set.tables()) {
        if (s != slice) {
            out.add(t);
            continue;
        }
        auto copy = std::make_shared<SliceTable>(*t);
        copy->values[id] = v;
        out.add(copy);
    }
    return out;
}

// Corrupts `count` random values of the set, one at a time.
void corrupt_and_verify(const TableSet& set, int count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    int tried = 0;
    for (int attempt = 0; tried < count && attempt < 100000; ++attempt) {
        const auto c = testing::random_corruption(set, rng);
        if (!c) continue;
        ++tried;
        testing::expect_reported_alone(with_value(set, c->slice, c->id, encode(c->changed)), *c);
    }
    EXPECT_EQ(tried, count);
}

TEST(Verifier, ReportsEachCorruptedValueUpTo3Pieces) {
    corrupt_and_verify(tables_up_to(3), 40, 42);
}

TEST(SlowVerifier, ReportsEachCorruptedValueUpTo4Pieces) {
    corrupt_and_verify(tables_up_to(4), 10, 7);
}

TEST(Verifier, CatchesTheFirstFoundDistanceBug) {
    const TableSet broken = build_up_to(4, BuildMethod::FirstFoundForTesting);
    const VerifyReport report = verify(broken);
    ASSERT_GT(report.violations, 0u);
    // The same report, first examples included, on one thread.
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
    const VerifyReport serial = verify(broken);
    EXPECT_EQ(serial.violations, report.violations);
    ASSERT_EQ(serial.examples.size(), report.examples.size());
    for (std::size_t i = 0; i < serial.examples.size(); ++i) {
        EXPECT_EQ(serial.examples[i].position, report.examples[i].position);
        EXPECT_EQ(serial.examples[i].rule, report.examples[i].rule);
    }
    std::cout << "first-found builder: " << report.violations << " violations, e.g.\n"
              << describe(report.examples[0]);
}

}  // namespace
}  // namespace retrocheck::tb
