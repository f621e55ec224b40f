// build, verify, stats and probe as a user runs them, on 2-4 pieces (a few seconds).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "apps/tests/cli_run.h"
#include "apps/tests/four_pieces.h"
#include "tablebases/tests/scratch.h"

namespace {

namespace fs = std::filesystem;

TEST(TablesCli, BuildThenVerifyPasses) {
    const CliRun r = run("verify " + four_pieces().string() + " --json");
    ASSERT_EQ(r.status, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["positions_checked"], 14722182);
    EXPECT_EQ(j["violations"], 0);
    EXPECT_TRUE(j["examples"].empty());
}

TEST(TablesCli, StatsKingAgainstKing) {
    const CliRun r = run("stats " + four_pieces().string() + " --json");
    ASSERT_EQ(r.status, 0) << r.out;
    int found = 0;
    for (const auto& s : nlohmann::json::parse(r.out)) {
        if (s["black_men"] != 0 || s["black_kings"] != 1 || s["white_men"] != 0 ||
            s["white_kings"] != 1)
            continue;
        ++found;
        // Published: with White (or, by symmetry, Black) to move 230 wins, 654 draws, 108
        // losses, the longest win 11 plies; 140 / 650 / 108 where neither side can capture.
        EXPECT_EQ(s["positions"], 992);
        EXPECT_EQ(s["wins"], 230);
        EXPECT_EQ(s["draws"], 654);
        EXPECT_EQ(s["losses"], 108);
        EXPECT_EQ(s["longest_win_plies"], 11);
        EXPECT_EQ(s["quiet_wins"], 140);
        EXPECT_EQ(s["quiet_draws"], 650);
        EXPECT_EQ(s["quiet_losses"], 108);
        EXPECT_EQ(s["capture_positions"], 992 - 140 - 650 - 108);
        // The longest win it names probes as a win in 11.
        const CliRun p = run("probe " + four_pieces().string() + " '" +
                             s["longest_win_fen"].get<std::string>() + "' --json");
        ASSERT_EQ(p.status, 0) << p.out;
        const auto pj = nlohmann::json::parse(p.out);
        EXPECT_EQ(pj["result"], "win");
        EXPECT_EQ(pj["dtw"], 11);
        EXPECT_EQ(pj["moves"][0]["dtw"], 11);
    }
    EXPECT_EQ(found, 2);  // Black to move and White to move
}

TEST(TablesCli, ProbeOldburyDiagram17) {
    // White to move loses (CHECKERS.md); every move loses, the best one last longest.
    const CliRun r = run("probe " + four_pieces().string() + " 'W:WK17,24:B8,K18' --json");
    ASSERT_EQ(r.status, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["fen"], "W:WK17,24:B8,K18");
    EXPECT_EQ(j["result"], "loss");
    ASSERT_FALSE(j["moves"].empty());
    EXPECT_EQ(j["moves"][0]["dtw"], j["dtw"]);
    for (const auto& m : j["moves"]) {
        EXPECT_EQ(m["result"], "loss");
        EXPECT_LE(m["dtw"].get<int>(), j["dtw"].get<int>());
    }
    // Black to move: a draw.
    const auto b = nlohmann::json::parse(
        run("probe " + four_pieces().string() + " 'B:WK17,24:B8,K18' --json").out);
    EXPECT_EQ(b["result"], "draw");
    EXPECT_TRUE(b["dtw"].is_null());
}

TEST(TablesCli, BadInputIsNamed) {
    expect_refused("probe " + four_pieces().string() + " 'W:W21,22,23:B1,2'",
                   "no table for slice bm2bk0wm3wk0");
    expect_refused("verify /nonexistent/tables", "/nonexistent/tables");
    expect_refused("build checkers --pieces 0 --out /tmp/x", "--pieces", 0);
    expect_refused("build chess --pieces 3 --out /tmp/x", "chess", 0);
}

TEST(TablesCli, VerifyRefusesADamagedFileByName) {
    const fs::path dir = retrocheck::tb::testing::scratch("damaged");
    fs::copy(four_pieces(), dir);
    const fs::path victim = dir / "bm1bk1wm1wk1.rctb";
    std::string bytes = retrocheck::tb::testing::slurp(victim);
    bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x10);
    retrocheck::tb::testing::spit(victim, bytes);
    const CliRun r = run("verify " + dir.string());
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.out, victim.string())) << r.out;
    EXPECT_TRUE(contains(r.out, "checksum does not match")) << r.out;
}

}  // namespace
