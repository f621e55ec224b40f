// The `retrocheck` command as a user runs it: output, JSON and exit codes.
#include <gtest/gtest.h>

#include "apps/tests/cli_run.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

namespace {

TEST(Cli, ShowOldburyDiagram17) {
    const CliRun r = run("show 'W:WK17,24:B8,K18'");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_TRUE(contains(r.out, "W:WK17,24:B8,K18")) << r.out;
    EXPECT_TRUE(contains(r.out, "|   W   B   .   . |   17 18 19 20")) << r.out;  // WK17, BK18
    EXPECT_TRUE(contains(r.out, "| .   .   .   w   |   21 22 23 24")) << r.out;  // white man 24
    EXPECT_TRUE(contains(r.out, "| .   .   .   b   |    5  6  7  8")) << r.out;  // black man 8
    EXPECT_TRUE(contains(r.out, "White to move")) << r.out;
    for (const char* m : {"17-13", "17-14", "17-21", "17-22", "24-19", "24-20"})
        EXPECT_TRUE(contains(r.out, m)) << m << " missing in\n" << r.out;
}

// probe lists every move best first for the side to move: the quickest win, then the slower
// ones, then the draw.
TEST(Cli, ProbeListsTheMovesBestFirst) {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("retrocheck-probe-order-" + std::to_string(::getpid()));
    ASSERT_EQ(run("build checkers --pieces 3 --quiet --out " + dir.string()).status, 0);
    const CliRun r = run("probe " + dir.string() + " 'B:WK22:BK31,K1' --json");
    ASSERT_EQ(r.status, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["value"]["plies"], 11) << r.out;
    ASSERT_EQ(j["moves"].size(), 4u) << r.out;
    EXPECT_EQ(j["moves"][0]["move"], "1-6") << r.out;  // the child: a loss in 10
    EXPECT_EQ(j["moves"][0]["value"]["plies"], 10) << r.out;
    EXPECT_EQ(j["moves"][1]["value"]["plies"], 12) << r.out;
    EXPECT_EQ(j["moves"][2]["value"]["plies"], 12) << r.out;
    EXPECT_EQ(j["moves"][3]["move"], "31-26") << r.out;  // the draw last
    std::filesystem::remove_all(dir);
}

TEST(Cli, ShowRejectsAnOffBoardSquare) { expect_refused("show 'W:W17,K99:B8'", "'K99'"); }

TEST(Cli, MovesListsOnePerLine) {
    const CliRun r = run("moves 'B:W15,24,23:B10'");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(r.out, "10x19x26\n10x19x28\n");
}

TEST(Cli, PerftJsonWithDivide) {
    const CliRun r = run("perft 3 --divide --json");
    ASSERT_EQ(r.status, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["nodes"], 302);
    EXPECT_EQ(j["depth"], 3);
    EXPECT_EQ(j["fen"], "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    EXPECT_TRUE(j["seconds"].is_number());
    EXPECT_TRUE(j["nodes_per_second"].is_number_integer());
    std::uint64_t sum = 0;
    for (const auto& [move, n] : j["divide"].items()) sum += n.get<std::uint64_t>();
    EXPECT_EQ(sum, 302u);
    EXPECT_EQ(j["divide"].size(), 7u);
}

TEST(Cli, PerftFromAFenWithThreads) {
    const CliRun r = run("perft 'W:WK17,24:B8,K18' 6 --threads 2 --json");
    ASSERT_EQ(r.status, 0) << r.out;
    const CliRun serial = run("perft 'W:WK17,24:B8,K18' 6 --json");
    EXPECT_EQ(nlohmann::json::parse(r.out)["nodes"], nlohmann::json::parse(serial.out)["nodes"]);
}

TEST(Cli, PerftPrintsNodesAndRate) {
    const CliRun r = run("perft 8");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_TRUE(contains(r.out, "845,931")) << r.out;
    EXPECT_TRUE(contains(r.out, "nodes/s")) << r.out;
}

TEST(Cli, BadInputFailsWithOneLine) {
    expect_refused("perft x", "'x'");
    expect_refused("perft -3", "-3");
    expect_refused("perft 'B:W21-32:B1-12' 2 3", "3");
    expect_refused("perft 99", "depth 99");
    expect_refused("perft 'Q:W1:B2' 3", "'Q:W1:B2'");
    expect_refused("show ''", "an empty FEN");
    expect_refused("moves 'B:W17:B8,8'", "used twice");
    expect_refused("frobnicate", "unknown command 'frobnicate'");
}

// What used to be accepted where it means nothing: an empty FEN taken for the start position, a
// FEN cut short taken for an empty board, a negative or overflowing budget wrapped into no
// limit, a time that is not a number, a report without a name; and a seven-rank chess FEN named
// a bad checkers FEN.
TEST(Cli, NothingMeaninglessIsAccepted) {
    expect_refused("search ''", "an empty FEN");
    expect_refused("perft '' 1", "an empty FEN");
    expect_refused("show W", "no white list in 'W'");
    expect_refused("prove --nodes -1", "--nodes: expected a whole number of 0 or more, got '-1'");
    expect_refused("prove --nodes 18446744073709551616",
                   "--nodes: expected a number that fits in 64 bits");
    expect_refused("prove --time nan", "--time");
    expect_refused("perft-diff --engine stockfish 1 --call-time nan",
                   "--call-time: expected a finite number, got 'nan'");
    expect_refused("perft 3 --threads -1", "--threads");
    expect_refused("verify /nonexistent --junit ''", "--junit: an empty file name");
    expect_refused("show '8/8/8/8/8/8/K6k w - - 0 1'", "has 7 ranks, not 8");
}

}  // namespace
