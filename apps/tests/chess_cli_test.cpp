// The chess commands as a user runs them: show, moves and perft tell a chess FEN by its
// syntax; perft-diff against Debian's stockfish and against a scripted fake engine that drops
// or adds one move deep in the tree, dies or hangs; an audit whose damaged Syzygy file crashes
// Fathom, and one whose DTZ comparison is limited by --dtz-pieces.
// A build within the least memory its tables need writes the files one with room for all does.
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "apps/tests/cli_run.h"
#include "engine/chess/fen.h"
#include "plugins/tests/leftover_processes.h"
#include "tablebases/chess/build.h"
#include "tablebases/chess/dtz.h"
#include "tablebases/formats/syzygy.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/writer.h"
#include "tablebases/tests/scratch.h"
#include "tablebases/tests/thirdparty.h"

namespace {

// No process any test starts (plugins, engines, children) may outlive the tests.
auto* const kNothingLeft =
    ::testing::AddGlobalTestEnvironment(new retrocheck::testing::NothingLeftRunning);

const std::string kStart = "'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'";
const std::string kKiwipete =
    "'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'";

std::string fake(const std::string& args) {
    return std::string("--engine '") + FAKE_ENGINE + " " + args + "'";
}

// A fresh folder in the temporary directory holding copies of KRvK's two Syzygy files.
std::filesystem::path krvk_copy(const std::filesystem::path& syzygy, const std::string& tag) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                      ("retrocheck-" + tag + "-" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    for (const char* name : {"KRvK.rtbw", "KRvK.rtbz"})
        std::filesystem::copy_file(syzygy / name, dir / name);
    return dir;
}

TEST(ChessCli, PerftOfKiwipete) {
    const CliRun r = run("perft " + kKiwipete + " 4");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_TRUE(contains(r.out, "nodes    4,085,603")) << r.out;
}

TEST(ChessCli, PerftDivideIsInUciAsEnginesPrintIt) {
    const CliRun r = run("perft " + kStart + " 2 --divide");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_TRUE(contains(r.out, "e2e4: 20\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "g1f3: 20\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "nodes    400")) << r.out;
    const CliRun j = run("perft --game chess 3 --divide --json", "2>/dev/null");
    const auto doc = nlohmann::json::parse(j.out);
    EXPECT_EQ(doc["nodes"], 8902);
    EXPECT_EQ(doc["divide"]["e2e4"], 600);
}

TEST(ChessCli, ShowAndMoves) {
    const CliRun r = run("show " + kKiwipete);
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_TRUE(contains(r.out, "8 | r . . . k . . r |")) << r.out;
    EXPECT_TRUE(contains(r.out, "48 legal moves:")) << r.out;
    EXPECT_TRUE(contains(r.out, "O-O-O")) << r.out;
    const CliRun mate = run("show 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'");
    EXPECT_TRUE(contains(mate.out, "no legal moves: checkmate")) << mate.out;
    const CliRun moves = run("moves " + kStart + " --moves 'e4 e5 Nf3'");
    EXPECT_EQ(moves.status, 0) << moves.out;
    EXPECT_TRUE(contains(moves.out, "b8c6   Nc6\n")) << moves.out;
    const std::string fens = testing::TempDir() + "chess_cli_fens.txt";
    std::ofstream(fens) << kStart.substr(1, kStart.size() - 2) << "\n# a comment\n"
                        << "8/8/8/8/8/8/8/K6k w - - 0 1\n";
    const CliRun bulk = run("moves - < " + fens);
    EXPECT_EQ(bulk.status, 0) << bulk.out;
    EXPECT_TRUE(contains(bulk.out, "8/8/8/8/8/8/8/K6k w - - 0 1\n  a1b1   Kb1\n")) << bulk.out;
}

TEST(ChessCli, BadFensAreRefusedNamingTheProblem) {
    expect_refused("show '8/8/8/8/8/8/8/K6k w - e3 0 1'", "en passant square e3");
    expect_refused("show '8/8/8/8/8/8/8/KK5k w - - 0 1'", "2 white kings");
    expect_refused("show '8/8/8/8/8/8/8/K6k w - - 0 1' --moves 'Kb3'", "'Kb3'");
    expect_refused("perft " + kStart + " 3 --unique", "--unique");
    expect_refused("show --game chess 'W:W21:B1'", "bad FEN 'W:W21:B1'");
    // prove reads checkers positions only (search plays both games: chess_engine_cli_test).
    expect_refused("prove " + kStart, "a chess FEN");
}

TEST(ChessCli, PerftDiffAgreesWithStockfish) {
    if (std::system("PATH=$PATH:/usr/games command -v stockfish >/dev/null") != 0) {
        if (std::getenv("RETROCHECK_REQUIRE_THIRDPARTY")) FAIL() << "stockfish is not installed";
        GTEST_SKIP() << "stockfish is not installed (ci/setup.sh installs it)";
    }
    const CliRun r = run("perft-diff --engine stockfish " + kStart + " 5");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_TRUE(contains(r.out, "agree")) << r.out;
    EXPECT_TRUE(contains(r.out, "engine   4,865,609 (Stockfish")) << r.out;
    const CliRun k = run("perft-diff --engine stockfish " + kKiwipete + " 3");
    EXPECT_EQ(k.status, 0) << k.out;
}

TEST(ChessCli, PerftDiffFindsAMoveDroppedDeepInTheTree) {
    // Four plies down from the start, the fake engine forgets Black's en passant reply.
    const std::string where = "rnbqkbnr/ppp1pppp/8/8/2PpP3/5N2/PP1P1PPP/RNBQKB1R b KQkq c3";
    const CliRun r = run("perft-diff " + fake("--drop \"" + where + "=d4c3\"") + " " + kStart +
                         " 5 --moves 'e4 d5 Nf3 d4'");
    EXPECT_EQ(r.status, 1) << r.out;
    EXPECT_TRUE(contains(r.out, "DIFFER after c4")) << r.out;
    EXPECT_TRUE(contains(r.out, where)) << r.out;
    EXPECT_TRUE(contains(r.out, "moves we generate and the engine does not: d4c3")) << r.out;
    EXPECT_TRUE(contains(r.out, "moves the engine generates and we do not: (none)")) << r.out;
    const CliRun j = run("perft-diff --json " + fake("--drop \"" + where + "=d4c3\"") + " " +
                             kStart + " 5 --moves 'e4 d5 Nf3 d4'",
                         "2>/dev/null");
    const auto doc = nlohmann::json::parse(j.out);
    EXPECT_EQ(doc["agree"], false);
    EXPECT_EQ(doc["path"], nlohmann::json::array({"c2c4"}));
    EXPECT_EQ(doc["only_ours"], nlohmann::json::array({"d4c3"}));
}

TEST(ChessCli, PerftDiffFindsAnExtraMove) {
    // After 1...d5 the fake engine takes en passant with the pawn pinned along the fifth rank.
    const std::string where = "3k4/8/8/K1Pp3r/8/8/8/8 w - d6";
    const CliRun r = run("perft-diff " + fake("--add \"" + where + "=c5d6\"") +
                         " '3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1' 4");
    EXPECT_EQ(r.status, 1) << r.out;
    EXPECT_TRUE(contains(r.out, "DIFFER after d5 (")) << r.out;
    EXPECT_TRUE(contains(r.out, "moves we generate and the engine does not: (none)")) << r.out;
    EXPECT_TRUE(contains(r.out, "moves the engine generates and we do not: c5d6")) << r.out;
    // The reports: one test case a position, the failing one with where the sets differ; the
    // page draws the engine's extra move.
    const auto dir = std::filesystem::temp_directory_path() /
                     ("retrocheck-perft-diff-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const auto junit = dir / "p.xml", html = dir / "p.html";
    const CliRun reported = run("perft-diff " + fake("--add \"" + where + "=c5d6\"") +
                                " '3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1' 4 --junit " + junit.string() +
                                " --html " + html.string());
    EXPECT_EQ(reported.status, 1) << reported.out;
    std::ifstream j(junit), h(html);
    const std::string xml((std::istreambuf_iterator<char>(j)), {}),
        page((std::istreambuf_iterator<char>(h)), {});
    EXPECT_TRUE(contains(xml, "name=\"3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1\"")) << xml;
    EXPECT_TRUE(contains(xml, "type=\"moves-differ\"")) << xml;
    EXPECT_TRUE(contains(xml, where)) << xml;
    EXPECT_TRUE(contains(page, "the engine only: c5d6")) << page.substr(0, 2000);
    EXPECT_TRUE(contains(page, "<svg class=\"board chess\"")) << page.substr(0, 2000);
    std::filesystem::remove_all(dir);
}

TEST(ChessCli, PerftDiffReportsAnEngineThatDiesOrHangs) {
    expect_refused("perft-diff " + fake("--die") + " 3", "exited with status 3");
    expect_refused("perft-diff --call-time 1 " + fake("--hang") + " 3", "no answer within 1 s");
    expect_refused("perft-diff --engine /nonexistent/engine 3",
                   "engine '/nonexistent/engine' could not be started (its stderr: "
                   "'/bin/sh: 1: exec: /nonexistent/engine: not found')");
}

// Byte 21 of KRvK.rtbw XOR 0x5a (found by apps/tests/chess_fault_fractions.py) makes Debian's
// Fathom read outside its mapping on the first probe. The audit runs the library in a child
// process: the command survives and refuses the directory, naming the call, position and file.
TEST(ChessCli, AuditSurvivesAFathomCrashAndNamesTheCallPositionAndFile) {
    RETROCHECK_THIRDPARTY_OR_SKIP(syzygy, "chess/syzygy");
    const std::filesystem::path dir = krvk_copy(syzygy, "fathom-crash");
    {
        std::fstream f(dir / "KRvK.rtbw", std::ios::in | std::ios::out | std::ios::binary);
        f.seekg(21);
        const char byte = static_cast<char>(f.get() ^ 0x5a);
        f.seekp(21);
        f.put(byte);
    }
    const std::string audit = "audit --db-format syzygy " + dir.string() + " --threads 1";
    expect_refused(audit,
                   "Fathom crashed (SIGSEGV) in tb_probe_wdl on 8/8/8/8/8/8/R7/K1k5 w - - 0 1 "
                   "(white to move, material KRvK): " +
                       (dir / "KRvK.rtbw").string() + ", or a table its captures");
    const CliRun j = run(audit + " --json", "2>/dev/null");
    EXPECT_EQ(j.status, 2);
    const auto doc = nlohmann::json::parse(j.out);
    EXPECT_TRUE(contains(doc["error"]["message"].get<std::string>(), "Fathom crashed (SIGSEGV)"))
        << j.out;
    std::filesystem::remove_all(dir);
}

// Byte 39 of KRvK.rtbz XOR 0x5a makes Debian's Fathom loop in its first root probe (found by
// flipping each of the first 200 bytes). The call is stopped at its limit and named, and the
// child that ran it is gone.
TEST(ChessCli, AuditStopsAFathomCallThatNeverReturns) {
    RETROCHECK_THIRDPARTY_OR_SKIP(syzygy, "chess/syzygy");
    const std::filesystem::path dir = krvk_copy(syzygy, "fathom-loop");
    {
        std::fstream f(dir / "KRvK.rtbz", std::ios::in | std::ios::out | std::ios::binary);
        f.seekg(39);
        const char byte = static_cast<char>(f.get() ^ 0x5a);
        f.seekp(39);
        f.put(byte);
    }
    const auto t0 = std::chrono::steady_clock::now();
    // One thread: with more, which of the hung calls is reported first is the scheduler's.
    expect_refused("audit --db-format syzygy " + dir.string() + " --call-time 0.5 --threads 1",
                   "Fathom gave no answer within 0.5 s (--call-time) in probe_table on "
                   "8/8/8/8/8/8/R7/K4k2 w - - 0 1 (white to move, material KRvK): " +
                       (dir / "KRvK.rtbz").string() + ", or a table");
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));
    std::filesystem::remove_all(dir);
}

