// The capture resolver over our capture-free export equals the full tables, and ends where
// naive recursion cycles.
#include <gtest/gtest.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <fstream>
#include <mutex>
#include <random>
#include <set>

#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "tablebases/build/builder.h"
#include "tablebases/probe/resolver.h"

namespace retrocheck::tb {
namespace {

using checkers::Position;

const TableSet& four_pieces() {
    static const TableSet set = build_up_to(4, BuildMethod::OutCounting);
    return set;
}

struct Mismatches {
    std::atomic<std::uint64_t> count{0}, checked{0}, largest_work{0};
    std::mutex mutex;
    std::string first;

    void check(const CaptureResolver& resolver, const TableSet& full, const Position& pos) {
        std::uint64_t work = 0;
        const ProbeResult r = resolver.resolve(pos, work);
        const auto expected = full.probe(pos);
        ++checked;
        std::uint64_t seen = largest_work.load();
        while (work > seen && !largest_work.compare_exchange_weak(seen, work)) {
        }
        if (r.status == ProbeStatus::Ok && r.value == *expected) return;
        if (count++ > 0) return;
        std::lock_guard lock(mutex);
        first = "resolver: " + std::string(to_string(r.status)) + " " + r.value.to_string() + " " +
                r.error + ", table: " + expected->to_string() + "\n" + checkers::describe(pos);
    }
};

// Every position of every slice of `full` (or a random sample of `sample` a slice).
void expect_resolver_equals_tables(const TableSet& full, std::uint64_t sample = 0) {
    const MemorySource source(full);
    const CaptureFreeSource capture_free(source);
    const CaptureResolver resolver(capture_free);
    Mismatches m;
    for (const auto& entry : full.tables()) {
        const Slice slice = entry.first;
        const SliceTable* table = entry.second.get();
        const std::uint64_t n = sample ? sample : table->values.size();
        tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, n, 1024), [&](const auto& r) {
            std::mt19937_64 rng(r.begin() * 7919 + static_cast<std::uint64_t>(slice.pieces()));
            for (std::uint64_t i = r.begin(); i != r.end(); ++i) {
                const std::uint64_t id = sample ? rng() % table->values.size() : i;
                m.check(resolver, full, table->position(id));
            }
        });
    }
    EXPECT_EQ(m.count.load(), 0u) << m.first;
    std::cout << "resolver checked " << m.checked << " positions, largest work per probe "
              << m.largest_work << "\n";
}

TEST(Resolver, EqualsTheFullTablesOnEveryPositionUpTo4Pieces) {
    expect_resolver_equals_tables(four_pieces());
}

TEST(Resolver, EqualsTheFullTablesOnRandom5PiecePositions) {
    // All-king 5-piece slices and slices one crowning away: every slice they need is small.
    const TableSet set = build_closure({Slice{0, 3, 0, 2}, Slice{0, 2, 0, 3}, Slice{1, 2, 0, 2},
                                        Slice{0, 2, 1, 2}, Slice{1, 1, 1, 2}, Slice{1, 2, 1, 1}},
                                       BuildMethod::OutCounting);
    // 100,000 random positions over the 5-piece slices (the rest are checked exhaustively).
    std::uint64_t slices5 = 0;
    for (const auto& [s, t] : set.tables()) slices5 += s.pieces() == 5;
    const MemorySource source(set);
    const CaptureFreeSource capture_free(source);
    const CaptureResolver resolver(capture_free);
    Mismatches m;
    for (const auto& entry : set.tables()) {
        const SliceTable* table = entry.second.get();
        if (entry.first.pieces() != 5) continue;
        const std::uint64_t n = 100'000 / slices5 + 1;
        tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, n, 256), [&](const auto& r) {
            std::mt19937_64 rng(r.begin() + 17);
            for (std::uint64_t i = r.begin(); i != r.end(); ++i)
                m.check(resolver, set, table->position(rng() % table->values.size()));
        });
    }
    EXPECT_GE(m.checked.load(), 100'000u);
    EXPECT_EQ(m.count.load(), 0u) << m.first;
    std::cout << "resolver checked " << m.checked << " 5-piece positions, largest work per probe "
              << m.largest_work << "\n";
}

// Naive resolution: a stored position's value, otherwise the best over the children. Returns
// false when the recursion would revisit a position on its own stack (it would never end).
bool naive_ends(const TableSource& source, const Position& pos, std::vector<Position>& stack) {
    if (source.probe(pos).status == ProbeStatus::Ok) return true;
    if (std::find(stack.begin(), stack.end(), pos) != stack.end()) return false;
    stack.push_back(pos);
    bool ends = true;
    for (const auto& m : checkers::legal_moves(pos))
        if (ends) ends = naive_ends(source, pos.after(m), stack);
    stack.pop_back();
    return ends;
}

// Positions where naive recursion cycles (kings stepping in and out of threats), kept in
// corpus/checkers/resolver_cycles.txt with their values: the resolver ends on each with the
// table's value.
TEST(Resolver, EndsWhereNaiveRecursionCycles) {
    const MemorySource source(four_pieces());
    const CaptureFreeSource capture_free(source);
    std::ifstream corpus(std::string(RETROCHECK_CORPUS_DIR) + "/checkers/resolver_cycles.txt");
    ASSERT_TRUE(corpus) << "corpus/checkers/resolver_cycles.txt not found";
    int cases = 0;
    for (std::string line; std::getline(corpus, line);) {
        if (line.empty() || line[0] == '#') continue;
        const auto tab = line.find('\t');
        ASSERT_NE(tab, std::string::npos) << line;
        const auto pos = checkers::parse_fen(line.substr(0, tab));
        ASSERT_TRUE(pos.ok()) << pos.error();
        ++cases;
        std::vector<Position> stack;
        EXPECT_FALSE(naive_ends(capture_free, *pos, stack)) << "naive recursion ends on " << line;
        std::uint64_t work = 0;
        const ProbeResult r = CaptureResolver(capture_free).resolve(*pos, work);
        ASSERT_EQ(r.status, ProbeStatus::Ok) << r.error;
        EXPECT_EQ(r.value, *four_pieces().probe(*pos)) << line;
        EXPECT_EQ(r.value.to_string(), line.substr(tab + 1)) << line;
    }
    EXPECT_GE(cases, 1);
}

TEST(Resolver, MissingSlicesAndTheWorkBoundHaveTheirOwnStatus) {
    const MemorySource source(four_pieces());
    const CaptureFreeSource capture_free(source);
    // Five pieces: the source does not cover it, so nothing is guessed.
    const auto five = checkers::parse_fen("W:W21,22,23:B1,2");
    ASSERT_TRUE(five.ok());
    EXPECT_EQ(CaptureResolver(capture_free).probe(*five).status, ProbeStatus::Missing);
    // A bound of one position expanded cannot resolve a capture.
    const auto capture = checkers::parse_fen("B:W18:B14,K1");
    ASSERT_TRUE(capture.ok());
    const ProbeResult r = CaptureResolver(capture_free, {1}).probe(*capture);
    EXPECT_EQ(r.status, ProbeStatus::TooMuchWork);
    EXPECT_NE(r.error.find("more than 1 positions"), std::string::npos) << r.error;
}

}  // namespace
}  // namespace retrocheck::tb
