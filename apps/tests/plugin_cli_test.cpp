// check-movegen and check-probe on the example plugins, through the command as a user runs it.
// The tables are built once (up to 4 pieces, about 3 seconds); each run takes a second or two,
// those of PluginHangs, which wait out call limits, six to eight.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "apps/report_file.h"
#include "apps/tests/cli_run.h"
#include "apps/tests/four_pieces.h"
#include "plugins/tests/leftover_processes.h"
#include "tablebases/tests/scratch.h"
#include "tablebases/tests/thirdparty.h"

namespace {

using nlohmann::json;

// No process any test starts (plugins, engines, children) may outlive the tests.
auto* const kNothingLeft =
    ::testing::AddGlobalTestEnvironment(new retrocheck::testing::NothingLeftRunning);

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
    return std::string("check-probe --plugin ") + plugin + " --db " + four_pieces().string() + " " +
           rest;
}

// An environment variable set for the runs of one scope.
class ScopedEnv {
  public:
    ScopedEnv(const char* name, const std::string& value) : name_(name) {
        ::setenv(name, value.c_str(), 1);
    }
    ~ScopedEnv() { ::unsetenv(name_); }

  private:
    const char* name_;
};

// check-probe on the faulty resolver with one fault (examples/plugins/exact_resolver.cpp).
JsonRun faulty(const std::string& fault, const std::string& rest) {
    const ScopedEnv env("EXAMPLE_RESOLVER_FAULT", fault);
    return run_json(probe_check(PLUGIN_faulty_resolver, rest));
}

// Every example of a run is `problem`, and the first says `says`.
void expect_examples(const JsonRun& r, const std::string& problem, const std::string& says) {
    ASSERT_FALSE(r.doc["examples"].empty()) << r.doc.dump(2);
    for (const json& e : r.doc["examples"]) EXPECT_EQ(e["problem"], problem) << e.dump();
    EXPECT_TRUE(contains(r.doc["examples"][0]["message"].get<std::string>(), says))
        << r.doc["examples"][0].dump();
}

// The chess example plugin's planted error (a rank pin through an en passant capture ignored)
// is found in the perft trees of the standard suite and shrunk to the pawns, the rook and the
// kings; each example names the en passant capture it gives and we do not. Built with the rule
// kept, it passes.
TEST(CheckMovegen, FindsAndShrinksTheChessPluginsEnPassantPin) {
    const JsonRun r = run_json(std::string("check-movegen --plugin ") + PLUGIN_chess_movegen);
    ASSERT_EQ(r.status, 1) << r.doc.dump(2);
    EXPECT_EQ(r.doc["game"], "chess");
    EXPECT_GT(r.doc["wrong_moves"].get<int>(), 0);
    EXPECT_EQ(r.doc["wrong_perft"], 0);
    ASSERT_FALSE(r.doc["examples"].empty());
    for (const json& e : r.doc["examples"]) {
        EXPECT_EQ(e["problem"], "wrong-moves") << e.dump();
        EXPECT_LE(e["pieces"].get<int>(), 6) << e.dump();
        EXPECT_TRUE(e["missing"].empty()) << e.dump();
        ASSERT_EQ(e["extra"].size(), 1u) << e.dump();
        // The extra move is a pawn's capture onto the FEN's en passant square.
        const std::string fen = e["fen"], extra = e["extra"][0];
        EXPECT_NE(fen.find(" " + extra.substr(2, 2) + " "), std::string::npos) << e.dump();
    }
    const JsonRun fixed =
        run_json(std::string("check-movegen --plugin ") + PLUGIN_fixed_chess_movegen);
    EXPECT_EQ(fixed.status, 0) << fixed.doc.dump(2);
    EXPECT_GE(fixed.doc["checked"].get<int>(), 10000);
    EXPECT_GT(fixed.doc["perft_checked"].get<int>(), 12);
}

// A chess plugin is judged against our chess tables: checkers tables are refused, naming the
// tables its declaration needs and how to build them.
TEST(CheckProbe, AChessPluginNeedsChessTablesOfWhatItDeclares) {
    const CliRun r = run(probe_check(PLUGIN_test_plugin_chess, "--cases 10"));
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_TRUE(contains(r.out, "this asks for chess tables")) << r.out;
    EXPECT_TRUE(contains(r.out, "build chess --pieces 4 --metric dtz")) << r.out;
}

