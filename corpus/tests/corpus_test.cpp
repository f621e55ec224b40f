// The corpus file parser (every refusal names the line and the field) and the runner, through
// tables and by the prover; chess entries, through the tables alone.
#include <gtest/gtest.h>

#include "corpus/corpus_file.h"
#include "corpus/runner.h"
#include "engine/checkers/notation.h"
#include "tablebases/chess/build.h"
#include "tablebases/probe/search_probe.h"
#include "tablebases/tests/tables.h"

namespace retrocheck::corpus {
namespace {

TEST(CorpusFile, ParsesEntries) {
    const auto entries = parse_corpus(
        "# comment\n\n"
        "W:W32,27,24,K22,14:B20,19,K15,13,1\tdraw\t14-10\t32-28, 22-17\tpublished\tkey move\n"
        "B:WK1,K5,K10:BK9\tloss in 8\t-\t-\tloop\t-\r\n"
        "W:WK25,K22:BK14,13,K2\tloss in 46\t-\t-\tLasker\tdisputed: draw; the e-text\n",
        "c.tsv");
    ASSERT_TRUE(entries.ok()) << entries.error();
    ASSERT_EQ(entries->size(), 3u);
    const Entry& e = (*entries)[0];
    EXPECT_EQ(e.line, 3);
    EXPECT_EQ(e.verdict, Outcome::draw());
    ASSERT_EQ(e.keeps.size(), 1u);
    EXPECT_EQ(checkers::format_move(e.keeps[0]), "14-10");
    ASSERT_EQ(e.spoils.size(), 2u);
    EXPECT_EQ(checkers::format_move(e.spoils[1]), "22-17");
    EXPECT_EQ(e.source, "published");
    EXPECT_EQ(e.note, "key move");
    EXPECT_FALSE(e.disputed);
    EXPECT_EQ((*entries)[1].verdict, Outcome::loss(8));
    EXPECT_EQ((*entries)[1].line, 4);
    EXPECT_EQ((*entries)[1].note, "");
    EXPECT_EQ((*entries)[2].disputed, Wld::Draw);
    EXPECT_EQ((*entries)[2].note, "disputed: draw; the e-text");
}

TEST(CorpusFile, RefusesWithLineAndField) {
    const struct {
        const char* text;
        const char* message;
    } cases[] = {
        {"W:WK17,24:B8,K18\tloss\t-\t-\tx\n", "c.tsv:1: expected 6 tab-separated fields"},
        {"W:WK17,24:B8,K99\tloss\t-\t-\tx\t-\n", "c.tsv:1: bad checkers FEN"},
        {"W:WK17,24:B8,K18\tlost\t-\t-\tx\t-\n", "c.tsv:1: bad result 'lost'"},
        {"W:WK17,24:B8,K18\tloss in 7\t-\t-\tx\t-\n", "bad result 'loss in 7'"},
        {"W:WK17,24:B8,K18\tdraw in 4\t-\t-\tx\t-\n", "bad result 'draw in 4'"},
        {"W:WK17,24:B8,K18\tloss\t24-28\t-\tx\t-\n", "c.tsv:1: keeps: "},
        {"W:WK17,24:B8,K18\tloss\t-\t24-19\tx\t-\n", "no move that spoils"},
        {"W:WK17,24:B8,K18\tdraw\t-\t-\t\t-\n", "names its source"},
        {"W:WK17,24:B8,K18\tdraw\t-\t-\tx\tdisputed: drawn\n", "names the published verdict"},
        {"#\nW:WK17,24:B8,K18\tdraw\t-\t-\tx\tdisputed: draw\n",
         "c.tsv:2: a disputed entry's published verdict (draw) must differ"},
    };
    for (const auto& c : cases) {
        const auto r = parse_corpus(c.text, "c.tsv");
        ASSERT_FALSE(r.ok()) << c.text;
        EXPECT_NE(r.error().find(c.message), std::string::npos) << r.error();
    }
    const auto missing = read_corpus("/nonexistent/c.tsv");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().find("No such file or directory"), std::string::npos);
    EXPECT_NE(read_corpus("/").error().find("is a directory"), std::string::npos);
}

TEST(CorpusFile, DistancesMayCarryTheirUnit) {
    const auto entries = parse_corpus("B:WK1,K5,K10:BK9\tloss in 8 plies\t-\t-\tloop\t-\n", "c");
    ASSERT_TRUE(entries.ok()) << entries.error();
    EXPECT_EQ((*entries)[0].verdict, Outcome::loss(8));
}

// A PDN problem file: each game's set-up an entry, its result the verdict (PDN's colours: 1-0
// is a win for Black, who moves first), its first move a key move.
TEST(CorpusPdn, SetUpsResultsAndKeyMoves) {
    const auto entries = parse_pdn_corpus(
        "[Event \"Oldbury, diagram 17\"]\n[FEN \"W:WK17,24:B8,K18\"]\n[Result \"1-0\"]\n"
        "1... 24-19 {the longest defence} 2. 8-11 1-0\n\n"
        "[FEN \"B:WK17,24:B8,K18\"]\n1/2-1/2\n\n"
        "[Event \"Three kings\"]\n[FEN \"B:WK22,K23,K24:BK31,K32\"]\n0-1\n",
        "p.pdn");
    ASSERT_TRUE(entries.ok()) << entries.error();
    ASSERT_EQ(entries->size(), 3u);
    const Entry& d17 = (*entries)[0];
    EXPECT_EQ(checkers::format_fen(d17.position), "W:WK17,24:B8,K18");
    EXPECT_EQ(d17.verdict, Outcome::of(Wld::Loss));  // Black wins; White is to move
    ASSERT_EQ(d17.keeps.size(), 1u);
    EXPECT_EQ(checkers::format_move(d17.keeps[0]), "24-19");
    EXPECT_EQ(d17.source, "Oldbury, diagram 17");
    EXPECT_EQ(d17.line, 1);
    EXPECT_EQ((*entries)[1].verdict, Outcome::draw());
    EXPECT_TRUE((*entries)[1].keeps.empty());
    EXPECT_EQ((*entries)[1].source, "p.pdn game 2");
    EXPECT_EQ((*entries)[2].verdict, Outcome::of(Wld::Loss));  // White wins; Black is to move

    const struct {
        const char* text;
        const char* message;
    } bad[] = {
        {"[Event \"x\"]\n1. 11-15 *\n", "p.pdn: game 1 (line 1): no [FEN] set-up"},
        {"[FEN \"W:WK17,24:B8,K18\"]\n1... 24-19 *\n", "game 1 (line 1): no result"},
        {"[FEN \"W:WK17,24:B8,K18\"]\n1... 24-28 1-0\n", "move 1 (White) '24-28'"},
        {"[FEN \"W:WK17,24:B8,K18\"]\n{ 1-0\n", "unterminated comment"},
    };
    for (const auto& c : bad) {
        const auto r = parse_pdn_corpus(c.text, "p.pdn");
        ASSERT_FALSE(r.ok()) << c.text;
        EXPECT_NE(r.error().find(c.message), std::string::npos) << r.error();
    }
}

class CorpusRunner : public ::testing::Test {
  protected:
    const tb::MemorySource source{tb::testing::built_tables(4)};
    tb::SearchProbe probe{source, 4};
    checkers::prove::ProveLimits limits{2'000'000, 0, 1u << 20};

