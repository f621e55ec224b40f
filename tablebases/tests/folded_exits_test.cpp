// A build handed its successors a group at a time (build/folded_exits.h) against the same build
// with every successor in one set: identical tables for checkers slices, chess DTM and chess
// DTZ50 (whose pawn moves are exits into the material's own earlier phases), whatever the
// grouping; an error, not a table, when a group misses a successor or repeats one.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "tablebases/build/driver.h"
#include "tablebases/checkers/game.h"
#include "tablebases/chess/build.h"
#include "tablebases/chess/dtz_game.h"
#include "tablebases/chess/game.h"
#include "tablebases/tests/tables.h"

namespace retrocheck::tb {
namespace {

template <typename G>
using Groups = std::vector<std::vector<typename G::Slice>>;

// The groups as a build reads them: each one a set of `done`'s tables, built when visited.
template <typename G>
SuccessorGroups<G> reading(const typename G::Tables& done, const Groups<G>& groups) {
    return [&done, groups](const std::function<void(const typename G::Tables&)>& visit) {
        for (const auto& group : groups) {
            typename G::Tables set;
            for (const auto& s : group) set.add(done.tables().at(s));
            visit(set);
        }
    };
}

// Each successor alone, the last first; and all of them in one group.
template <typename G>
std::vector<Groups<G>> groupings(const typename G::Slice& s) {
    const auto next = G::successors(s);
    Groups<G> alone;
    for (auto it = next.rbegin(); it != next.rend(); ++it) alone.push_back({*it});
    return {alone, {next}};
}

template <typename G>
void expect_same_table(const typename G::Slice& s, const typename G::Tables& done) {
    const auto whole = build_slice<G>(s, done, BuildMethod::OutCounting);
    for (const Groups<G>& groups : groupings<G>(s)) {
        const auto folded = build_slice<G>(s, reading<G>(done, groups), BuildMethod::OutCounting);
        EXPECT_TRUE(folded.values == whole.values)
            << G::name(s) << " with its successors in " << groups.size() << " groups";
    }
}

// Every slice up to three pieces, and one of four with men and kings on both sides (captures
// and crownings by either side).
TEST(FastFoldedExits, CheckersSlicesAreTheSameWhateverTheGroups) {
    const TableSet& done = testing::built_tables(4);
    int with_successors = 0;
    for (const auto& [s, table] : done.tables()) {
        if (s.pieces() > 3 && !(s == Slice{1, 1, 1, 1})) continue;
        if (CheckersGame::successors(s).size() < 2) continue;
        ++with_successors;
        expect_same_table<CheckersGame>(s, done);
    }
    EXPECT_GT(with_successors, 5);
}

chess::Material material(const char* name) { return *chess::Material::parse(name); }

// KPvK: promotions to four materials, and captures into KvK, valued without a table.
TEST(FastFoldedExits, ChessDtmIsTheSameWhateverTheGroups) {
    const auto kpk = material("KPvK");
    expect_same_table<chess::ChessGame>(kpk, chess::build_closure({kpk}, BuildMethod::OutCounting));
}

TEST(FastFoldedExits, ChessDtzWithItsPawnPhasesIsTheSameWhateverTheGroups) {
    const auto kpk = material("KPvK");
    expect_same_table<chess::ChessDtzGame>(
        kpk, chess::build_dtz_closure({kpk}, BuildMethod::OutCounting));
}

// KBvKP: captures by both sides, and the defender's promotions.
TEST(FoldedExits, ChessDtmAndDtzOfFourPiecesAreTheSameWhateverTheGroups) {
    const auto kbkp = material("KBvKP");
    expect_same_table<chess::ChessGame>(kbkp,
                                        chess::build_closure({kbkp}, BuildMethod::OutCounting));
    expect_same_table<chess::ChessDtzGame>(
        kbkp, chess::build_dtz_closure({kbkp}, BuildMethod::OutCounting));
}

TEST(FastFoldedExits, AMissingOrRepeatedSuccessorIsAnError) {
    using G = chess::ChessGame;
    const auto kpk = material("KPvK");
    const auto done = chess::build_closure({kpk}, BuildMethod::OutCounting);
    Groups<G> missing = groupings<G>(kpk).front(), twice = missing;
    missing.pop_back();
    twice.push_back(twice.front());
    for (const Groups<G>& groups : {missing, twice}) {
        try {
            build_slice<G>(kpk, reading<G>(done, groups), BuildMethod::OutCounting);
            ADD_FAILURE() << "built from " << groups.size() << " groups";
        } catch (const std::runtime_error& e) {
            EXPECT_NE(std::string(e.what()).find("KPvK"), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find("a successor missing"), std::string::npos)
                << e.what();
        }
    }
    EXPECT_THROW(
        build_slice<G>(kpk, reading<G>(done, {G::successors(kpk)}), BuildMethod::Grandfather),
        std::invalid_argument);
}

}  // namespace
}  // namespace retrocheck::tb