// Fathom meets a memory limit it cannot start under with exit(1) of its own: an error of the
// audit (exit 2), never the exit code of a finding.
TEST(ChessCli, AuditUnderAMemoryLimitTheLibraryCannotMeetIsAnError) {
    RETROCHECK_THIRDPARTY_OR_SKIP(syzygy, "chess/syzygy");
    const std::filesystem::path dir = krvk_copy(syzygy, "fathom-memory");
    const CliRun r = run("audit --db-format syzygy " + dir.string() + " --memory 1MiB");
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_TRUE(contains(r.out, "a probe library exited on an error of its own")) << r.out;
    std::filesystem::remove_all(dir);
}

// Our KQvK table with one value made wrong, written as a user's --db folder: the audit of
// the right third-party file disagrees at that position, and says so with exit 1 (text and JSON).
// Syzygy is compared with our DTZ50 table, where the wrong value is a draw for a win; Gaviota's
// DTM with our DTM table, where it is a win two plies too long.
TEST(ChessCli, AnAuditThatDisagreesExitsOne) {
    RETROCHECK_THIRDPARTY_OR_SKIP(syzygy, "chess/syzygy");
    RETROCHECK_THIRDPARTY_OR_SKIP(gaviota, "chess/gaviota");
    using namespace retrocheck::tb;
    const std::vector<chess::Material> kqk = {*chess::Material::parse("KQvK")};
    const auto pos = *retrocheck::chess::parse_fen("8/8/8/5k2/8/8/1Q6/K7 w - - 0 1");
    const std::filesystem::path root = std::filesystem::temp_directory_path() /
                                       ("retrocheck-disagree-" + std::to_string(getpid()));
    std::filesystem::remove_all(root);
    struct Case {
        const char* format;
        std::vector<std::filesystem::path> files;
        const char* ours;  // our (wrong) value as the report shows it
    };
    for (const Case& c : {Case{"syzygy", {syzygy / "KQvK.rtbw", syzygy / "KQvK.rtbz"}, "draw"},
                          Case{"gaviota", {gaviota / "kqk.gtb.cp4"}, "win"}}) {
        SCOPED_TRACE(c.format);
        const auto ours = root / (std::string(c.format) + "-ours"),
                   theirs = root / (std::string(c.format) + "-theirs");
        std::filesystem::create_directories(ours);
        std::filesystem::create_directories(theirs);
        for (const auto& f : c.files) std::filesystem::copy_file(f, theirs / f.filename());
        if (std::string(c.format) == "syzygy") {
            chess::DtzTable changed =
                *chess::build_dtz_closure(kqk, BuildMethod::OutCounting).find(pos);
            ASSERT_EQ(chess::dtz_of_code(changed.values[changed.id(pos)]).dtz, 19);
            changed.values[changed.id(pos)] = Dtz50Metric::kDraw;
            ASSERT_TRUE(
                store::write_table(changed, store::dtz_table_path(ours, changed.material())).ok());
        } else {
            chess::MaterialTable changed =
                *chess::build_closure(kqk, BuildMethod::OutCounting).find(pos);
            ASSERT_EQ(decode(changed.values[changed.id(pos)]), retrocheck::Outcome::win(19));
            changed.values[changed.id(pos)] = 21;
            ASSERT_TRUE(
                store::write_table(changed, store::table_path(ours, changed.material())).ok());
        }
        const std::string audit = std::string("audit --db-format ") + c.format + " " +
                                  theirs.string() + " --db " + ours.string();
        const auto html = root / (std::string(c.format) + ".html");
        const CliRun text = run(audit + " --html " + html.string());
        EXPECT_EQ(text.status, 1) << text.out;
        EXPECT_TRUE(contains(text.out, "disagreements 1,")) << text.out;
        std::ifstream h(html);
        const std::string page((std::istreambuf_iterator<char>(h)), {});
        EXPECT_TRUE(contains(page, "<svg class=\"board chess\"")) << page.substr(0, 2000);
        EXPECT_TRUE(contains(page, "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1")) << page.substr(0, 2000);
        const CliRun j = run(audit + " --json", "2>/dev/null");
        ASSERT_EQ(j.status, 1) << j.out;
        const auto doc = nlohmann::json::parse(j.out);
        EXPECT_EQ(doc["total_disagreements"], 1) << j.out;
        EXPECT_EQ(doc["examples"][0]["problem"], "disagreement") << j.out;
        EXPECT_EQ(doc["examples"][0]["ours"]["result"], c.ours) << j.out;
    }
    std::filesystem::remove_all(root);
}

