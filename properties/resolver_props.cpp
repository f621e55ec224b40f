// The capture resolver over capture-free sources, against our full tables up to 4 pieces (built
// in memory, about 3 seconds; the properties then take about a second). All of them belong to the
// fast stage (Fast*); none needs the 5-piece tables that search_props.cpp reads.
//
// Exact values: over the capture-free export of the tables, the resolver gives exactly the full
// table's value (win/draw/loss and distance; win/draw/loss again when the source has no
// distances) on random 2-4 piece positions weighted toward what breaks resolvers: threats (only
// the side not to move can capture), threat graphs where kings step out of a threat into one of
// their own and back (with and without cycles), captures answered by captures, capture moves of
// different values, positions where every capture loses, and plain positions. Its work bound
// holds exactly: the work a probe reports is enough, and under any smaller bound the probe stops
// at the first position past it.
//
// Gaps: with random slices taken out and positions of 2-6 pieces, it ends within its bound,
// never gives a value other than the full table's, and answers every position the tables cover
// when nothing is taken out (tablebases/tests/resolver_check.h).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <atomic>
#include <functional>
#include <iostream>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "properties/checkers_gen.h"
#include "tablebases/probe/resolver_cases.h"
#include "tablebases/tests/resolver_check.h"
#include "tablebases/tests/tables.h"

namespace retrocheck::tb {
namespace {

using checkers::Position;

rc::Gen<Position> resolver_case(ResolverCase c, const TableSet& tables) {
    if (c != ResolverCase::ThreatCycle)
        return checkers::gen::position_where(2, 4, [c, &tables](const Position& p) {
            return is_case(c, p, [&tables](const Position& q) { return tables.probe(q); });
        });
    const auto& cycles = threat_cycles();
    RC_ASSERT(cycles.size() >= 4u);  // the corpus alone holds four
    return rc::gen::elementOf(cycles);
}

// The values a source gives without their distances (what Chinook and Cake hold).
class WldOnlySource final : public TableSource {
  public:
    explicit WldOnlySource(const TableSource& inner) : inner_(inner) {}
    ProbeResult probe(const Position& pos) const override {
        ProbeResult r = inner_.probe(pos);
        r.value = r.value.wld_only();
        return r;
    }
    bool has_distance() const override { return false; }

  private:
    const TableSource& inner_;
};

std::string shown(const ProbeResult& r) {
    if (r.status != ProbeStatus::Ok) return std::string(to_string(r.status)) + " " + r.error;
    return r.value.to_string();
}

// The position, then each move with the table's and the resolver's value of the child, so a
// failure shows which child the resolver gets wrong or combines wrongly.
std::string explain(const Position& pos, const TableSet& tables, const TableSource& resolver) {
    std::string s = checkers::describe(pos) + "children (values for the side to move there):\n";
    for (const auto& m : checkers::legal_moves(pos)) {
        const Position child = pos.after(m);
        s += "  " + checkers::format_move(m) + "  " + checkers::format_fen(child) +
             "  table: " + tables.probe(child)->to_string() +
             ", resolver: " + shown(resolver.probe(child)) + "\n";
    }
    return s;
}

RC_GTEST_PROP(FastResolver, EqualsTheFullTablesWhereResolversBreak, ()) {
    const TableSet& tables = testing::built_tables(4);
    int total = 0;
    for (const auto& k : resolver_cases()) total += k.weight;
    int draw = *rc::gen::inRange(0, total);
    ResolverCase c = ResolverCase::Plain;
    for (const auto& k : resolver_cases())
        if ((draw -= k.weight) < 0) {
            c = k.kind;
            break;
        }
    const Position pos = *resolver_case(c, tables);
    const Outcome truth = *tables.probe(pos);
    RC_TAG(label(c), to_string(truth.wld()));

    const MemorySource full(tables);
    const CaptureFreeSource capture_free(full);
    const CaptureResolver resolver(capture_free);
    std::uint64_t work = 0;
    const ProbeResult r = resolver.resolve(pos, work);
    if (r.status != ProbeStatus::Ok || r.value != truth)
        RC_FAIL("resolver: " + shown(r) + ", table: " + truth.to_string() + " (" + label(c) +
                ")\n" + explain(pos, tables, resolver));

    const WldOnlySource wld(capture_free);
    const CaptureResolver wld_resolver(wld);
    const ProbeResult w = wld_resolver.probe(pos);
    if (w.status != ProbeStatus::Ok || w.value != truth.wld_only())
        RC_FAIL("resolver over a source without distances: " + shown(w) +
                ", table: " + to_string(truth.wld()) + " (" + label(c) + ")\n" +
                explain(pos, tables, wld_resolver));

    // The bound on work: what the probe took is enough, and under any smaller bound the probe
    // stops at the first position past it.
    std::uint64_t again = 0;
    const ProbeResult enough = CaptureResolver(capture_free, {work}).resolve(pos, again);
    if (enough.status != ProbeStatus::Ok || enough.value != truth || again != work)
        RC_FAIL("with a bound of " + std::to_string(work) +
                " (the work the probe reported): " + shown(enough) + " after " +
                std::to_string(again) + " positions for\n" + checkers::describe(pos));
    for (std::uint64_t bound = 0; bound < work; ++bound) {
        std::uint64_t over = 0;
        const ProbeResult r_short = CaptureResolver(capture_free, {bound}).resolve(pos, over);
        if (r_short.status != ProbeStatus::TooMuchWork || over != bound + 1)
            RC_FAIL("with a bound of " + std::to_string(bound) + " (the probe takes " +
                    std::to_string(work) + "): " + shown(r_short) + " after " +
                    std::to_string(over) + " positions for\n" + checkers::describe(pos));
    }
}

std::atomic<std::uint64_t> largest_work{0};

RC_GTEST_PROP(FastResolver, EndsAndNeverGuessesWithGaps, ()) {
    const TableSet& tables = testing::built_tables(4);
    const checkers::Position pos = *checkers::gen::position_with(*rc::gen::inRange(2, 7));
    checkers::classify(pos);
    std::vector<Slice> all;
    for (const auto& entry : tables.tables()) all.push_back(entry.first);
    const auto picks = *rc::gen::container<std::vector<std::size_t>>(
        *rc::gen::inRange<std::size_t>(0, 4), rc::gen::inRange<std::size_t>(0, all.size()));
    std::set<Slice> gaps;
    for (std::size_t i : picks) gaps.insert(all[i]);
    std::uint64_t work = 0;
    const auto broken = testing::check_with_gaps(tables, pos, gaps, work);
    testing::keep_largest(largest_work, work);
    if (broken) RC_FAIL(*broken);
}

// Runs after the property (same file, registration order): the figure the issue asks for.
TEST(FastResolver, PrintsTheLargestWorkSeen) {
    EXPECT_GT(largest_work.load(), 0u) << "the property did not run";
    std::cout << "largest work per probe in the resolver property: " << largest_work << "\n";
}

}  // namespace
}  // namespace retrocheck::tb
