// check-movegen and check-probe on the example plugins, through the command as a user runs it.
// The tables are built once (up to 4 pieces, about 3 seconds); each run takes a second or two.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "apps/report_file.h"
#include "apps/tests/cli_run.h"
#include "apps/tests/four_pieces.h"

namespace {

using nlohmann::json;

// A --json run: its exit status and its one document (stderr left out).
struct JsonRun {
    int status = -1;
    json doc;
};

JsonRun run_json(const std::string& args) {
    const CliRun r = run(args + " --json", "2>/dev/null");
    JsonRun j{r.status, json::parse(r.out, nullptr, false)};
    EXPECT_FALSE(j.doc.is_discarded()) << args << "\n" << r.out;
    return j;
}

std::string probe_check(const char* plugin, const std::string& rest) {
    return std::string("check-probe --plugin ") + plugin + " --against " + four_pieces().string() +
           " " + rest;
}

TEST(CheckMovegen, NamesThePlantedRuleErrorWithThePositionAndTheMove) {
    const JsonRun r = run_json(std::string("check-movegen --plugin ") + PLUGIN_buggy_movegen);
    ASSERT_EQ(r.status, 1) << r.doc.dump(2);
    EXPECT_GT(r.doc["wrong_moves"].get<int>(), 0);
    EXPECT_EQ(r.doc["wrong_perft"], 0);
    EXPECT_EQ(r.doc["crashes"], 0);
    ASSERT_FALSE(r.doc["examples"].empty());
    // Perft from the position made for the rule finds it first, named by its moves.
    const json& first = r.doc["examples"][0];
    EXPECT_EQ(first["problem"], "wrong-moves");
    EXPECT_EQ(first["source"], "perft");
    EXPECT_EQ(first["fen"], "W:W11:B6,7");
    EXPECT_EQ(first["extra"], json::array({"11x2x9"}));
    EXPECT_EQ(first["missing"], json::array({"11x2"}));
    // Every other one is the same error, shrunk to a man, the piece it takes on the crowning row
    // and the one it takes after: three pieces, or four where a fourth is needed to crown.
    for (const json& e : r.doc["examples"]) {
        EXPECT_EQ(e["problem"], "wrong-moves") << e.dump();
        EXPECT_LE(e["pieces"].get<int>(), 4) << e.dump();
        ASSERT_EQ(e["extra"].size(), 1u) << e.dump();
        ASSERT_EQ(e["missing"].size(), 1u) << e.dump();
        // The extra move is the missing one carried on.
        const std::string extra = e["extra"][0], missing = e["missing"][0];
        EXPECT_EQ(extra.rfind(missing + "x", 0), 0u) << e.dump();
    }
    int random = 0;
    for (const json& e : r.doc["examples"]) random += e["source"] != "perft";
    EXPECT_GT(random, 0) << "random positions and playouts find it too";
}

TEST(CheckMovegen, TextShowsTheDiagramAndTheMoves) {
    const CliRun r =
        run(std::string("check-movegen --plugin ") + PLUGIN_buggy_movegen + " --cases 100");
    EXPECT_EQ(r.status, 1) << r.out;
    EXPECT_TRUE(contains(r.out, "wrong-moves (found by perft)\nW:W11:B6,7\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "White to move\n  extra    11x2x9\n  missing  11x2\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "plugin buggy_movegen")) << r.out;
}

TEST(CheckMovegen, PassesACorrectGenerator) {
    const JsonRun r = run_json(std::string("check-movegen --plugin ") + PLUGIN_fixed_movegen);
    EXPECT_EQ(r.status, 0) << r.doc.dump(2);
    EXPECT_EQ(r.doc["plugin"], "buggy_movegen, fixed");
    EXPECT_GE(r.doc["checked"].get<int>(), 10000);
    // Depths 1-6 from the start and 1-8 from nine rule positions.
    EXPECT_EQ(r.doc["perft_checked"], 6 + 9 * 8);
    EXPECT_TRUE(r.doc["examples"].empty());
}

TEST(CheckProbe, FindsTheNaiveResolversEndlessRecursionWithinTheMinute) {
    const JsonRun r = run_json(probe_check(PLUGIN_naive_resolver, "--time 60"));
    ASSERT_EQ(r.status, 1) << r.doc.dump(2);
    EXPECT_LT(r.doc["seconds"].get<double>(), 60.0);
    EXPECT_GT(r.doc["non_terminating"].get<int>(), 0);
    EXPECT_EQ(r.doc["wrong_values"], 0) << "it is right wherever it ends";
    ASSERT_FALSE(r.doc["examples"].empty());
    const json& e = r.doc["examples"][0];
    EXPECT_EQ(e["problem"], "non-terminating");
    EXPECT_LE(e["pieces"].get<int>(), 4);
    EXPECT_TRUE(contains(e["message"], "stack overflow")) << e.dump();
    EXPECT_TRUE(e["plugin_value"].is_null());
    EXPECT_FALSE(e["ours"].is_null());
    std::cout << "naive resolver: non-termination reported after " << e["found_after"]
              << " s, shrunk to " << e["pieces"] << " pieces (" << e["fen"] << "); run "
              << r.doc["seconds"] << " s\n";
}

TEST(CheckProbe, ReportsTheBotchedResolversWrongValues) {
    const JsonRun r = run_json(probe_check(PLUGIN_botched_resolver, "--cases 2000"));
    ASSERT_EQ(r.status, 1) << r.doc.dump(2);
    // Shrunk: pieces taken off or kings made men where the value stays wrong.
    int simplified = 0;
    for (const json& e : r.doc["examples"]) simplified += e["fen"] != e["found_fen"];
    EXPECT_GT(simplified, 0) << r.doc.dump(2);
    EXPECT_GT(r.doc["wrong_values"].get<int>(), 0);
    EXPECT_EQ(r.doc["non_terminating"], 0);
    EXPECT_EQ(r.doc["crashes"], 0);
    ASSERT_FALSE(r.doc["examples"].empty());
    const json& e = r.doc["examples"][0];
    EXPECT_EQ(e["problem"], "wrong-value");
    EXPECT_NE(e["plugin_value"]["result"], e["ours"]["result"]) << e.dump();
    EXPECT_EQ(e["plugin_value"]["metric"], "wld");
    // The child that shows our value, valued for its own side to move.
    ASSERT_TRUE(e["child"].is_object()) << e.dump();
    const std::map<std::string, std::string> seen_from_child = {
        {"win", "loss"}, {"draw", "draw"}, {"loss", "win"}};
    EXPECT_EQ(e["child"]["value"]["result"], seen_from_child.at(e["ours"]["result"])) << e.dump();
    std::cout << "botched resolver: a wrong value reported after " << e["found_after"] << " s\n";
}

TEST(CheckProbe, PassesTheExactResolver) {
    const JsonRun r = run_json(probe_check(PLUGIN_exact_resolver, "--cases 4000"));
    EXPECT_EQ(r.status, 0) << r.doc.dump(2);
    EXPECT_EQ(r.doc["checked"], 4000);
    EXPECT_GE(r.doc["valued"].get<int>() + r.doc["kinds"]["outside the tables"].get<int>(),
              r.doc["checked"].get<int>())
        << "every position the tables hold is valued";
    for (const char* kind : {"threat cycle", "threat graph", "every capture loses",
                             "captures of different values", "outside the tables"})
        EXPECT_GT(r.doc["kinds"].value(kind, 0), 0) << kind;
}

TEST(CheckProbe, ComparesDistancesToo) {
    // Wins of 9 plies or more said to be 2 plies longer: the right result, the wrong distance.
    const JsonRun r = run_json(probe_check(PLUGIN_longer_wins_resolver, "--cases 2000"));
    ASSERT_EQ(r.status, 1) << r.doc.dump(2);
    EXPECT_GT(r.doc["wrong_values"].get<int>(), 0);
    EXPECT_EQ(r.doc["wrong_statuses"], 0);
    ASSERT_FALSE(r.doc["examples"].empty());
    for (const json& e : r.doc["examples"]) {
        EXPECT_EQ(e["plugin_value"]["result"], "win") << e.dump();
        EXPECT_EQ(e["ours"]["result"], "win") << e.dump();
        EXPECT_EQ(e["plugin_value"]["plies"].get<int>(), e["ours"]["plies"].get<int>() + 2);
    }
}

TEST(CheckProbe, ChecksEveryPositionWhenAsked) {
    // Positions of 0, 1 and 2 pieces (1, 120 and 6,972 placements: CHECKERS.md), either side to
    // move.
    const JsonRun r = run_json(probe_check(PLUGIN_exact_resolver, "--exhaustive 2"));
    EXPECT_EQ(r.status, 0) << r.doc.dump(2);
    EXPECT_EQ(r.doc["checked"], 2 * (1 + 120 + 6972));
    EXPECT_EQ(r.doc["kinds"]["every position"], 2 * (1 + 120 + 6972));
}

TEST(CheckProbe, AValueTheTablesCannotGiveIsAWrongStatus) {
    // The test plugin answers "win in 7 plies" for every position.
    const JsonRun r = run_json(probe_check(PLUGIN_test_plugin_answers, "--cases 500"));
    EXPECT_EQ(r.status, 1) << r.doc.dump(2);
    EXPECT_GT(r.doc["wrong_values"].get<int>(), 0);
    EXPECT_GT(r.doc["wrong_statuses"].get<int>(), 0);
    // The first of each kind of problem is shown, however many of another came first.
    int shown = 0;
    for (const json& e : r.doc["examples"])
        if (e["problem"] == "wrong-status") {
            ++shown;
            EXPECT_EQ(e["pieces"], 5) << e.dump();
            EXPECT_TRUE(e["ours"].is_null()) << e.dump();
            EXPECT_TRUE(contains(e["message"], "needs a table with more pieces")) << e.dump();
        }
    EXPECT_GE(shown, 1) << r.doc.dump(2);
}

TEST(CheckPlugins, RefuseWhatTheyCannotCheckByName) {
    expect_refused("check-movegen --plugin /nonexistent/libmine.so", "/nonexistent/libmine.so");
    expect_refused(std::string("check-movegen --plugin ") + PLUGIN_exact_resolver,
                   "offers neither legal_moves nor perft");
    expect_refused(probe_check(PLUGIN_buggy_movegen, ""), "offers no probe");
    expect_refused(std::string("check-probe --plugin ") + PLUGIN_exact_resolver +
                       " --against /nonexistent/tables",
                   "/nonexistent/tables");
    expect_refused(probe_check(PLUGIN_exact_resolver, "--cases 10 --time 5"), "--time");
    expect_refused(probe_check(PLUGIN_exact_resolver, "--pieces 5"),
                   "--pieces 5: " + four_pieces().string() + " holds tables of up to 4 pieces");
    expect_refused(probe_check(PLUGIN_exact_resolver, "--exhaustive 6"), "--exhaustive 6");
    expect_refused(probe_check(PLUGIN_exact_resolver, "--time 2"), "--time 2: too short");
    const auto one = retrocheck::tb::testing::scratch("t1");
    ASSERT_EQ(run("build checkers --pieces 1 --out " + one.string()).status, 0);
    expect_refused(
        std::string("check-probe --plugin ") + PLUGIN_exact_resolver + " --against " + one.string(),
        "needs positions of 2 pieces or more");
}

TEST(Reports, XmlTextIsEscapedAndValidUtf8) {
    using retrocheck::app::xml_escaped;
    EXPECT_EQ(xml_escaped("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
    EXPECT_EQ(xml_escaped("11\xd7"
                          "2"),
              "11\xEF\xBF\xBD"
              "2");                                                  // Latin-1, not UTF-8
    EXPECT_EQ(xml_escaped("\xC3\x97 ok"), "\xC3\x97 ok");            // U+00D7 stays
    EXPECT_EQ(xml_escaped("\xC0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD");  // overlong NUL
    EXPECT_EQ(xml_escaped("\xEF\xBF\xBF"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // U+FFFF
    EXPECT_EQ(xml_escaped("tab\tnl\nbell\a"), "tab\tnl\nbell ");
}

}  // namespace