    EntryReport check(const std::string& line) {
        const auto entries = parse_corpus(line, "t");
        EXPECT_TRUE(entries.ok()) << entries.error();
        return check_entry(entries->front(), &probe, limits);
    }
};

TEST_F(CorpusRunner, TablesDecideWhereTheyReach) {
    const auto r = check("W:WK17,24:B8,K18\tloss in 18\t24-19,17-13\t-\tOldbury\t-\n");
    EXPECT_TRUE(r.passed());
    ASSERT_EQ(r.checks.size(), 3u);
    EXPECT_EQ(r.checks[0].method, "tables");
    EXPECT_EQ(r.checks[2].found, "loss in 8 plies (table)");
    // A wrong distance fails.
    EXPECT_FALSE(check("W:WK17,24:B8,K18\tloss in 16\t-\t-\tx\t-\n").passed());
}

// Five pieces, tables up to four: Lasker's diagram 103, published as a draw, is a proven loss.
TEST_F(CorpusRunner, ProvesBeyondTheTables) {
    const auto r = check("W:WK25,K22:BK14,13,K2\tloss\t-\t-\tLasker\tdisputed: draw\n");
    ASSERT_EQ(r.checks.size(), 1u);
    EXPECT_TRUE(r.passed()) << r.checks[0].found;
    EXPECT_EQ(r.checks[0].method, "proof");
    EXPECT_EQ(r.checks[0].value, Outcome::of(Wld::Loss));
    EXPECT_FALSE(r.checks[0].line.empty());
    EXPECT_GT(r.checks[0].proof_size, 0u);
    // Its published verdict fails: the draw is disproven, not merely unproven.
    const auto published = check("W:WK25,K22:BK14,13,K2\tdraw\t-\t-\tLasker\t-\n");
    EXPECT_FALSE(published.passed());
    EXPECT_EQ(published.checks[0].found.rfind("loss (proven", 0), 0u) << published.checks[0].found;
}

// A draw passes only when proven: both questions disproven. A keep of a draw is proven not to
// lose, a spoil proven to lose; a budget that runs out fails and says so.
TEST_F(CorpusRunner, DrawsAreProvenToo) {
    const auto r = check("B:W20,16,K2:BK25,K10\tdraw\t25-22\t10-6\tGrey\t-\n");
    ASSERT_EQ(r.checks.size(), 3u);
    EXPECT_TRUE(r.passed()) << r.checks[0].found << " / " << r.checks[1].found;
    EXPECT_EQ(r.checks[0].found.rfind("draw (proven", 0), 0u) << r.checks[0].found;
    EXPECT_EQ(r.checks[1].found.rfind("not a loss (proven", 0), 0u) << r.checks[1].found;
    EXPECT_EQ(r.checks[2].found.rfind("loss (proven", 0), 0u) << r.checks[2].found;
    // 10-6 keeps nothing: claiming it does fails.
    EXPECT_FALSE(check("B:W20,16,K2:BK25,K10\tdraw\t10-6\t-\tGrey\t-\n").passed());
    limits.nodes = 10;
    const auto tiny = check("B:W20,16,K2:BK25,K10\tdraw\t-\t-\tGrey\t-\n");
    EXPECT_FALSE(tiny.passed());
    EXPECT_EQ(tiny.status(), Status::Unknown);  // not proven within the budget: not disproven
    EXPECT_TRUE(tiny.checks[0].unknown);
    EXPECT_EQ(tiny.checks[0].found.rfind("unknown (node budget", 0), 0u) << tiny.checks[0].found;
    // Marked open, the same entry is neither passed nor failed; a verdict disproven still fails.
    const auto open = check("B:W20,16,K2:BK25,K10\tdraw\t-\t-\tGrey\topen: too deep\n");
    EXPECT_TRUE(open.entry.open);
    EXPECT_EQ(open.status(), Status::Open);
    limits.nodes = 2'000'000;
    const auto wrong = check("W:WK25,K22:BK14,13,K2\tdraw\t-\t-\tLasker\topen: x\n");
    EXPECT_FALSE(wrong.passed());
    EXPECT_EQ(wrong.status(), Status::Fail);
}

// A distance beyond the tables is proven exactly, or the entry fails: "distance disproven" when
// the value is shorter or longer, unknown when the budget runs out; an entry without a distance
// says it was checked for its result alone. Three kings against one, tables of two pieces: a win
// in 15 (CHECKERS.md's three-piece tables agree).
TEST_F(CorpusRunner, DistancesBeyondTheTablesAreProvenOrFail) {
    const tb::MemorySource two{tb::testing::built_tables(2)};
    tb::SearchProbe small{two, 2};
    const auto run = [&](const std::string& verdict, std::uint64_t nodes) {
        const auto entries = parse_corpus("W:WK19,K23:BK32\t" + verdict + "\t-\t-\tx\t-\n", "t");
        EXPECT_TRUE(entries.ok()) << entries.error();
        const checkers::prove::ProveLimits budget{nodes, 0, 1u << 20};
        return check_entry(entries->front(), &small, budget);
    };
    const auto exact = run("win in 15", 2'000'000);
    EXPECT_TRUE(exact.passed()) << exact.checks[0].found;
    EXPECT_EQ(exact.checks[0].value, Outcome::win(15));
    EXPECT_NE(exact.checks[0].found.find("the distance too"), std::string::npos);
    for (const auto& [verdict, says] : {std::pair{"win in 13", "not a win within 13 plies"},
                                        std::pair{"win in 17", "a win within 15 plies"}}) {
        const auto wrong = run(verdict, 2'000'000);
        EXPECT_EQ(wrong.status(), Status::Fail) << verdict;
        EXPECT_NE(wrong.checks[0].found.find(std::string("distance disproven: ") + says),
                  std::string::npos)
            << wrong.checks[0].found;
    }
    const auto unknown = run("win in 15", 500);
    EXPECT_EQ(unknown.status(), Status::Unknown);
    EXPECT_NE(unknown.checks[0].found.find("distance not proven (node budget)"), std::string::npos)
        << unknown.checks[0].found;
    const auto verdict_only = run("win", 2'000'000);
    EXPECT_TRUE(verdict_only.passed());
    EXPECT_EQ(verdict_only.checks[0].expected, "win (verdict only)");
}

// Chinook and Cake give no distances: an entry's distance is then not held against them.
TEST_F(CorpusRunner, DistancesAreCheckedOnlyWhereTablesHaveThem) {
    class WldOnly final : public tb::TableSource {
      public:
        explicit WldOnly(const tb::TableSource& full) : full_(full) {}
        tb::ProbeResult probe(const checkers::Position& pos) const override {
            tb::ProbeResult r = full_.probe(pos);
            r.value = r.value.wld_only();
            return r;
        }
        bool has_distance() const override { return false; }

      private:
        const tb::TableSource& full_;
    };
    const WldOnly wld(source);
    tb::SearchProbe wld_probe(wld, 4);
    const auto entries = parse_corpus("B:WK1,K5,K10:BK9\tloss in 8\t-\t-\tloop\t-\n", "t");
    ASSERT_TRUE(entries.ok()) << entries.error();
    const auto r = check_entry(entries->front(), &wld_probe, limits);
    EXPECT_TRUE(r.passed());
    EXPECT_EQ(r.checks[0].found, "loss (table)");
}

// Without tables: a keep's line starts with the move, and a wrong keep is proven wrong.
TEST(CorpusProof, KeepsAreProvenThroughTheMove) {
    const checkers::prove::ProveLimits limits{100'000, 0, 1u << 16};
    const auto entries = parse_corpus("B:W18:BK14\twin\t14x23\t-\tlast piece\t-\n", "t");
    ASSERT_TRUE(entries.ok()) << entries.error();
    const auto r = check_entry(entries->front(), nullptr, limits);
    EXPECT_TRUE(r.passed());
    ASSERT_EQ(r.checks.size(), 2u);
    EXPECT_EQ(r.checks[0].found.rfind("win (proven", 0), 0u) << r.checks[0].found;
    ASSERT_EQ(r.checks[1].line.size(), 1u);
    EXPECT_EQ(checkers::format_move(r.checks[1].line[0]), "14x23");
}

TEST(ChessCorpusFile, ParsesSanAndUciMoves) {
    const std::string text =
        "# under-promotion\n"
        "8/1P6/k7/8/K7/8/8/8 w - - 0 1\twin in 13\tb8=R\tb7b8q, b8=N+\tCHESS.md\t-\n";
    EXPECT_TRUE(is_chess_corpus(text));
    EXPECT_FALSE(is_chess_corpus("# x\nW:WK17,24:B8,K18\tloss\t-\t-\tx\t-\n"));
    EXPECT_FALSE(is_chess_corpus("[Event \"x\"]\n"));
    const auto entries = parse_corpus<chess::Position>(text, "c.tsv");
    ASSERT_TRUE(entries.ok()) << entries.error();
    ASSERT_EQ(entries->size(), 1u);
    const ChessEntry& e = entries->front();
    EXPECT_EQ(e.line, 2);
    EXPECT_EQ(e.verdict, Outcome::win(13));
    ASSERT_EQ(e.keeps.size(), 1u);
    EXPECT_EQ(chess::format_uci(e.keeps[0]), "b7b8r");
    ASSERT_EQ(e.spoils.size(), 2u);
    EXPECT_EQ(chess::format_san(e.position, e.spoils[0]), "b8=Q");
    EXPECT_EQ(chess::format_uci(e.spoils[1]), "b7b8n");
}

TEST(ChessCorpusFile, RefusesWithLineAndToken) {
    const struct {
        const char* text;
        const char* message;
    } cases[] = {
        {"8/1P6/k7/8/K7/8/8/9 w - - 0 1\twin\t-\t-\tx\t-\n", "c.tsv:1: bad chess FEN"},
        {"8/1P6/k7/8/K7/8/8/8 w - - 0 1\twin\tb8=K\t-\tx\t-\n", "c.tsv:1: keeps: "},
        {"8/1P6/k7/8/K7/8/8/8 w - - 0 1\twin\t-\tKa5\tx\t-\n", "c.tsv:1: spoils: "},
        {"8/1P6/k7/8/K7/8/8/8 w - - 0 1\twin in 12\t-\t-\tx\t-\n", "bad result 'win in 12'"},
        // A corpus holds one game: a checkers line in a chess corpus is a bad chess FEN.
        {"8/1P6/k7/8/K7/8/8/8 w - - 0 1\twin\t-\t-\tx\t-\nW:WK17,24:B8,K18\tloss\t-\t-\tx\t-\n",
         "c.tsv:2: bad chess FEN (a corpus holds the game of its first entry)"},
    };
    for (const auto& c : cases) {
        const auto r = parse_corpus<chess::Position>(c.text, "c.tsv");
        ASSERT_FALSE(r.ok()) << c.text;
        EXPECT_NE(r.error().find(c.message), std::string::npos) << r.error();
    }
}

// KPvK built in memory (and its successors), as the search sees tables.
class ChessCorpusRunner : public ::testing::Test {
  protected:
    class Probe final : public search::EndgameProbeOf<chess::Position> {
      public:
        std::optional<Outcome> probe(const chess::Position& pos) override {
            return tables().probe(pos);
        }
        int max_pieces() const override { return 4; }
    };
    static const tb::chess::MaterialTableSet& tables() {
        static const auto set = tb::chess::build_closure({*tb::chess::Material::parse("KPvK")},
                                                         tb::BuildMethod::OutCounting);
        return set;
    }
    static ChessEntry entry(const std::string& line) {
        const auto entries = parse_corpus<chess::Position>(line + "\n", "t");
        EXPECT_TRUE(entries.ok()) << entries.error();
        return entries->front();
    }
    Probe probe;
};

// CHESS.md's under-promotion win: b8=R keeps it, b8=Q (stalemate) spoils it.
TEST_F(ChessCorpusRunner, ChecksResultDistanceAndMovesThroughTheTables) {
    const auto r = check_entry(
        entry("8/1P6/k7/8/K7/8/8/8 w - - 0 1\twin in 13\tb8=R\tb8=Q\tCHESS.md\t-"), &probe);
    EXPECT_TRUE(r.passed());
    ASSERT_EQ(r.checks.size(), 3u);
    EXPECT_EQ(r.checks[0].found, "win in 13 plies (table)");
    EXPECT_EQ(r.checks[1].subject, "keep b8=R");
    EXPECT_EQ(r.checks[2].subject, "spoil b8=Q");
    EXPECT_EQ(r.checks[2].found, "draw (table)");
    for (const char* wrong : {"8/1P6/k7/8/K7/8/8/8 w - - 0 1\twin in 15\t-\t-\tx\t-",
                              "8/1P6/k7/8/K7/8/8/8 w - - 0 1\twin\tb8=Q\t-\tx\t-",
                              "8/1P6/k7/8/K7/8/8/8 w - - 0 1\twin\t-\tb8=R\tx\t-",
                              "8/1P6/k7/8/K7/8/8/8 w - - 0 1\tdraw\t-\t-\tx\t-"}) {
        const auto bad = check_entry(entry(wrong), &probe);
        EXPECT_EQ(bad.status(), Status::Fail) << wrong;
    }
}

// Chess has no prover: what the tables do not hold is unknown, never a pass, and says why.
TEST_F(ChessCorpusRunner, BeyondTheTablesIsUnknown) {
    const auto krk = check_entry(entry("8/8/8/8/8/2k5/8/KBN5 w - - 0 1\twin\t-\t-\tx\t-"), &probe);
    EXPECT_EQ(krk.status(), Status::Unknown);
    EXPECT_EQ(krk.checks[0].found, "unknown (not in the tables; chess has no prover beyond them)");
    const auto open = check_entry(
        entry("8/8/8/8/8/2k5/8/KBN5 w - - 0 1\twin\t-\t-\tx\topen: needs KBNvK"), &probe);
    EXPECT_EQ(open.status(), Status::Open);
    const auto none =
        check_entry(entry("8/1P6/k7/8/K7/8/8/8 w - - 0 1\twin\tb8=R\t-\tx\t-"), nullptr);
    EXPECT_EQ(none.status(), Status::Unknown);
    EXPECT_EQ(none.checks[1].found, "unknown (no tables: --db)");
}

}  // namespace
}  // namespace retrocheck::corpus
