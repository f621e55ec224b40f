// The chess engine's commands as a user runs them. play-out: our engine mates the KQvK of the
// issue within DTM + 10; random won KBNvK games against Debian's stockfish run end to end and
// report its conversion; an engine that plays an illegal move, starts that are not wins or not in
// the tables, and tables without DTM are refused naming the problem. search: a chess FEN is
// searched in SAN, exactly through tables when given; bench --game chess is deterministic.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "apps/tests/cli_run.h"
#include "tablebases/tests/scratch.h"

namespace {

const std::string kQueen = "'8/8/8/5k2/8/8/1Q6/K7 w - - 0 1'";

std::string fake(const std::string& args) {
    return std::string("--engine '") + FAKE_ENGINE + " " + args + "'";
}

const std::filesystem::path& tables() {
    static const std::filesystem::path dir = [] {
        const auto d = retrocheck::tb::testing::scratch("play-out");
        const CliRun r = run("build chess --material KQvK,KBNvK --out " + d.string());
        EXPECT_EQ(r.status, 0) << r.out;
        return d;
    }();
    return dir;
}

TEST(PlayOutCli, OurEngineMatesTheQueenEndingWithinTheSlack) {
    const CliRun r = run("play-out --db " + tables().string() + " " + kQueen + " --nodes 20000");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_TRUE(contains(r.out, "KQvK, DTM 19 plies (10 moves)")) << r.out;
    EXPECT_TRUE(contains(r.out, "#\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "every game converted")) << r.out;
    const CliRun j = run("play-out --json --db " + tables().string() + " " + kQueen, "2>/dev/null");
    ASSERT_EQ(j.status, 0) << j.out;
    const auto doc = nlohmann::json::parse(j.out);
    const auto& game = doc["games"][0];
    EXPECT_TRUE(game["mated"].get<bool>());
    EXPECT_LE(game["over"].get<int>(), 10);
    EXPECT_EQ(game["dtm_plies"], 19);
    EXPECT_EQ(doc["materials"][0]["converted"], 1);
    EXPECT_TRUE(doc["endgame_knowledge"].get<bool>());
}

TEST(PlayOutCli, StockfishPlaysRandomKbnkGamesEndToEnd) {
    const CliRun j = run("play-out --json --db " + tables().string() +
                             " --material KBNvK --games 3 --seed 7 --engine stockfish "
                             "--nodes 20000 --slack 40",
                         "2>/dev/null");
    ASSERT_TRUE(j.status == 0 || j.status == 1) << j.out;
    const auto doc = nlohmann::json::parse(j.out);
    EXPECT_TRUE(doc["attacker"].get<std::string>().starts_with("Stockfish")) << doc["attacker"];
    ASSERT_EQ(doc["games"].size(), 3u);
    EXPECT_EQ(doc["materials"][0]["material"], "KBNvK");
    EXPECT_EQ(doc["materials"][0]["games"], 3);
    for (const auto& g : doc["games"]) {
        EXPECT_EQ(g["error"], "") << g;
        EXPECT_GT(g["moves_used"].get<int>(), 0) << g;
    }
    EXPECT_EQ(j.status == 0, doc["converted"].get<bool>());
}

TEST(PlayOutCli, AGameNotConvertedExitsOneAndAnIllegalEngineMoveIsNamed) {
    // The fake engine plays the first legal move it generates: it does not mate in 10 + 0.
    const CliRun slow =
        run("play-out --db " + tables().string() + " " + kQueen + " --slack 0 " + fake(""));
    EXPECT_EQ(slow.status, 1) << slow.out;
    EXPECT_TRUE(contains(slow.out, "not converted")) << slow.out;
    const std::string junit =
        (retrocheck::tb::testing::scratch("play-out-junit") / "j.xml").string();
    const CliRun illegal = run("play-out --db " + tables().string() + " " + kQueen + " " +
                               fake("--bestmove e2e4") + " --junit " + junit);
    EXPECT_EQ(illegal.status, 2) << illegal.out;
    EXPECT_TRUE(contains(illegal.out, "bestmove e2e4")) << illegal.out;
    EXPECT_TRUE(std::filesystem::exists(junit));
}

TEST(PlayOutCli, StartsAndTablesThatCannotBePlayedAreRefused) {
    const std::string db = " --db " + tables().string() + " ";
    const CliRun missing = run("play-out" + db + "'8/8/8/5k2/8/8/8/K6R w - - 0 1'");
    EXPECT_EQ(missing.status, 2) << missing.out;
    EXPECT_TRUE(contains(missing.out, "not in the tables")) << missing.out;  // no KRvK built
    const CliRun draw = run("play-out" + db + "'8/8/8/5k2/8/8/8/K6N w - - 0 1'");
    EXPECT_EQ(draw.status, 2) << draw.out;
    EXPECT_TRUE(contains(draw.out, "does not win (draw)")) << draw.out;
    const CliRun lost = run("play-out" + db + "'8/8/8/8/8/5k2/4q3/7K w - - 0 1'");
    EXPECT_EQ(lost.status, 2) << lost.out;
    EXPECT_TRUE(contains(lost.out, "does not win")) << lost.out;
    const CliRun castle = run("play-out" + db + "'4k3/8/8/8/8/8/8/R3K3 w Q - 0 1'");
    EXPECT_EQ(castle.status, 2) << castle.out;
    EXPECT_TRUE(contains(castle.out, "castling")) << castle.out;
    const CliRun both = run("play-out" + db + kQueen + " --nodes 10 --time 1");
    EXPECT_EQ(both.status, 2) << both.out;
    const CliRun bad = run("play-out" + db + "--material KXvK");
    EXPECT_EQ(bad.status, 2) << bad.out;
    const auto empty = retrocheck::tb::testing::scratch("play-out-empty");
    const CliRun none = run("play-out --db " + empty.string() + " " + kQueen);
    EXPECT_EQ(none.status, 2) << none.out;
    EXPECT_TRUE(contains(none.out, "no DTM tables")) << none.out;
}

TEST(ChessSearchCli, SearchesInSanAndExactlyThroughTheTables) {
    const CliRun plain = run("search " + kQueen + " --nodes 50000");
    ASSERT_EQ(plain.status, 0) << plain.out;
    EXPECT_TRUE(contains(plain.out, "best move: Q")) << plain.out;
    EXPECT_TRUE(contains(plain.out, "(heuristic)")) << plain.out;
    const CliRun j =
        run("search --json --db " + tables().string() + " " + kQueen + " --depth 4", "2>/dev/null");
    ASSERT_EQ(j.status, 0) << j.out;
    const auto doc = nlohmann::json::parse(j.out);
    EXPECT_EQ(doc["score_text"], "win in 19 plies");
    EXPECT_EQ(doc["score_kind"], "table_win");
    EXPECT_EQ(doc["value"]["plies"], 19);
    EXPECT_EQ(doc["value"]["metric"], "dtm");
    // Mate in one, found by the search alone.
    const CliRun mate =
        run("search --json '6k1/8/6K1/8/8/8/8/R7 w - - 0 1' --depth 4", "2>/dev/null");
    const auto m = nlohmann::json::parse(mate.out);
    EXPECT_EQ(m["best_move"], "Ra8#");
    EXPECT_EQ(m["score_text"], "win in 1 ply");
    const CliRun no_db = run("search --db /nonexistent/db " + kQueen);
    EXPECT_EQ(no_db.status, 2) << no_db.out;
}

TEST(PgnCli, FlagsTheMoveThatThrowsTheWinAway) {
    const std::string games = std::string(RETROCHECK_TEST_DATA) + "/blunder.pgn";
    const CliRun r = run("pgn " + games + " --db " + tables().string());
    EXPECT_EQ(r.status, 1) << r.out;
    EXPECT_TRUE(contains(r.out, "ERROR ply 3, 2. Qe5+ (White) turns a win into a draw")) << r.out;
    EXPECT_TRUE(contains(r.out, "2 games, 1 move that change the game's value")) << r.out;
    const CliRun plain = run("pgn " + games);
    EXPECT_EQ(plain.status, 0) << plain.out;
    const auto illegal = retrocheck::tb::testing::scratch("pgn-illegal") / "illegal.pgn";
    std::ofstream(illegal) << "[Event \"x\"]\n1. e4 e5 2. Ke3 *\n";
    const CliRun bad = run("pgn " + illegal.string());
    EXPECT_EQ(bad.status, 2) << bad.out;
    EXPECT_TRUE(contains(bad.out, "game 1, move 2 (White) 'Ke3'")) << bad.out;
    EXPECT_TRUE(contains(bad.out, "legal: Ke2 ")) << bad.out;
}

TEST(ChessSearchCli, BenchCountsTheSameNodesEveryRun) {
    const auto count = [] {
        const CliRun r = run("bench --game chess --depth 6 --json", "2>/dev/null");
        EXPECT_EQ(r.status, 0) << r.out;
        return nlohmann::json::parse(r.out)["nodes"].get<std::uint64_t>();
    };
    const std::uint64_t first = count();
    EXPECT_GT(first, 1000u);
    EXPECT_EQ(count(), first);
}

}  // namespace
