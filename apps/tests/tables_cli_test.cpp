// build, verify, stats and probe as a user runs them, on 2-4 pieces (a few seconds).
#include <gtest/gtest.h>
#include <algorithm>

#include <filesystem>
#include <map>
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
    const auto j = nlohmann::json::parse(r.out);
    for (const auto& s : j["slices"]) {
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
        EXPECT_EQ(s["material"], "1K v 1K");
        EXPECT_EQ(s["longest_win"]["value"]["plies"], 11);
        EXPECT_EQ(s["quiet_wins"], 140);
        EXPECT_EQ(s["quiet_draws"], 650);
        EXPECT_EQ(s["quiet_losses"], 108);
        EXPECT_EQ(s["capture_positions"], 992 - 140 - 650 - 108);
        // The longest win it names probes as a win in 11.
        const CliRun p = run("probe " + four_pieces().string() + " '" +
                             s["longest_win"]["fen"].get<std::string>() + "' --json");
        ASSERT_EQ(p.status, 0) << p.out;
        const auto pj = nlohmann::json::parse(p.out);
        EXPECT_EQ(pj["value"],
                  nlohmann::json({{"result", "win"}, {"plies", 11}, {"metric", "dtw"}}));
        // The best move leads to a loss in 10 for the opponent, its side to move.
        EXPECT_EQ(pj["moves"][0]["value"]["result"], "loss");
        EXPECT_EQ(pj["moves"][0]["value"]["plies"], 10);
    }
    EXPECT_EQ(found, 2);  // Black to move and White to move
}

TEST(TablesCli, ProbeOldburyDiagram17) {
    // White to move loses (CHECKERS.md); every move loses, the best one last longest.
    const CliRun r = run("probe " + four_pieces().string() + " 'W:WK17,24:B8,K18' --json");
    ASSERT_EQ(r.status, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["fen"], "W:WK17,24:B8,K18");
    EXPECT_EQ(j["value"], nlohmann::json({{"result", "loss"}, {"plies", 18}, {"metric", "dtw"}}));
    ASSERT_FALSE(j["moves"].empty());
    // Every move leads to a win for Black; the best (first) one is the longest, one ply less.
    EXPECT_EQ(j["moves"][0]["move"], "24-19");
    EXPECT_EQ(j["moves"][0]["fen"], "B:WK17,19:B8,K18");
    EXPECT_EQ(j["moves"][0]["value"]["plies"], 17);
    for (const auto& m : j["moves"]) {
        EXPECT_EQ(m["value"]["result"], "win");
        EXPECT_LE(m["value"]["plies"].get<int>(), 17);
    }
    // Black to move: a draw.
    const auto b = nlohmann::json::parse(
        run("probe " + four_pieces().string() + " 'B:WK17,24:B8,K18' --json").out);
    EXPECT_EQ(b["value"],
              nlohmann::json({{"result", "draw"}, {"plies", nullptr}, {"metric", "dtw"}}));
}

TEST(TablesCli, BadInputIsNamed) {
    expect_refused("probe " + four_pieces().string() + " 'W:W21,22,23:B1,2'",
                   "holds no value for W:W21,22,23:B1,2 (slice bm2bk0wm3wk0, 3M v 2M)");
    expect_refused("verify /nonexistent/tables", "/nonexistent/tables");
    expect_refused("verify /nonexistent/tables", "No such file or directory");
    expect_refused("build checkers --pieces 0 --out /tmp/x", "--pieces");
    expect_refused("build chess --material KXvK --out /tmp/x", "'X' is not one of Q R B N P");
    expect_refused("build chess --out /tmp/x", "give --material or --pieces");
    expect_refused("build checkers --pieces 3 --material KQvK --out /tmp/x", "--material");
}

// build --plan builds nothing: per table its slots and memory, times at the rate given, the
// totals, and a critical path that is a chain of tables each read by the one before it.
TEST(TablesCli, BuildPlanSizesACheckersEightPieceBuild) {
    const CliRun r = run("build checkers --pieces 8 --plan --rate 1000000 --json");
    ASSERT_EQ(r.status, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    std::uint64_t slots = 0;
    std::map<std::string, nlohmann::json> by_name;
    for (const auto& s : j["slices"]) {
        slots += s["slots"].get<std::uint64_t>();
        EXPECT_NEAR(s["seconds"].get<double>(), s["slots"].get<double>() / 1e6, 0.001);
        by_name[s["name"]] = s;
    }
    // Every slice of up to 8 pieces, with each side to move.
    EXPECT_EQ(j["slices"].size(), 495u);
    EXPECT_EQ(j["total_slots"], slots);
    EXPECT_EQ(by_name.at("bm0bk1wm0wk1")["slots"], 2 * 32 * 31);
    const auto& path = j["critical_path"];
    ASSERT_GE(path.size(), 2u);
    EXPECT_EQ(path.front(), "bm4bk0wm4wk0");  // the last built is its head
    double chain = 0;
    for (const auto& name : path) chain += by_name.at(name)["seconds"].get<double>();
    EXPECT_NEAR(j["critical_path_seconds"].get<double>(), chain,
                0.01 * static_cast<double>(path.size()));
    EXPECT_LT(j["critical_path_seconds"].get<double>(), j["total_seconds"].get<double>());
    // The peak is the largest slice's memory, within the budget (the least it can be is the
    // most one slice needs with its largest successor).
    std::uint64_t most = 0;
    for (const auto& s : j["slices"]) most = std::max(most, s["memory_bytes"].get<std::uint64_t>());
    EXPECT_EQ(j["peak_memory_bytes"], most);
    EXPECT_EQ(by_name.at(j["peak_memory_slice"])["memory_bytes"], most);
    EXPECT_LE(j["least_memory_bytes"], j["memory_budget_bytes"]);
    EXPECT_LE(most, j["memory_budget_bytes"].get<std::uint64_t>());
    // With room for every successor at once, the largest build is the slice with the most
    // successors' slots beside its own.
    const CliRun roomy =
        run("build checkers --pieces 8 --plan --rate 1000000 --json --memory 1TiB");
    ASSERT_EQ(roomy.status, 0) << roomy.out;
    const auto k = nlohmann::json::parse(roomy.out);
    EXPECT_EQ(k["peak_memory_slice"], "bm2bk2wm2wk2");
    for (const auto& s : k["slices"]) EXPECT_LE(s["successor_groups"], 1) << s.dump();
    expect_refused("build checkers --pieces 3", "--out DIR is required (or --plan)");
    const CliRun chess = run("build chess --material KQRvKR --plan --rate 1e7");
    ASSERT_EQ(chess.status, 0) << chess.out;
    EXPECT_NE(chess.out.find("critical path: 3 materials"), std::string::npos) << chess.out;
    EXPECT_NE(chess.out.find("KQRvKR <- KQRvK <- KQvK"), std::string::npos) << chess.out;
}

TEST(TablesCli, VerifyRefusesADamagedFileByName) {
    const fs::path dir = retrocheck::tb::testing::scratch("damaged");
    fs::copy(four_pieces(), dir);
    const fs::path victim = dir / "bm1bk1wm1wk1.rctb";
    std::string bytes = retrocheck::tb::testing::slurp(victim);
    bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x10);
    retrocheck::tb::testing::spit(victim, bytes);
    const CliRun r = run("verify " + dir.string());
    EXPECT_EQ(r.status, 2);  // could not run: a damaged file is not a finding about its values
    EXPECT_TRUE(contains(r.out, victim.string())) << r.out;
    EXPECT_TRUE(contains(r.out, "checksum does not match")) << r.out;
}

}  // namespace
