// search, bench and corpus as a user runs them.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "apps/tests/cli_run.h"
#include "apps/tests/four_pieces.h"
#include "tablebases/tests/scratch.h"
#include "tablebases/tests/thirdparty.h"

namespace {

TEST(SearchCli, Diagram17WithTablesIsATableLossAtOnce) {
    const CliRun r =
        run("search 'W:WK17,24:B8,K18' --depth 19 --json --db " + four_pieces().string());
    ASSERT_EQ(r.status, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["best_move"], "24-19");
    EXPECT_EQ(j["score_kind"], "table_loss");
    EXPECT_EQ(j["score_text"], "loss in 18 plies");
    // The root is in the tables: its exact value stands beside the score.
    EXPECT_EQ(j["value"], nlohmann::json({{"result", "loss"}, {"plies", 18}, {"metric", "dtw"}}));
    EXPECT_EQ(j["iterations"][0]["depth"], 1);
    EXPECT_EQ(j["iterations"][0]["score_kind"], "table_loss");
    EXPECT_GT(j["table_probes"].get<int>(), 0);
    EXPECT_EQ(j["pv"][0], "24-19");
    for (const char* key : {"score", "depth", "nodes", "tt_hit_rate"})
        EXPECT_TRUE(j[key].is_number()) << key;
}

// Chinook and Cake store win, draw or loss and no capture positions: the search reads them
// through the capture resolver, and their values carry no distance.
TEST(SearchCli, ThroughTheResolverOverChinookAndCake) {
    for (const char* format : {"chinook", "cake"}) {
        RETROCHECK_THIRDPARTY_OR_SKIP(dir, std::string("checkers/") + format);
        const CliRun r = run("search 'W:WK15,K20:B8,10,16' --depth 9 --json --db-format " +
                             std::string(format) + " --db " + dir.string());
        ASSERT_EQ(r.status, 0) << r.out;
        const auto j = nlohmann::json::parse(r.out);
        EXPECT_EQ(j["score_kind"], "table_win") << format;
        EXPECT_EQ(j["score_text"], "win") << format;
        EXPECT_EQ(j["value"],
                  nlohmann::json({{"result", "win"}, {"plies", nullptr}, {"metric", "wld"}}))
            << format;
        EXPECT_EQ(j["best_move"], "15x6") << format;
        EXPECT_GT(j["table_probes"].get<int>(), 0) << format;
        const auto d17 = nlohmann::json::parse(run("search 'W:WK17,24:B8,K18' --json --db-format " +
                                                   std::string(format) + " --db " + dir.string())
                                                   .out);
        EXPECT_EQ(d17["score_kind"], "table_loss") << format;
    }
}

TEST(SearchCli, Diagram17WithoutTablesFindsTheLoss) {
    const CliRun r = run("search 'W:WK17,24:B8,K18' --depth 19 --json");
    ASSERT_EQ(r.status, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["score_kind"], "loss");
    EXPECT_LE(j["depth"].get<int>(), 19);
    EXPECT_EQ(j["table_probes"], 0);
    EXPECT_TRUE(j["value"].is_null());  // a search proof bounds the distance, gives no value
}

TEST(SearchCli, StartPositionPrintsIterationsAndAVariation) {
    const CliRun r = run("search --depth 9");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_TRUE(contains(r.out, "principal variation")) << r.out;
    EXPECT_TRUE(contains(r.out, "best move: ")) << r.out;
    EXPECT_TRUE(contains(r.out, "TT hit rate")) << r.out;
    const auto j = nlohmann::json::parse(run("search --depth 9 --json").out);
    EXPECT_EQ(j["iterations"].size(), 9u);
    EXPECT_EQ(j["score_kind"], "heuristic");
    EXPECT_GE(j["pv"].size(), 9u);
}

TEST(SearchCli, BenchGivesTheSameCountTwice) {
    const auto a = nlohmann::json::parse(run("bench --depth 11 --json").out);
    const auto b = nlohmann::json::parse(run("bench --depth 11 --json").out);
    EXPECT_GT(a["nodes"].get<std::uint64_t>(), 0u);
    EXPECT_EQ(a["nodes"], b["nodes"]);
    const CliRun text = run("bench --depth 5");
    ASSERT_EQ(text.status, 0) << text.out;
    EXPECT_TRUE(contains(text.out, "nodes: ")) << text.out;
    EXPECT_TRUE(contains(text.out, "nodes/s")) << text.out;
}

TEST(SearchCli, CorpusReportsAWrongVerdict) {
    const auto dir = retrocheck::tb::testing::scratch("corpus");
    const auto file = dir / "wrong.tsv";
    retrocheck::tb::testing::spit(file,
                                  "# a right and a wrong verdict\n"
                                  "W:WK17,24:B8,K18\tloss\t24-19\t-\tOldbury 17\t-\n"
                                  "B:WK17,24:B8,K18\twin\t-\t-\tdeliberately wrong\t-\n");
    const CliRun r = run("corpus " + file.string() + " --json --db " + four_pieces().string());
    EXPECT_EQ(r.status, 1) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["passed"], 1);
    EXPECT_EQ(j["failed"], 1);
    EXPECT_TRUE(j["entries"][0]["passed"].get<bool>());
    EXPECT_FALSE(j["entries"][1]["passed"].get<bool>());
    EXPECT_EQ(j["entries"][1]["line"], 3);
    const auto& check = j["entries"][1]["checks"][0];
    EXPECT_EQ(check["found"],
              nlohmann::json({{"result", "draw"}, {"plies", nullptr}, {"metric", "dtw"}}));
    EXPECT_EQ(check["found_text"], "draw (table)");
    EXPECT_EQ(check["method"], "tables");
    EXPECT_TRUE(check["nodes"].is_null());
    EXPECT_EQ(j["entries"][0]["checks"][1]["fen"], "B:WK17,19:B8,K18");  // after the keep 24-19
}

TEST(SearchCli, BadInputIsNamed) {
    expect_refused("search 'W:WK17,K99:B8'", "99");
    expect_refused("search --depth 65", "--depth");
    expect_refused("search --db /nonexistent/tables", "/nonexistent/tables");
    expect_refused("search --db-format bogus --db /tmp", "bogus");

    const auto dir = retrocheck::tb::testing::scratch("badcorpus");
    retrocheck::tb::testing::spit(dir / "bad.tsv", "W:WK17,24:B8,K18\tloss\t24-18\t-\tx\t-\n");
    expect_refused("corpus " + (dir / "bad.tsv").string(), "bad.tsv:1: keeps:");
    expect_refused("corpus " + (dir / "bad.tsv").string(), "24-18");
    retrocheck::tb::testing::spit(dir / "short.tsv", "W:WK17,24:B8,K18\tloss\n");
    expect_refused("corpus " + (dir / "short.tsv").string(),
                   "short.tsv:1: expected 6 tab-separated fields");
    expect_refused("corpus /nonexistent/corpus.tsv", "/nonexistent/corpus.tsv");
}

}  // namespace