// Our 3-piece DTZ50 tables, built once (about a second).
const std::filesystem::path& chess_dtz3() {
    static const std::filesystem::path dir = [] {
        const std::filesystem::path d = retrocheck::tb::testing::scratch("chess-dtz3");
        const CliRun r =
            run("build chess --pieces 3 --metric dtz --quiet --overwrite --out " + d.string());
        EXPECT_EQ(r.status, 0) << r.out;
        return d;
    }();
    return dir;
}

// The Syzygy prober over the 3-4 piece files passes against 3-piece tables; with the clock
// ignored, or the 50-move boundary one ply early, it is found by the positions at the clock's
// edge, with our value, the move that proves it and the clock kept.
TEST(CheckProbe, ChessProberAtTheClockEdge) {
    RETROCHECK_THIRDPARTY_OR_SKIP(syzygy, "chess/syzygy");
    const ScopedEnv path("RETROCHECK_SYZYGY_PATH", syzygy.string());
    const std::string db = " --db " + chess_dtz3().string() + " --cases 3000";
    const JsonRun good = run_json(std::string("check-probe --plugin ") + PLUGIN_syzygy_probe + db);
    EXPECT_EQ(good.status, 0) << good.doc.dump(2);
    EXPECT_EQ(good.doc["game"], "chess");
    EXPECT_EQ(good.doc["declared"]["values"], json::array({"wdl50", "dtz"}));
    EXPECT_GT(good.doc["kinds"]["clock near 100"].get<int>(), 300);
    EXPECT_GT(good.doc["kinds"]["castling rights"].get<int>(), 0);
    for (const char* fault : {"clock", "fifty-edge"}) {
        const ScopedEnv env("EXAMPLE_PROBE_FAULT", fault);
        const JsonRun bad =
            run_json(std::string("check-probe --plugin ") + PLUGIN_faulty_syzygy_probe + db);
        ASSERT_EQ(bad.status, 1) << fault << bad.doc.dump(2);
        ASSERT_FALSE(bad.doc["examples"].empty()) << fault;
        const json& first = bad.doc["examples"][0];
        EXPECT_EQ(first["kind"], "clock near 100") << fault;
        EXPECT_EQ(first["problem"], "wrong-value") << fault;
        EXPECT_NE(first["ours"]["clock"], 0) << fault;
        EXPECT_FALSE(first["child"].is_null()) << fault;
        EXPECT_NE(first["plugin_value"]["wdl"], first["ours"]["wdl"]) << fault;
    }
}

