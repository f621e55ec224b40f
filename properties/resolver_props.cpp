// The capture resolver over capture-free sources with coverage gaps: for random positions of
// 2-6 pieces and random slices taken out, it ends within its bound, never gives a value other
// than the full table's, and answers every position the tables cover when nothing is taken
// out. Tables: every slice up to 4 pieces (positions of 5-6 pieces check termination and that
// a missing slice is reported, not guessed).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <atomic>
#include <iostream>
#include <set>

#include "engine/checkers/diagram.h"
#include "properties/checkers_gen.h"
#include "tablebases/build/builder.h"
#include "tablebases/probe/resolver.h"

namespace retrocheck::tb {
namespace {

using checkers::Position;

const TableSet& tables() {
    static const TableSet set = build_up_to(4, BuildMethod::OutCounting);
    return set;
}

std::atomic<std::uint64_t> largest_work{0};

RC_GTEST_PROP(CaptureResolver, EndsAndNeverGuessesWithGaps, ()) {
    const int pieces = *rc::gen::inRange(2, 7);
    const Position pos = *checkers::gen::position_with(pieces);
    checkers::classify(pos);
    std::vector<Slice> all;
    for (const auto& [s, t] : tables().tables()) all.push_back(s);
    const auto picks = *rc::gen::container<std::vector<std::size_t>>(
        *rc::gen::inRange<std::size_t>(0, 4), rc::gen::inRange<std::size_t>(0, all.size()));
    std::set<Slice> gaps;
    for (std::size_t i : picks) gaps.insert(all[i]);

    const MemorySource source(tables());
    const CaptureFreeSource capture_free(source);
    const GappySource gappy(capture_free, gaps);
    const ResolverLimits limits;
    std::uint64_t work = 0;
    const ProbeResult r = CaptureResolver(gappy, limits).resolve(pos, work);
    for (std::uint64_t seen = largest_work; work > seen;)
        if (largest_work.compare_exchange_weak(seen, work)) break;
    RC_TAG(r.status == ProbeStatus::Ok ? "resolved" : to_string(r.status));
    RC_ASSERT(r.status != ProbeStatus::TooMuchWork);
    RC_ASSERT(work <= limits.max_work);
    const auto truth = tables().probe(pos);
    if (r.status == ProbeStatus::Ok && truth && r.value != *truth)
        RC_FAIL("resolver " + r.value.to_string() + ", table " + truth->to_string() + " for\n" +
                checkers::describe(pos));
    if (truth) {
        const ProbeResult plain = CaptureResolver(capture_free, limits).probe(pos);
        if (plain.status != ProbeStatus::Ok)
            RC_FAIL(std::string(to_string(plain.status)) + " without gaps: " + plain.error + "\n" +
                    checkers::describe(pos));
    }
}

TEST(CaptureResolver, LargestWorkSeen) {
    std::cout << "largest work per probe in the resolver property: " << largest_work << "\n";
}

}  // namespace
}  // namespace retrocheck::tb
