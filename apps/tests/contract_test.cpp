// The contract every command keeps (README, "The contract"): exit codes 0 / 1 / 2, one-line
// errors naming the problem, no pass over nothing, bulk input, the value shape, readable text.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "apps/tests/cli_run.h"
#include "apps/tests/four_pieces.h"
#include "tablebases/tests/scratch.h"
#include "tablebases/tests/thirdparty.h"

namespace {

namespace fs = std::filesystem;
using retrocheck::tb::testing::scratch;
using retrocheck::tb::testing::spit;

const std::string kData = RETROCHECK_TEST_DATA;

// Every command, on good input (exit 0) and on bad input (exit 2, one line naming the problem).
TEST(Contract, EveryCommandGoodAndBad) {
    const std::string t4 = four_pieces().string();
    const fs::path dir = scratch("contract_every");
    spit(dir / "one.tsv", "W:WK17,24:B8,K18\tloss\t24-19\t-\tOldbury 17\t-\n");
    struct Case {
        std::string args;
        int status;
        std::string says;  // for status 2: what the error line names; else a piece of output
    };
    const Case cases[] = {
        {"show 'W:WK17,24:B8,K18'", 0, "White to move"},
        {"show 'W:WK17,24:B8,K18' --moves 24-19", 0, "Black to move"},
        {"show 'W:W17:B8' --moves '17-13 8-12 13-9 12-15'", 2, "move 4 '12-15'"},
        {"moves 'B:W15,24,23:B10'", 0, "10x19x26"},
        {"moves 'B:W15:B10,10'", 2, "used twice"},
        {"perft 4", 0, "1,469"},
        {"perft 'W:WK17,24:B8,K18' 99", 2, "depth 99 is outside 0-40"},
        {"build checkers --pieces 2 --out " + (dir / "t2").string(), 0, "built 15 slices"},
        {"build checkers --pieces 2 --out ''", 2, "--out: the directory name is empty"},
        {"build checkers --pieces 9 --out " + (dir / "t9").string(), 2, "--pieces"},
        {"verify " + t4, 0, "findings: 0"},
        {"verify " + (dir / "nothing").string(), 2, "No such file or directory"},
        {"stats " + t4, 0, "1K v 1K"},
        {"stats " + (dir / "t2" / "bm0bk0wm0wk1.rctb").string(), 2, "cannot read the directory"},
        {"probe " + t4 + " 'B:WK22:BK31'", 0, "value: draw (dtw)"},
        {"probe " + t4 + " 'B:WK22:BK31' --db-format chess", 2, "chess"},
        {"check --pieces 2 --out " + (dir / "t2").string(), 0, "findings: 0"},
        {"check --pieces 0", 2, "--pieces"},
        {"audit --db-format native " + t4, 0, "disagreements 0, violations 0"},
        {"audit --db-format chinook " + (dir / "none").string(), 2, "No such file or directory"},
        {"search 'W:WK17,24:B8,K18' --depth 3", 0, "best move: "},
        {"search 'W:WK17,24:B8,K18' --time x", 2, "--time"},
        {"bench --depth 2", 0, "nodes: "},
        {"bench --depth 0", 2, "--depth"},
        {"corpus " + (dir / "one.tsv").string() + " --db " + t4, 0, "1 of 1 entries pass"},
        {"corpus " + (dir / "none.tsv").string(), 2, "No such file or directory"},
        {"corpus " + kData + "/problems.pdn --db " + t4, 0, "2 of 2 entries pass"},
        {"pdn " + kData + "/games.pdn", 0, "4 games"},
        {"pdn " + kData + "/illegal.pdn", 2, "game 2, move 2 (White) '19-26'"},
    };
    for (const Case& c : cases) {
        if (c.status == 2) {
            expect_refused(c.args, c.says);
            continue;
        }
        const CliRun r = run(c.args);
        EXPECT_EQ(r.status, c.status) << c.args << "\n" << r.out;
        EXPECT_TRUE(contains(r.out, c.says)) << c.args << "\n" << r.out;
    }
}

// A check over nothing is an error, never a pass.
TEST(Contract, NothingToCheckIsAnError) {
    const fs::path dir = scratch("contract_empty");
    fs::create_directories(dir / "empty");
    spit(dir / "empty.tsv", "");
    spit(dir / "comments.tsv", "# only a comment\n\n");
    spit(dir / "empty.pdn", "; no games here\n");
    spit(dir / "nothing.txt", "# no positions\n");
    expect_refused("corpus " + (dir / "empty.tsv").string(), "empty.tsv: no entries");
    expect_refused("corpus " + (dir / "comments.tsv").string(), "no entries");
    expect_refused("corpus " + dir.string(), "is a directory, not a file");
    expect_refused("verify " + (dir / "empty").string(), "no table files (*.rctb) here");
    expect_refused("stats " + (dir / "empty").string(), "no table files (*.rctb) here");
    expect_refused("audit --db-format native " + (dir / "empty").string(), "no table files");
    expect_refused("pdn " + (dir / "empty.pdn").string(), "empty.pdn: no games");
    expect_refused(
        "probe " + four_pieces().string() + " --fen-file " + (dir / "nothing.txt").string(),
        "nothing.txt: no positions");
}

// Exit 1 is for something wrong found: a failed corpus entry, a move that throws a game away.
TEST(Contract, FindingsExitOne) {
    const fs::path dir = scratch("contract_found");
    spit(dir / "wrong.tsv", "B:WK17,24:B8,K18\twin\t-\t-\tdeliberately wrong\t-\n");
    const CliRun c =
        run("corpus " + (dir / "wrong.tsv").string() + " --db " + four_pieces().string());
    EXPECT_EQ(c.status, 1) << c.out;
    const CliRun p = run("pdn " + kData + "/games.pdn --db " + four_pieces().string());
    EXPECT_EQ(p.status, 1) << p.out;
    EXPECT_TRUE(
        contains(p.out, "ERROR ply 1, 1. 18-22 (Black) turns a draw into a loss: draw before it"))
        << p.out;
}

TEST(Contract, BuildRefusesTablesItWouldNotRewrite) {
    const fs::path dir = scratch("contract_stale");
    ASSERT_EQ(run("build checkers --pieces 3 --out " + dir.string() + " --quiet").status, 0);
    expect_refused("build checkers --pieces 2 --out " + dir.string(),
                   "holds 20 table files this build would not rewrite (bm0bk0wm0wk3.rctb, ");
    EXPECT_TRUE(fs::exists(dir / "bm0bk1wm0wk2.rctb"));  // refused: nothing removed
    const CliRun r = run("build checkers --pieces 2 --out " + dir.string() + " --overwrite");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_FALSE(fs::exists(dir / "bm0bk1wm0wk2.rctb"));
    const auto v = nlohmann::json::parse(run("verify " + dir.string() + " --json").out);
    EXPECT_EQ(v["slices"], 15);
    EXPECT_EQ(v["violations"], 0);
}

TEST(Contract, PositionsInBulk) {
    const fs::path dir = scratch("contract_bulk");
    spit(dir / "fens.txt", "# Oldbury\nW:WK17,24:B8,K18\n\n  B:WK22:BK31  \n");
    spit(dir / "bad.txt", "W:WK17,24:B8,K18\nB:WK22:BK33\n");
    const std::string fens = (dir / "fens.txt").string();
    // stdin and a file give the same records, one JSON line a position.
    const CliRun in = run("probe " + four_pieces().string() + " - --json < " + fens);
    const CliRun file = run("probe " + four_pieces().string() + " --json --fen-file " + fens);
    ASSERT_EQ(in.status, 0) << in.out;
    EXPECT_EQ(in.out, file.out);
    std::istringstream lines(in.out);
    std::string line;
    std::vector<nlohmann::json> docs;
    while (std::getline(lines, line)) docs.push_back(nlohmann::json::parse(line));
    ASSERT_EQ(docs.size(), 2u);
    EXPECT_EQ(docs[0]["value"]["plies"], 18);
    EXPECT_EQ(docs[1]["fen"], "B:WK22:BK31");
    // perft, moves and search take the same input.
    const CliRun perft = run("perft - 3 --json < " + fens);
    EXPECT_EQ(std::count(perft.out.begin(), perft.out.end(), '\n'), 2) << perft.out;
    const CliRun moves = run("moves --fen-file " + fens + " --moves 17-13");
    EXPECT_EQ(moves.status, 2) << moves.out;  // B:WK22:BK31 has no piece on 17
    EXPECT_TRUE(contains(moves.out, "fens.txt line 4: --moves: move 1 '17-13'")) << moves.out;
    // --moves plays from each position first.
    const auto after = nlohmann::json::parse(
        run("probe " + four_pieces().string() + " 'W:WK17,24:B8,K18' --moves '24-19 8-11' --json")
            .out);
    EXPECT_EQ(after["fen"], "W:WK17,19:B11,K18");
    EXPECT_EQ(after["value"]["plies"], 16);
    // A bad line is refused by where it is, before any work.
    expect_refused("show - < " + (dir / "bad.txt").string(), "stdin line 2: bad FEN 'B:WK22:BK33'");
    expect_refused("show --fen-file " + (dir / "bad.txt").string() + " 'W:W17:B8'",
                   "either a FEN or --fen-file");
}

TEST(Contract, ErrorsUnderJsonAreADocumentOnStdout) {
    for (const std::string args : {"verify /nonexistent/t --json", "perft 'W:W17:B8' x --json",
                                   "search --no-such-flag --json", "frobnicate --json"}) {
        const CliRun r = run(args, "2>/dev/null");
        EXPECT_EQ(r.status, 2) << args;
        const auto j = nlohmann::json::parse(r.out);
        ASSERT_TRUE(j["error"]["message"].is_string()) << args << "\n" << r.out;
        EXPECT_FALSE(j["error"]["message"].get<std::string>().empty()) << args;
    }
}

TEST(Contract, MessagesNameTheProblem) {
    // A long FEN echoed in an error is cut at 80 characters.
    const std::string junk = "W:W" + std::string(300, '1') + ":B8";
    const CliRun r = run("show '" + junk + "'");
    EXPECT_EQ(r.status, 2);
    EXPECT_LT(r.out.size(), 400u) << r.out;
    EXPECT_TRUE(contains(r.out, "...'")) << r.out;
    // A folder of one format is read as that format without naming it; told it is ours, a
    // folder of another format says which --db-format reads it; a folder of two formats asks
    // which.
    RETROCHECK_THIRDPARTY_OR_SKIP(chinook, "checkers/chinook");
    expect_refused("probe " + chinook.string() + " 'W:WK17,24:B8,K18' --db-format native",
                   "give --db-format chinook");
    RETROCHECK_THIRDPARTY_OR_SKIP(cake, "checkers/cake");
    expect_refused("search --db " + cake.string() + " --db-format native", "give --db-format cake");
    for (const auto& dir : {chinook, cake}) {
        for (const char* format : {"", " --db-format auto"}) {
            const CliRun probe = run("probe " + dir.string() + " 'W:WK17,24:B8,K18'" + format);
            EXPECT_EQ(probe.status, 0) << probe.out;
            EXPECT_TRUE(contains(probe.out, "value: loss (wld)")) << probe.out;
        }
    }
    const auto both = retrocheck::tb::testing::scratch("two-formats");
    for (const auto& f : std::filesystem::directory_iterator(cake))
        std::filesystem::create_symlink(f.path(), both / f.path().filename());
    for (const auto& f : std::filesystem::directory_iterator(four_pieces()))
        std::filesystem::create_symlink(f.path(), both / f.path().filename());
    expect_refused("probe " + both.string() + " 'W:WK17,24:B8,K18'",
                   "holds tables of 2 kinds (checkers native, checkers cake): name the one to "
                   "read with --db-format");
    const CliRun ours = run("probe " + both.string() + " 'W:WK17,24:B8,K18' --db-format native");
    EXPECT_TRUE(contains(ours.out, "value: loss in 18 plies (dtw)")) << ours.out;
}

TEST(Contract, TextIsForPeople) {
    const std::string t4 = four_pieces().string();
    const CliRun probe = run("probe " + t4 + " 'W:WK17,24:B8,K18'");
    EXPECT_TRUE(contains(probe.out, "value: loss in 18 plies (dtw)")) << probe.out;
    const CliRun stats = run("stats " + t4);
    // A white king alone, Black to move: Black has lost, no win: "-", never -1.
    bool dash = false;
    std::istringstream lines(stats.out);
    for (std::string line; std::getline(lines, line);) {
        EXPECT_FALSE(contains(line, " -1 ")) << line;
        if (line.rfind("1K v 0 ", 0) == 0 && contains(line, "black")) dash = contains(line, " - ");
    }
    EXPECT_TRUE(dash) << stats.out;
    const CliRun help = run("check --help");
    // Defaults as used: shown after '=' where one value is the default, in words where the
    // game decides it.
    for (const char* d : {"default: 5 for checkers, 4 for chess", "default: tables; chess-tables",
                          "=outcount", "=0"})
        EXPECT_TRUE(contains(help.out, d)) << d << " not in\n" << help.out;
    const CliRun perft = run("perft 5");
    EXPECT_TRUE(contains(perft.out, "nodes/s")) << perft.out;
    EXPECT_TRUE(contains(perft.out, " s\n")) << perft.out;
}

}  // namespace