// verify --junit and --html on chess tables: one test case a material, the failing one with the
// rule, the FEN and the diagram; the page draws the position on a chess board with the child.
// stats --html draws the distances of each side.
// A directory of DTM and DTZ50 tables, the DTZ one with a value one ply long: verify finds it
// (exit 1), its JSON nests the DTZ report, and the JUnit report fails the DTZ50 case alone.
TEST(ChessCli, VerifyReportsDtzTablesBesideDtmOnes) {
    using namespace retrocheck::tb;
    const std::vector<chess::Material> kqk = {*chess::Material::parse("KQvK")};
    const auto pos = *retrocheck::chess::parse_fen("8/8/8/5k2/8/8/1Q6/K7 w - - 0 1");
    const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                      ("retrocheck-verify-dtz-" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const chess::MaterialTable dtm = *chess::build_closure(kqk, BuildMethod::OutCounting).find(pos);
    ASSERT_TRUE(store::write_table(dtm, store::table_path(dir, dtm.material())).ok());
    chess::DtzTable dtz = *chess::build_dtz_closure(kqk, BuildMethod::OutCounting).find(pos);
    dtz.values[dtz.id(pos)] = Dtz50Metric::win(21);  // 19 plies to the zeroing move, not 21
    ASSERT_TRUE(store::write_table(dtz, store::dtz_table_path(dir, dtz.material())).ok());
    const auto junit = dir / "verify.xml";
    const CliRun text = run("verify " + dir.string() + " --junit " + junit.string());
    EXPECT_EQ(text.status, 1) << text.out;
    EXPECT_TRUE(contains(text.out, "DTZ50 tables:")) << text.out;
    EXPECT_TRUE(contains(text.out, "dtz-one-ply")) << text.out;
    std::ifstream x(junit);
    const std::string xml((std::istreambuf_iterator<char>(x)), {});
    EXPECT_TRUE(contains(xml, "KQvK (DTZ50)")) << xml;
    EXPECT_TRUE(contains(xml, "failures=\"1\"")) << xml;
    const CliRun j = run("verify " + dir.string() + " --json", "2>/dev/null");
    ASSERT_EQ(j.status, 1) << j.out;
    const auto doc = nlohmann::json::parse(j.out);
    EXPECT_EQ(doc["metric"], "dtm") << j.out;
    EXPECT_EQ(doc["violations"], 0) << j.out;
    EXPECT_EQ(doc["dtz"]["metric"], "dtz") << j.out;
    EXPECT_EQ(doc["dtz"]["findings"], 1) << j.out;
    EXPECT_EQ(doc["dtz"]["examples"][0]["rule"], "dtz-one-ply") << j.out;
#ifdef RETROCHECK_MPIRUN
    // Under mpirun the DTZ50 tables are farmed out as the DTM ones are: the one-process report,
    // the finding drawn by rank 0's second walk of its material.
    const CliRun farmed =
        run("verify " + dir.string() + " --json", "2>/dev/null", 300,
            "env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 " RETROCHECK_MPIRUN
            " --oversubscribe -np 3");
    ASSERT_EQ(farmed.status, 1) << farmed.out;
    auto a = doc, b = nlohmann::json::parse(farmed.out, nullptr, false);
    ASSERT_TRUE(b.is_object()) << farmed.out;
    for (auto* report : {&a, &b, &a["dtz"], &b["dtz"]}) {
        report->erase("seconds");
        report->erase("positions_per_second");
    }
    EXPECT_EQ(a, b);
#endif
    std::filesystem::remove_all(dir);
}

// probe reads our DTZ50 tables as it reads Syzygy's: Syzygy's five results and DTZ, each move
// valued by its child; beside DTM tables, both distances.
TEST(ChessCli, ProbeReadsOurDtzTables) {
    using namespace retrocheck::tb;
    const std::vector<chess::Material> kqk = {*chess::Material::parse("KQvK")};
    const auto pos = *retrocheck::chess::parse_fen("8/8/8/4k3/8/8/8/KQ6 w - - 0 1");
    const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                      ("retrocheck-probe-dtz-" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const chess::DtzTable dtz = *chess::build_dtz_closure(kqk, BuildMethod::OutCounting).find(pos);
    ASSERT_TRUE(store::write_table(dtz, store::dtz_table_path(dir, dtz.material())).ok());
    const std::string probe = "probe " + dir.string() + " '8/8/8/4k3/8/8/8/KQ6 w - - 0 1'";
    const CliRun text = run(probe);
    EXPECT_EQ(text.status, 0) << text.out;
    EXPECT_TRUE(contains(text.out, "value: win, dtz 17 (native)")) << text.out;
    EXPECT_TRUE(contains(text.out, "Qe4+     b1e4   draw, dtz 0")) << text.out;
    const CliRun j = run(probe + " --json", "2>/dev/null");
    ASSERT_EQ(j.status, 0) << j.out;
    const auto doc = nlohmann::json::parse(j.out);
    EXPECT_EQ(doc["value"]["metric"], "dtz") << j.out;
    EXPECT_EQ(doc["value"]["plies"], 17) << j.out;
    EXPECT_EQ(doc["wdl"], "win") << j.out;
    const chess::MaterialTable dtm = *chess::build_closure(kqk, BuildMethod::OutCounting).find(pos);
    ASSERT_TRUE(store::write_table(dtm, store::table_path(dir, dtm.material())).ok());
    EXPECT_TRUE(contains(run(probe).out, "value: win in 17 plies (dtm), dtz 17 (native)"));
    const CliRun lacking = run("probe " + dir.string() + " '8/8/8/4k3/8/8/8/KR6 w - - 0 1'");
    EXPECT_EQ(lacking.status, 2) << lacking.out;
    EXPECT_TRUE(contains(lacking.out, "holds no DTM table of KRvK")) << lacking.out;
    std::filesystem::remove_all(dir);
}

// A probe reads the tables its position needs, not the folder: a table damaged elsewhere does not
// stop it, and the probe that needs that table names the file, the block and its offset.
TEST(ChessCli, AProbeReadsOnlyTheTablesItNeeds) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                      ("retrocheck-probe-needs-" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    ASSERT_EQ(run("build chess --material KQvK,KRvK --out " + dir.string()).status, 0);
    const std::filesystem::path krvk = dir / "KRvK.rctb";
    std::string bytes;
    {
        std::ifstream in(krvk, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x5a);
    std::ofstream(krvk, std::ios::binary | std::ios::trunc) << bytes;
    const CliRun queen = run("probe " + dir.string() + " '8/8/8/8/8/2k5/8/KQ6 w - - 0 1'");
    EXPECT_EQ(queen.status, 0) << queen.out;
    EXPECT_TRUE(contains(queen.out, "value: win in ")) << queen.out;
    const CliRun rook = run("probe " + dir.string() + " '8/8/8/8/8/2k5/8/KR6 w - - 0 1'");
    EXPECT_EQ(rook.status, 2) << rook.out;
    EXPECT_TRUE(contains(rook.out, krvk.string() + ": block ")) << rook.out;
    EXPECT_TRUE(contains(rook.out, "checksum does not match")) << rook.out;
    std::filesystem::remove_all(dir);
}

TEST(ChessCli, VerifyAndStatsWriteReportsForChessTables) {
    using namespace retrocheck::tb;
    const auto set =
        chess::build_closure({*chess::Material::parse("KQvK")}, BuildMethod::OutCounting);
    const auto pos = *retrocheck::chess::parse_fen("8/8/8/5k2/8/8/1Q6/K7 w - - 0 1");
    const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                      ("retrocheck-verify-reports-" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    chess::MaterialTable changed = *set.find(pos);
    changed.values[changed.id(pos)] = 21;  // a win two plies too long
    ASSERT_TRUE(store::write_table(changed, store::table_path(dir, changed.material())).ok());
    const auto junit = dir / "verify.xml", html = dir / "verify.html";
    const CliRun r =
        run("verify " + dir.string() + " --junit " + junit.string() + " --html " + html.string());
    EXPECT_EQ(r.status, 1) << r.out;
    std::ifstream j(junit), h(html);
    const std::string xml((std::istreambuf_iterator<char>(j)), {}),
        page((std::istreambuf_iterator<char>(h)), {});
    EXPECT_TRUE(contains(xml, "classname=\"verify.KQvK\" name=\"KQvK\"")) << xml;
    EXPECT_TRUE(contains(xml, "<failure")) << xml;
    EXPECT_TRUE(contains(xml, "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1")) << xml;
    EXPECT_TRUE(contains(xml, "child ")) << xml;
    EXPECT_TRUE(contains(page, "<svg class=\"board chess\"")) << page.substr(0, 2000);
    EXPECT_TRUE(contains(page, "finding: ")) << page.substr(0, 2000);
    EXPECT_TRUE(contains(page, "class=\"move\"")) << page.substr(0, 2000);
    // stats --html: each side's distances.
    const auto stats = dir / "stats.html";
    EXPECT_EQ(run("stats " + dir.string() + " --html " + stats.string()).status, 0);
    std::ifstream st(stats);
    const std::string histograms((std::istreambuf_iterator<char>(st)), {});
    EXPECT_TRUE(contains(histograms, "KQvK, White to move")) << histograms.substr(0, 2000);
    EXPECT_TRUE(contains(histograms, "KQvK, Black to move")) << histograms.substr(0, 2000);
    std::filesystem::remove_all(dir);
}

// `probe` reads a chess position from Syzygy's files, Gaviota's and ours, each folder recognised
// by its files: one value a move, in the distance the format stores; the results agree move by
// move, and Syzygy's DTZ is what the audit reads through Fathom.
TEST(ChessCli, ProbeReadsEveryChessFormatAlike) {
    RETROCHECK_THIRDPARTY_OR_SKIP(syzygy, "chess/syzygy");
    RETROCHECK_THIRDPARTY_OR_SKIP(gaviota, "chess/gaviota");
    const std::filesystem::path root = krvk_copy(syzygy, "probe-formats");
    const std::filesystem::path syz = root / "syzygy", gav = root / "gaviota", ours = root / "ours";
    std::filesystem::create_directories(syz);
    std::filesystem::create_directories(gav);
    for (const char* name : {"KRvK.rtbw", "KRvK.rtbz"})
        std::filesystem::rename(root / name, syz / name);
    std::filesystem::copy_file(gaviota / "krk.gtb.cp4", gav / "krk.gtb.cp4");
    ASSERT_EQ(run("build chess --material KRvK --out " + ours.string()).status, 0);
    const std::string fen = "8/8/8/8/8/8/R7/K1k5 b - - 0 1";
    std::map<std::string, nlohmann::json> docs;
    for (const auto& [format, dir] :
         {std::pair{"syzygy", syz}, {"gaviota", gav}, {"native", ours}}) {
        const CliRun r = run("probe " + dir.string() + " '" + fen + "' --json", "2>&1");
        ASSERT_EQ(r.status, 0) << r.out;
        docs[format] = nlohmann::json::parse(r.out);
        EXPECT_EQ(docs[format]["format"], format) << r.out;
        EXPECT_EQ(docs[format]["value"]["result"], "loss") << r.out;
    }
    EXPECT_EQ(docs["gaviota"]["value"]["metric"], "dtm");
    EXPECT_EQ(docs["gaviota"]["value"]["plies"], 14);
    EXPECT_EQ(docs["native"]["value"], docs["gaviota"]["value"]);
    EXPECT_EQ(docs["syzygy"]["value"]["metric"], "dtz");
    {
        auto tables = retrocheck::tb::chess::SyzygyTables::open(syz);
        ASSERT_TRUE(tables.ok()) << tables.error();
        const auto z = (*tables)->probe_dtz(*retrocheck::chess::parse_fen(fen));
        ASSERT_TRUE(z.ok() && z.dtz) << z.error;
        EXPECT_EQ(docs["syzygy"]["value"]["plies"], std::abs(*z.dtz));
    }
    // The JSON gives each child's own value: the result turned, a DTM one ply shorter. The text
    // gives the mover's view first, which for the best move is the position's value.
    for (const auto& [format, doc] : docs) {
        ASSERT_FALSE(doc["moves"].empty()) << doc.dump();
        const nlohmann::json& best = doc["moves"][0]["value"];
        EXPECT_EQ(best["result"], "win") << doc.dump();
        if (format != "syzygy") {
            EXPECT_EQ(best["plies"].get<int>(), doc["value"]["plies"].get<int>() - 1) << doc.dump();
        }
        const std::filesystem::path dir = format == "syzygy"    ? syz
                                          : format == "gaviota" ? gav
                                                                : ours;
        const CliRun text = run("probe " + dir.string() + " '" + fen + "'");
        ASSERT_EQ(text.status, 0) << text.out;
        const auto value_at = text.out.find("value: ");
        ASSERT_NE(value_at, std::string::npos) << text.out;
        const std::string value =
            text.out.substr(value_at + 7, text.out.find(" (", value_at) - value_at - 7);
        const auto uci_at = text.out.find(doc["moves"][0]["uci"].get<std::string>() + "   ");
        ASSERT_NE(uci_at, std::string::npos) << text.out;
        const std::string line = text.out.substr(uci_at, text.out.find('\n', uci_at) - uci_at);
        const std::string word = value.substr(0, value.find(' '));
        EXPECT_TRUE(contains(line, "   " + (format == "syzygy" ? word : value) + " "))
            << format << ": the best move's value for the mover is not " << value << "\n"
            << text.out;
    }
    // Best first for the mover: every move loses, the longest loss first (by DTM).
    for (const char* format : {"gaviota", "native"}) {
        int last = 1 << 20;
        for (const auto& m : docs[format]["moves"]) {
            const int plies = m["value"]["plies"];
            EXPECT_LE(plies, last) << format << ": " << docs[format].dump();
            last = plies;
        }
    }
    // Every move, with the child's result the same in the three.
    std::map<std::string, std::string> results;
    for (const auto& m : docs["native"]["moves"]) results[m["uci"]] = m["value"]["result"];
    EXPECT_FALSE(results.empty());
    for (const char* format : {"syzygy", "gaviota"}) {
        ASSERT_EQ(docs[format]["moves"].size(), results.size()) << format;
        for (const auto& m : docs[format]["moves"])
            EXPECT_EQ(m["value"]["result"], results[m["uci"]]) << format << " " << m.dump();
    }
    // A folder of two formats needs --db-format, and says so.
    std::filesystem::copy_file(ours / "KRvK.rctb", syz / "KRvK.rctb");
    const CliRun mixed = run("probe " + syz.string() + " '" + fen + "'");
    EXPECT_EQ(mixed.status, 2) << mixed.out;
    EXPECT_TRUE(contains(mixed.out, "holds tables of 2 kinds (chess native, chess syzygy)"))
        << mixed.out;
    EXPECT_EQ(run("probe " + syz.string() + " '" + fen + "' --db-format syzygy").status, 0);
    std::filesystem::remove_all(root);
}

// Tables are built and named in Syzygy's colouring: `build chess --material KvKR` writes
// KRvK.rctb (and KRvK.dtz.rctb), and the rook ending that KQvKR leads to is KRvK too, so our tables
// of KQvKR audit Syzygy's KQvKR and KRvK files as they are. An --db folder without a material the
// audited files need names it and the command that builds it.
TEST(ChessCli, TablesAreNamedAsSyzygyNamesThem) {
    RETROCHECK_THIRDPARTY_OR_SKIP(syzygy, "chess/syzygy");
    const std::filesystem::path dir = krvk_copy(syzygy, "lacks"), ours = dir / "ours",
                                kqvk = dir / "kqvk";
    const CliRun built = run("build chess --material kkr --metric both --out " + ours.string());
    ASSERT_EQ(built.status, 0) << built.out;
    EXPECT_TRUE(std::filesystem::exists(ours / "KRvK.rctb")) << built.out;
    EXPECT_FALSE(std::filesystem::exists(ours / "KvKR.rctb")) << built.out;
    const CliRun audited =
        run("audit --db-format syzygy " + dir.string() + " --db " + ours.string());
    EXPECT_EQ(audited.status, 0) << audited.out;
    EXPECT_TRUE(contains(
        audited.out, "our tables read from " + ours.string() + " a material at a time: at most "))
        << audited.out;
    // Black's rook: read through White's table, the position flipped.
    const CliRun probe = run("probe " + ours.string() + " '8/8/8/8/8/2k5/8/K1r5 w - - 0 1'");
    EXPECT_EQ(probe.status, 0) << probe.out;
    EXPECT_TRUE(contains(probe.out, "value: loss in 4 plies")) << probe.out;

    ASSERT_EQ(run("build chess --material KQvK --metric dtz --out " + kqvk.string()).status, 0);
    const CliRun r = run("audit --db-format syzygy " + dir.string() + " --db " + kqvk.string());
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_TRUE(contains(r.out, kqvk.string() + " lacks KRvK's DTZ table, a material")) << r.out;
    EXPECT_TRUE(contains(
        r.out, "retrocheck build chess --material KRvK --metric dtz --out " + kqvk.string()))
        << r.out;
    std::filesystem::remove_all(dir);
}

// --dtz-pieces N limits the DTZ comparison to materials of up to N pieces, and the report says for
// which materials it was done.
TEST(ChessCli, AuditJudgesDtzUpToDtzPieces) {
    RETROCHECK_THIRDPARTY_OR_SKIP(syzygy, "chess/syzygy");
    const std::filesystem::path dir = krvk_copy(syzygy, "dtz-pieces");
    const std::string audit = "audit --db-format syzygy " + dir.string() + " --json";
    for (const int pieces : {2, 3}) {
        const CliRun r = run(audit + " --dtz-pieces " + std::to_string(pieces));
        ASSERT_EQ(r.status, 0) << r.out;
        const auto doc = nlohmann::json::parse(r.out);
        EXPECT_EQ(doc["dtz"], pieces == 3) << r.out;
        // KRvK's file stores White's 21,959 wins, every one equal to ours; Black's are the
        // other side.
        EXPECT_EQ(doc["total_dtz_exact"], pieces == 3 ? 21959 : 0) << r.out;
        EXPECT_EQ(doc["total_dtz_other_side"], pieces == 3 ? 25233 : 0) << r.out;
        ASSERT_EQ(doc["slices"].size(), 2u) << r.out;
        for (const auto& row : doc["slices"]) EXPECT_EQ(row["dtz"], pieces == 3) << r.out;
    }
    // The folder's format recognised by its files' names, as every table reader does.
    const CliRun recognised = run("audit " + dir.string() + " --json --dtz-pieces 2");
    ASSERT_EQ(recognised.status, 0) << recognised.out;
    EXPECT_EQ(nlohmann::json::parse(recognised.out)["format"], "syzygy") << recognised.out;
    std::filesystem::remove_all(dir);
}

}  // namespace

// A build under the least memory its tables need (build --plan's figure, DTZ50's with its phase
// lists) reads KPvK's four
// successors a group at a time, DTM and DTZ50, and writes the same files as a build with room
// for them all; a budget below the least is refused before anything is written.
TEST(ChessCli, ABuildWithinTheLeastMemoryWritesTheSameFiles) {
    const CliRun plan =
        run("build chess --material KPvK --metric both --plan --rate 1e6 --json", "2>/dev/null");
    ASSERT_EQ(plan.status, 0) << plan.out;
    const auto least = nlohmann::json::parse(plan.out)["least_memory_bytes"].get<std::uint64_t>();
    const std::filesystem::path root =
        std::filesystem::temp_directory_path() / ("retrocheck-least-" + std::to_string(getpid()));
    std::filesystem::remove_all(root);
    const CliRun tight = run("build chess --material KPvK --metric both --memory " +
                             std::to_string(least) + " --out " + (root / "tight").string());
    ASSERT_EQ(tight.status, 0) << tight.out;
    EXPECT_TRUE(contains(tight.out, "(successors in 4 groups)")) << tight.out;
    const CliRun roomy =
        run("build chess --material KPvK --metric both --out " + (root / "roomy").string());
    ASSERT_EQ(roomy.status, 0) << roomy.out;
    EXPECT_FALSE(contains(roomy.out, "groups")) << roomy.out;
    int files = 0;
    for (const auto& f : std::filesystem::directory_iterator(root / "roomy")) {
        ++files;
        EXPECT_EQ(retrocheck::tb::testing::slurp(f.path()),
                  retrocheck::tb::testing::slurp(root / "tight" / f.path().filename()))
            << f.path().filename();
    }
    EXPECT_EQ(files, 10);  // KPvK and its four successors, DTM and DTZ50
    const CliRun refused = run("build chess --material KPvK --metric both --memory " +
                               std::to_string(least - 1) + " --out " + (root / "refused").string());
    EXPECT_EQ(refused.status, 2) << refused.out;
    EXPECT_TRUE(contains(refused.out, "KPvK needs about")) << refused.out;
    EXPECT_TRUE(contains(refused.out, "more than --memory")) << refused.out;
    EXPECT_FALSE(std::filesystem::exists(root / "refused"));
    std::filesystem::remove_all(root);
}

// A plan times every metric it builds: --rate is each metric's, so a material built in both takes
// twice its time in one; a measured rate names each metric's calibration build.
TEST(ChessCli, APlanTimesEachMetricItBuilds) {
    const auto seconds = [](const std::string& metric) {
        const CliRun r =
            run("build chess --material KBPvK --plan --rate 1e6 --json" + metric, "2>/dev/null");
        EXPECT_EQ(r.status, 0) << r.out;
        const auto j = nlohmann::json::parse(r.out);
        return std::pair{j["total_slots"].get<double>(), j["total_seconds"].get<double>()};
    };
    const auto [slots, dtm] = seconds("");
    EXPECT_NEAR(dtm, slots / 1e6, 0.01);
    EXPECT_NEAR(seconds(" --metric dtz").second, slots / 1e6, 0.01);
    EXPECT_NEAR(seconds(" --metric both").second, 2 * slots / 1e6, 0.01);
    const CliRun measured = run("build chess --material KPvK --metric both --plan", "2>/dev/null");
    ASSERT_EQ(measured.status, 0) << measured.out;
    EXPECT_TRUE(contains(measured.out, "measured here: KQvKR and what it leads to, DTM "))
        << measured.out;
    EXPECT_TRUE(contains(measured.out, ", DTZ50 ")) << measured.out;
}

// The process stays within the budget, not only the tables it plans: at KBPvK's least memory,
// DTM then DTZ50 (whose pawn phases are listed by id), the peak is at most the budget. It went
// 4% over (86.4 MB of 82.8 MB) while tables kept for later slices stayed as a build began and
// the phase lists went uncounted.
TEST(ChessCli, ABuildPeaksWithinItsBudget) {
    const CliRun plan =
        run("build chess --material KBPvK --metric both --plan --rate 1e6 --json", "2>/dev/null");
    ASSERT_EQ(plan.status, 0) << plan.out;
    const auto least = nlohmann::json::parse(plan.out)["least_memory_bytes"].get<std::uint64_t>();
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("retrocheck-peak-" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    const CliRun built = run("build chess --material KBPvK --metric both --json --memory " +
                             std::to_string(least) + " --out " + dir.string());
    ASSERT_EQ(built.status, 0) << built.out;
    const auto peak = nlohmann::json::parse(built.out)["peak_memory_bytes"].get<std::uint64_t>();
    EXPECT_GT(peak, least / 2) << "the tables should fill most of the budget";
    EXPECT_LE(peak, least);
    std::filesystem::remove_all(dir);
}
