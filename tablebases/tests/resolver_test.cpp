// The capture resolver over our capture-free export equals the full tables, and ends where
// naive recursion cycles.
#include <gtest/gtest.h>

#include <algorithm>

#include "corpus/corpus_file.h"
#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "tablebases/checkers/build.h"
#include "tablebases/probe/resolver.h"
#include "tablebases/probe/resolver_cases.h"
#include "tablebases/tests/resolver_check.h"
#include "tablebases/tests/tables.h"

namespace retrocheck::tb {
namespace {

using checkers::Position;

using testing::built_tables;

void expect_no_mismatch(const testing::ResolverCheck& c, const char* what) {
    EXPECT_EQ(c.wrong, 0u) << c.first;
    std::cout << "resolver checked " << c.checked << " " << what << ", largest work per probe "
              << c.largest_work << "\n";
}

TEST(FastResolver, EqualsTheFullTablesOnEveryPositionUpTo4Pieces) {
    const TableSet& full = built_tables(4);
    const MemorySource source(full);
    const CaptureFreeSource capture_free(source);
    expect_no_mismatch(
        testing::check_resolver(CaptureResolver(capture_free), full, [](Slice) { return true; }),
        "positions up to 4 pieces");
}

TEST(Resolver, EqualsTheFullTablesOnRandom5PiecePositions) {
    // Positions from 5-piece slices whose moves lead to small slices only: all-king slices and
    // slices one crowning away (building every 5-piece slice belongs to check_5_pieces).
    const TableSet set = build_closure({Slice{0, 3, 0, 2}, Slice{0, 2, 0, 3}, Slice{1, 2, 0, 2},
                                        Slice{0, 2, 1, 2}, Slice{1, 1, 1, 2}, Slice{1, 2, 1, 1}},
                                       BuildMethod::OutCounting);
    std::uint64_t slices5 = 0;
    for (const auto& entry : set.tables()) slices5 += entry.first.pieces() == 5;
    const MemorySource source(set);
    const CaptureFreeSource capture_free(source);
    const auto c = testing::check_resolver(
        CaptureResolver(capture_free), set, [](Slice s) { return s.pieces() == 5; },
        100'000 / slices5 + 1);
    EXPECT_GE(c.checked, 100'000u);
    expect_no_mismatch(c, "random 5-piece positions");
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
// corpus/checkers.tsv (source "retrocheck loop detector") with their values: the resolver ends
// on each with the table's value.
TEST(FastResolver, EndsWhereNaiveRecursionCycles) {
    const MemorySource source(built_tables(4));
    const CaptureFreeSource capture_free(source);
    const auto entries = corpus::read_corpus(std::string(RETROCHECK_CORPUS_DIR) + "/checkers.tsv");
    ASSERT_TRUE(entries.ok()) << entries.error();
    int cases = 0;
    for (const corpus::Entry& e : *entries) {
        if (e.source != "retrocheck loop detector") continue;
        ++cases;
        const std::string line = "line " + std::to_string(e.line);
        std::vector<Position> stack;
        EXPECT_FALSE(naive_ends(capture_free, e.position, stack))
            << "naive recursion ends on " << line;
        std::uint64_t work = 0;
        const ProbeResult r = CaptureResolver(capture_free).resolve(e.position, work);
        ASSERT_EQ(r.status, ProbeStatus::Ok) << r.error;
        EXPECT_EQ(r.value, *built_tables(4).probe(e.position)) << line;
        EXPECT_EQ(r.value, e.verdict) << line;
    }
    EXPECT_GE(cases, 4);
}

// The cases resolvers are tested on (the resolver's properties, check-probe): the threat cycles
// are the 40 positions a search of every 2-4 piece position finds, the corpus's loop-detector
// positions among them; each kind holds for a position of it and not for one just outside it.
TEST(FastResolverCases, AreWhatTheySay) {
    const auto& cycles = threat_cycles();
    EXPECT_EQ(cycles.size(), 40u);
    const auto entries = corpus::read_corpus(std::string(RETROCHECK_CORPUS_DIR) + "/checkers.tsv");
    ASSERT_TRUE(entries.ok()) << entries.error();
    for (const corpus::Entry& e : *entries) {
        if (e.source != "retrocheck loop detector") continue;
        EXPECT_NE(std::find(cycles.begin(), cycles.end(), e.position), cycles.end())
            << checkers::describe(e.position);
    }
    const TableSet& tables = built_tables(4);
    const TrueValue value = [&tables](const Position& p) { return tables.probe(p); };
    const auto is = [&value](ResolverCase c, const char* fen) {
        return is_case(c, *checkers::parse_fen(fen), value);
    };
    for (const Position& p : cycles) {
        EXPECT_TRUE(is_case(ResolverCase::Threat, p, value)) << checkers::describe(p);
        EXPECT_TRUE(is_case(ResolverCase::ThreatGraph, p, value)) << checkers::describe(p);
        EXPECT_TRUE(is_case(ResolverCase::ThreatCycle, p, value)) << checkers::describe(p);
    }
    // White to move cannot take 18 (15 is taken); Black threatens 18x25.
    EXPECT_TRUE(is(ResolverCase::Threat, "W:W22:B15,18"));
    // Its one quiet move, 22-17, leaves no capture: a threat graph of one position.
    EXPECT_FALSE(is(ResolverCase::ThreatGraph, "W:W22:B15,18"));
    EXPECT_FALSE(is(ResolverCase::Threat, "W:W22:B18"));     // White takes first: 22x15
    EXPECT_FALSE(is(ResolverCase::Threat, "B:W22:B15,18"));  // Black to move takes
    // 18x25, then 30x21: two plies of captures; without the man on 30, one.
    EXPECT_TRUE(is(ResolverCase::CaptureChain, "B:W22,30:B18"));
    EXPECT_FALSE(is(ResolverCase::CaptureChain, "B:W22:B18,1"));
    for (const char* fen : {"B:W22,30:B18", "B:W22:B18,1", "W:W22:B15,18"})
        EXPECT_TRUE(is(ResolverCase::Plain, fen));
    int weights = 0;
    for (const auto& k : resolver_cases()) {
        EXPECT_STRNE(label(k.kind), "?");
        EXPECT_GT(k.weight, 0) << k.label;
        weights += k.weight;
    }
    EXPECT_EQ(resolver_cases().size(), 7u);
    EXPECT_EQ(weights, 100);
}

TEST(FastResolver, MissingSlicesAndTheWorkBoundHaveTheirOwnStatus) {
    const MemorySource source(built_tables(4));
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