TEST(CheckMovegen, NamesThePlantedRuleErrorWithThePositionAndTheMove) {
    const JsonRun r =
        run_json(std::string("check-movegen --max-examples 5 --plugin ") + PLUGIN_buggy_movegen);
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
    // and the one it takes after: three pieces, or four where a fourth is needed to crown (the
    // first five shown; a longer capture chain further on needs more).
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

// A generator that never returns is given up on: the run stops after its failed calls, and a
// shrink after two calls without an answer, instead of waiting out every call of a shrink.
TEST(PluginHangs, AGeneratorThatNeverReturnsIsGivenUpOn) {
    const ScopedEnv every("TEST_PLUGIN_EVERY", "hang");
    const auto t0 = std::chrono::steady_clock::now();
    const JsonRun r = run_json(std::string("check-movegen --plugin ") + PLUGIN_test_plugin_answers +
                               " --call-time 0.3");
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_EQ(r.status, 1) << r.doc.dump(2);
    EXPECT_TRUE(r.doc["stopped"].get<bool>());
    EXPECT_GT(r.doc["non_terminating"].get<int>(), 0);
    // 10 failed calls and at most 2 a shrink: about 20 calls of 0.3 s, not 90.
    EXPECT_LT(seconds, 20.0);
    std::cout << "a generator that never returns: given up on after " << seconds << " s\n";
}

// --time S: the run asks until S seconds have passed, and a call under way then (one that would
// take its whole --call-time) is cut there and not judged: the run ends at S, neither a call's
// limit early nor a call's limit late.
TEST(CheckProbe, TimeBudgetsEndWithinASecondOfTheirSeconds) {
    const JsonRun exact = run_json(probe_check(PLUGIN_exact_resolver, "--time 2"));
    EXPECT_EQ(exact.status, 0) << exact.doc.dump(2);
    EXPECT_GE(exact.doc["seconds"].get<double>(), 2.0);
    EXPECT_LT(exact.doc["seconds"].get<double>(), 3.0);
    EXPECT_GT(exact.doc["checked"].get<int>(), 0);

    const ScopedEnv every("TEST_PLUGIN_EVERY", "hang");
    const auto t0 = std::chrono::steady_clock::now();
    const JsonRun hang =
        run_json(probe_check(PLUGIN_test_plugin_answers, "--time 2 --call-time 60"));
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_EQ(hang.status, 1) << hang.doc.dump(2);  // it valued nothing
    EXPECT_GE(hang.doc["seconds"].get<double>(), 2.0);
    EXPECT_LT(hang.doc["seconds"].get<double>(), 3.0);
    EXPECT_LT(seconds, 8.0) << "the call cut at the run's end, not waited out for 60 s";
    EXPECT_EQ(hang.doc["checked"], 0) << "the call cut by the budget is not judged";
    EXPECT_EQ(hang.doc["non_terminating"], 0);
}

TEST(CheckProbe, FindsTheNaiveResolversEndlessRecursionWithinTheMinute) {
    const JsonRun r = run_json(probe_check(PLUGIN_naive_resolver, "--time 60"));
    ASSERT_EQ(r.status, 1) << r.doc.dump(2);
    EXPECT_LT(r.doc["seconds"].get<double>(), 61.0);
    EXPECT_GT(r.doc["non_terminating"].get<int>(), 0);
    EXPECT_EQ(r.doc["wrong_values"], 0) << "it is right wherever it ends";
    ASSERT_FALSE(r.doc["examples"].empty());
    const json& e = r.doc["examples"][0];
    EXPECT_LT(e["found_after"].get<double>(), 60.0);
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
    EXPECT_EQ(r.doc["declared"]["metric"], "dtw");
    EXPECT_TRUE(r.doc["distances_checked"].get<bool>());
    EXPECT_EQ(r.doc["valued_share"].get<double>(), 1.0);
    EXPECT_EQ(r.doc["valued"], r.doc["held"]);
    EXPECT_GE(r.doc["valued"].get<int>() + r.doc["kinds"]["outside the tables"].get<int>(),
              r.doc["checked"].get<int>())
        << "every position the tables hold is valued";
    for (const char* kind : {"threat cycle", "threat graph", "every capture loses",
                             "captures of different values", "outside the tables"})
        EXPECT_GT(r.doc["kinds"].value(kind, 0), 0) << kind;
}

TEST(CheckProbe, ComparesDistancesToo) {
    // Wins of 9 plies or more said to be 2 plies longer: the right result, the wrong distance.
    const JsonRun r = faulty("longer-wins", "--cases 2000");
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
    expect_refused(
        std::string("check-probe --plugin ") + PLUGIN_exact_resolver + " --db /nonexistent/tables",
        "/nonexistent/tables");
    expect_refused(probe_check(PLUGIN_exact_resolver, "--cases 10 --time 5"), "--time");
    expect_refused(probe_check(PLUGIN_exact_resolver, "--pieces 5"),
                   "--pieces 5: " + four_pieces().string() + " holds tables of up to 4 pieces");
    expect_refused(probe_check(PLUGIN_exact_resolver, "--exhaustive 6"), "--exhaustive 6");
    expect_refused(probe_check(PLUGIN_exact_resolver, "--min-valued 1.5"), "--min-valued");
}

// The seed's broken resolver: "not stored" exactly where a capture is possible, the database's
// value elsewhere. It declares every position valued, so each "not stored" contradicts it, and it
// values too few of the positions it owes.
TEST(CheckProbe, AResolverThatGivesUpOnCapturesFails) {
    const JsonRun r = faulty("gives-up", "--cases 1000");
    ASSERT_EQ(r.status, 1) << r.doc.dump(2);
    EXPECT_GT(r.doc["contradictions"].get<int>(), 0);
    EXPECT_EQ(r.doc["wrong_values"], 0) << "it is right wherever it answers";
    EXPECT_GT(r.doc["statuses"]["not_stored"].get<int>(), 0);
    EXPECT_LT(r.doc["valued_share"].get<double>(), 0.95);
    EXPECT_TRUE(r.doc["too_few_valued"].get<bool>());
    expect_examples(r, "contradiction", "not stored, though it declares every position valued");
    // Declared as what it is, a Chinook-style reader, the same answers contradict nothing: every
    // capture position excused. It still values too few of the positions asked to pass by
    // default, and passes at the share its user states for such a reader.
    const JsonRun honest = faulty("not-stored", "--cases 1000");
    EXPECT_EQ(honest.status, 1) << honest.doc.dump(2);
    EXPECT_EQ(honest.doc["declared"]["captures"], "not-stored");
    EXPECT_EQ(honest.doc["contradictions"], 0);
    EXPECT_EQ(honest.doc["wrong_statuses"], 0);
    EXPECT_GT(honest.doc["excused"].get<int>(), 0);
    EXPECT_TRUE(honest.doc["too_few_valued"].get<bool>());
    const JsonRun stated = faulty("not-stored", "--cases 1000 --min-valued 0.1");
    EXPECT_EQ(stated.status, 0) << stated.doc.dump(2);
    EXPECT_EQ(stated.doc["valued"].get<int>() + stated.doc["excused"].get<int>(),
              stated.doc["held"].get<int>());
}

// A distance is held to the declared metric: none where one is declared, one where none is.
TEST(CheckProbe, TheDeclaredMetricIsHeldTo) {
    const JsonRun none = faulty("no-distance", "--cases 300");
    ASSERT_EQ(none.status, 1) << none.doc.dump(2);
    EXPECT_EQ(none.doc["declared"]["metric"], "dtw");
    expect_examples(none, "contradiction", "no distance (-1), though it declares the metric dtw");
    const JsonRun extra = faulty("wld-declared", "--cases 300");
    ASSERT_EQ(extra.status, 1) << extra.doc.dump(2);
    EXPECT_FALSE(extra.doc["distances_checked"].get<bool>());
    expect_examples(extra, "contradiction", "though it declares win, draw or loss only");
}

// "Missing" for slices the tables hold contradicts the tables given, however right the rest is.
TEST(CheckProbe, MissingForATableTheReferenceHoldsFails) {
    const JsonRun r = faulty("missing", "--cases 1000");
    ASSERT_EQ(r.status, 1) << r.doc.dump(2);
    EXPECT_GT(r.doc["statuses"]["missing"].get<int>(), 0);
    expect_examples(r, "contradiction", "missing, but the tables hold its slice");
}

// A plugin that values nothing fails with one report (one JSON document), never passes.
TEST(CheckProbe, APluginThatValuesNothingFails) {
    const ScopedEnv every("TEST_PLUGIN_EVERY", "missing");
    const CliRun r =
        run(probe_check(PLUGIN_test_plugin_answers, "--cases 300 --json"), "2>/dev/null");
    ASSERT_EQ(r.status, 1) << r.out;
    ASSERT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
    const json doc = json::parse(r.out);
    EXPECT_EQ(doc["valued"], 0);
    EXPECT_TRUE(doc["too_few_valued"].get<bool>());
    const CliRun text = run(probe_check(PLUGIN_test_plugin_answers, "--cases 300"));
    EXPECT_EQ(text.status, 1) << text.out;
    EXPECT_TRUE(contains(text.out, "valued 0 of the ")) << text.out;
    EXPECT_TRUE(contains(text.out, "FAILED: too few positions valued")) << text.out;
}

// Answers out of range are wrong, shown as they were (a distance at full width).
TEST(CheckProbe, AnswersOutOfRangeAreWrong) {
    struct Case {
        const char* every;
        const char* problem;
        const char* says;
    };
    for (const Case& c : {Case{"dist-2", "wrong-value", "distance -2 is neither plies"},
                          Case{"dist-million", "wrong-value", "win in 1,000,000 plies"},
                          Case{"wld5", "wrong-value", "wld 5 is not -1, 0 or 1"},
                          Case{"status9", "wrong-status", "status 9 is not one of 0-3"}}) {
        SCOPED_TRACE(c.every);
        const ScopedEnv every("TEST_PLUGIN_EVERY", c.every);
        const CliRun r =
            run(probe_check(PLUGIN_test_plugin_answers, "--cases 50 --max-examples 1"));
        EXPECT_EQ(r.status, 1) << r.out;
        EXPECT_TRUE(contains(r.out, std::string(c.problem) + " (")) << r.out;
        EXPECT_TRUE(contains(r.out, c.says)) << r.out;
    }
    const ScopedEnv every("TEST_PLUGIN_EVERY", "dist-million");
    const JsonRun r = run_json(probe_check(PLUGIN_test_plugin_answers, "--cases 20"));
    ASSERT_FALSE(r.doc["examples"].empty());
    EXPECT_EQ(r.doc["examples"][0]["plugin_value"]["plies"], 1000000);
    EXPECT_EQ(r.doc["examples"][0]["plugin_answer"]["distance"], 1000000);
}

// A plugin that forks, or closes its descriptors and spins, is reported, the run ends within
// its limits, and nothing of it is left running.
TEST(PluginHangs, AProbeThatForksOrStopsAnsweringIsReportedAndLeavesNothing) {
    const std::string mark = retrocheck::testing::mark_children();
    {
        const ScopedEnv every("TEST_PLUGIN_EVERY", "fork-stay");
        const JsonRun r = run_json(probe_check(PLUGIN_test_plugin_answers, "--cases 30"));
        EXPECT_EQ(r.status, 1) << r.doc.dump(2);
        EXPECT_GT(r.doc["protocol"].get<int>(), 0);
        expect_examples(r, "protocol", "left 1 process running");
    }
    {
        const ScopedEnv every("TEST_PLUGIN_EVERY", "close-spin");
        const auto t0 = std::chrono::steady_clock::now();
        const JsonRun r =
            run_json(probe_check(PLUGIN_test_plugin_answers, "--cases 30 --call-time 0.2"));
        EXPECT_EQ(r.status, 1) << r.doc.dump(2);
        EXPECT_GT(r.doc["non_terminating"].get<int>(), 0);
        // 20 failed calls stop the run; a shrink gives up after two that time out, and the
        // example says so.
        EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(20));
        int stopped = 0;
        for (const json& e : r.doc["examples"])
            stopped += e["shrink_stopped"] == "the plugin gave no answer to 2 calls";
        EXPECT_GT(stopped, 0) << r.doc["examples"].dump(2);
    }
    for (int i = 0; i < 100 && !retrocheck::testing::running_with_mark(mark).empty(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_TRUE(retrocheck::testing::running_with_mark(mark).empty());
}

// Damaged reference tables stop the run with an error naming the file: the plugin is not
// blamed, nor is the damage missed.
TEST(CheckProbe, DamagedReferenceTablesAreAnErrorNotThePluginsFault) {
    const auto copy = retrocheck::tb::testing::scratch("t4-damaged");
    for (const auto& f : std::filesystem::directory_iterator(four_pieces()))
        std::filesystem::copy_file(f.path(), copy / f.path().filename());
    // A byte in the middle of the largest 2-piece file's blocks.
    const auto damaged = copy / "bm0bk1wm0wk1.rctb";
    const auto size = std::filesystem::file_size(damaged);
    {
        std::fstream f(damaged, std::ios::in | std::ios::out | std::ios::binary);
        f.seekg(static_cast<std::streamoff>(size - 40));
        char c = 0;
        f.get(c);
        f.seekp(static_cast<std::streamoff>(size - 40));
        f.put(static_cast<char>(c ^ 0x5a));
    }
    const CliRun r = run(std::string("check-probe --plugin ") + PLUGIN_exact_resolver + " --db " +
                         copy.string() + " --exhaustive 2");
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_TRUE(contains(r.out, "cannot be read, so nothing the plugin answered is judged"))
        << r.out;
    EXPECT_TRUE(contains(r.out, "bm0bk1wm0wk1.rctb")) << r.out;
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
