#include <gtest/gtest.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <string>
#include <vector>

#include "engine/checkers/notation.h"
#include "engine/checkers/pdn.h"

namespace retrocheck::checkers {
namespace {

std::vector<PdnGame> parse_ok(std::string_view text) {
    const auto games = parse_pdn(text, "t.pdn");
    EXPECT_TRUE(games.ok()) << games.error();
    return games.ok() ? *games : std::vector<PdnGame>{};
}

std::vector<std::string> texts(const PdnGame& g) {
    std::vector<std::string> out;
    for (const PdnMove& m : g.moves) out.push_back(m.text);
    return out;
}

std::vector<int> numbers(const PdnGame& g) {
    std::vector<int> out;
    for (const PdnMove& m : g.moves) out.push_back(m.number);
    return out;
}

std::vector<Color> sides(const PdnGame& g) {
    std::vector<Color> out;
    for (const PdnMove& m : g.moves) out.push_back(m.side);
    return out;
}

std::string final_fen(const PdnGame& g) {
    const auto r = replay(g);
    EXPECT_TRUE(r.ok()) << r.error();
    return r.ok() ? format_fen(r->positions.back()) : "";
}

constexpr Color B = Color::Black;
constexpr Color W = Color::White;

// 1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14 from the start, worked by hand:
// Black's 11, 8, 9 go to 15, 11, 13; 10 jumps the man on 14 (from 22 via 17) and lands on 17,
// where the man from 21 takes it, landing on 14. White's 23 stands on 19.
const std::string kAfterEightPlies =
    "B:W14,19,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,11,12,13,15";

TEST(PdnParse, SeveralGamesWithTags) {
    const auto games = parse_ok(R"([Event "Practice \"A\" \\ B"]
[Black "Red, Player"]
[White "White, Player"]
[Result "1-0"]
1. 11-15 23-19 2. 8-11
22-17 1-0

[Event "Second"]
[Result "0-1"]
1. 9-14 22-18 0-1
[Event "Third"]
1. 11-16 *
)");
    ASSERT_EQ(games.size(), 3u);

    const PdnGame& first = games[0];
    EXPECT_EQ(first.index, 1);
    EXPECT_EQ(first.line, 1);
    const std::vector<std::pair<std::string, std::string>> tags = {{"Event", "Practice \"A\" \\ B"},
                                                                   {"Black", "Red, Player"},
                                                                   {"White", "White, Player"},
                                                                   {"Result", "1-0"}};
    EXPECT_EQ(first.tags, tags);
    EXPECT_FALSE(first.fen);
    EXPECT_EQ(texts(first), (std::vector<std::string>{"11-15", "23-19", "8-11", "22-17"}));
    EXPECT_EQ(numbers(first), (std::vector<int>{1, 1, 2, 2}));
    EXPECT_EQ(sides(first), (std::vector<Color>{B, W, B, W}));
    EXPECT_EQ(first.moves[2].line, 5);
    EXPECT_EQ(first.moves[3].line, 6);
    EXPECT_EQ(first.result, GameResult::BlackWins);

    EXPECT_EQ(games[1].index, 2);
    EXPECT_EQ(games[1].line, 8);
    EXPECT_EQ(texts(games[1]), (std::vector<std::string>{"9-14", "22-18"}));
    EXPECT_EQ(games[1].result, GameResult::WhiteWins);

    EXPECT_EQ(games[2].index, 3);
    EXPECT_EQ(games[2].line, 11);
    EXPECT_EQ(games[2].tags.size(), 1u);
    EXPECT_EQ(games[2].result, GameResult::Unknown);
    for (const PdnGame& g : games) EXPECT_TRUE(replay(g).ok()) << replay(g).error();
}

TEST(PdnParse, GamesWithoutTagsOrFinalResult) {
    const auto bare = parse_ok("1. 11-15 23-19 1/2-1/2\n1. 9-14 22-18\n");
    ASSERT_EQ(bare.size(), 2u);
    EXPECT_TRUE(bare[0].tags.empty());
    EXPECT_EQ(bare[0].result, GameResult::Draw);
    EXPECT_EQ(bare[1].line, 2);
    EXPECT_EQ(texts(bare[1]), (std::vector<std::string>{"9-14", "22-18"}));
    EXPECT_EQ(bare[1].result, GameResult::Unknown);

    // Without a result token the [Result] tag decides, also when the next game's tags follow.
    const auto tagged =
        parse_ok("[Result \"0-1\"]\n1. 11-15 23-19\n[Result \"1-0\"]\n1. 9-14 22-18");
    ASSERT_EQ(tagged.size(), 2u);
    EXPECT_EQ(tagged[0].moves.size(), 2u);
    EXPECT_EQ(tagged[0].result, GameResult::WhiteWins);
    EXPECT_EQ(tagged[1].line, 3);
    EXPECT_EQ(tagged[1].result, GameResult::BlackWins);
}

TEST(PdnParse, EmptyInputIsZeroGames) {
    for (const char* text : {"", "  \n\t\r\n", "{a comment}\n; a line comment\n% an escape line\n"})
        EXPECT_TRUE(parse_ok(text).empty()) << text;
    // A comment after the last result does not make a game either.
    EXPECT_EQ(parse_ok("1. 11-15 * {the end}\n").size(), 1u);
}

TEST(PdnParse, RepeatedTagNameBeforeMovetextStartsNewGame) {
    const auto games = parse_ok("[Event \"a\"]\n[Event \"b\"]\n1. 11-15 *\n");
    ASSERT_EQ(games.size(), 2u);
    EXPECT_TRUE(games[0].moves.empty());
    EXPECT_EQ(games[1].tags.front().second, "b");
    EXPECT_EQ(games[1].moves.size(), 1u);
}

// Oldbury, diagram 17 (CHECKERS.md): White to move; 24-19 8-11 19-15 18-22 15x8 22x13 leaves a
// white man on 8 against a black king on 13, White to move.
TEST(PdnParse, FenWithWhiteToMoveInEachWriting) {
    struct Writing {
        const char* movetext;
        std::vector<int> numbers;
        std::vector<bool> second;  // second of its number, as written
    };
    const std::vector<bool> ellipsis_first = {true, false, true, false, true, false};
    const std::vector<bool> number_first = {false, true, false, true, false, true};
    const std::vector<Writing> writings = {
        {"1... 24-19 2. 8-11 19-15 3. 18-22 15x8 4. 22x13 1-0", {1, 2, 2, 3, 3, 4}, ellipsis_first},
        {"1. ... 24-19 2. 8-11 19-15 3. 18-22 15x8 4. 22x13 1-0",
         {1, 2, 2, 3, 3, 4},
         ellipsis_first},
        {"1. 24-19 8-11 2. 19-15 18-22 3. 15x8 22x13 1-0", {1, 1, 2, 2, 3, 3}, number_first},
        {"24-19 8-11 19-15 18-22 15x8 22x13 1-0", {1, 2, 2, 3, 3, 4}, ellipsis_first},
    };
    for (const Writing& w : writings) {
        const auto games = parse_ok("[SetUp \"1\"]\n[FEN \"W:WK17,24:B8,K18\"]\n" +
                                    std::string(w.movetext) + "\n");
        ASSERT_EQ(games.size(), 1u) << w.movetext;
        const PdnGame& g = games[0];
        ASSERT_TRUE(g.fen);
        EXPECT_EQ(*g.fen, "W:WK17,24:B8,K18");
        EXPECT_EQ(sides(g), (std::vector<Color>{W, B, W, B, W, B})) << w.movetext;
        EXPECT_EQ(numbers(g), w.numbers) << w.movetext;
        std::vector<bool> second;
        for (const PdnMove& m : g.moves) second.push_back(m.second_of_number);
        EXPECT_EQ(second, w.second) << w.movetext;
        EXPECT_EQ(g.result, GameResult::BlackWins);
        const auto r = replay(g);
        ASSERT_TRUE(r.ok()) << r.error();
        EXPECT_EQ(r->start, *parse_fen("W:WK17,24:B8,K18"));
        EXPECT_EQ(r->positions.size(), 7u);
        EXPECT_EQ(format_fen(r->positions.back()), "W:W8:BK13");
    }
}

TEST(PdnParse, VariationsAndCommentsAreSkipped) {
    const auto games = parse_ok(R"([Event "Notes"]
1. 11-15 {Best; the (only) move [Event "not a tag"] 1-0} 23-19
(2. 22-18 15x22 (3. 25x18 {deep}) 1-0) ; 9-14 1-0 in a line comment
% 10-14 1-0 on an escape line
2. 8-11 $1 22-17 $14 (2... 21-17 {)(} ) 3. 4-8 *
)");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(texts(games[0]),
              (std::vector<std::string>{"11-15", "23-19", "8-11", "22-17", "4-8"}));
    EXPECT_EQ(numbers(games[0]), (std::vector<int>{1, 1, 2, 2, 3}));
    EXPECT_EQ(games[0].moves[4].line, 5);
    EXPECT_EQ(games[0].result, GameResult::Unknown);
}

TEST(PdnParse, GluedNumbersAnnotationsAndNags) {
    // `*` glued to a move marks a forced move; only the 2-0 ends the game.
    const auto games = parse_ok(
        "1.11-15! 23-19?! 2.8-11 $3 22-17(!) 3.9-13* 17-14 4.10x17 4...21x14? 2-0 1. 9-14 *");
    ASSERT_EQ(games.size(), 2u);
    const PdnGame& g = games[0];
    EXPECT_EQ(texts(g), (std::vector<std::string>{"11-15", "23-19", "8-11", "22-17", "9-13",
                                                  "17-14", "10x17", "21x14"}));
    EXPECT_EQ(numbers(g), (std::vector<int>{1, 1, 2, 2, 3, 3, 4, 4}));
    EXPECT_EQ(g.result, GameResult::BlackWins);
    EXPECT_EQ(final_fen(g), kAfterEightPlies);
    EXPECT_EQ(texts(games[1]), (std::vector<std::string>{"9-14"}));
}

TEST(PdnParse, ColonCaptureSeparatorIsReadAsX) {
    const auto games = parse_ok("[FEN \"B:W15,24:B10\"]\n1. 10:19:28 1-0\n");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(texts(games[0]), (std::vector<std::string>{"10x19x28"}));
    EXPECT_EQ(final_fen(games[0]), "W:W:B28");
}

TEST(PdnParse, ByteOrderMarkAndCrLf) {
    const auto games = parse_ok("\xEF\xBB\xBF[Event \"x\"]\r\n1. 11-15 23-19 *\r\n");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].tags.front().second, "x");
    EXPECT_EQ(games[0].moves[1].line, 2);
}

struct ResultForm {
    const char* token;
    GameResult result;
};

void PrintTo(const ResultForm& f, std::ostream* os) { *os << f.token; }

class PdnResults : public ::testing::TestWithParam<ResultForm> {};

// PDN gives results from the first player's side, and in checkers Black moves first.
TEST_P(PdnResults, TokenAndTagMapToTheSameResult) {
    const std::string token = GetParam().token;
    const auto by_token = parse_ok("1. 11-15 23-19 " + token + "\n1. 9-14 *");
    ASSERT_EQ(by_token.size(), 2u) << token;
    EXPECT_EQ(by_token[0].moves.size(), 2u);
    EXPECT_EQ(by_token[0].result, GetParam().result) << token;

    const auto by_tag = parse_ok("[Result \"" + token + "\"]\n1. 11-15 23-19\n");
    ASSERT_EQ(by_tag.size(), 1u) << token;
    EXPECT_EQ(by_tag[0].result, GetParam().result) << token;
}

INSTANTIATE_TEST_SUITE_P(Pdn, PdnResults,
                         ::testing::Values(ResultForm{"1-0", GameResult::BlackWins},
                                           ResultForm{"2-0", GameResult::BlackWins},
                                           ResultForm{"0-1", GameResult::WhiteWins},
                                           ResultForm{"0-2", GameResult::WhiteWins},
                                           ResultForm{"1/2-1/2", GameResult::Draw},
                                           ResultForm{"1-1", GameResult::Draw},
                                           ResultForm{"0-0", GameResult::Unknown},
                                           ResultForm{"*", GameResult::Unknown}));

TEST(PdnParse, ResultTokenOverridesTag) {
    const auto games = parse_ok("[Result \"0-1\"]\n1. 11-15 1-0\n");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].result, GameResult::BlackWins);
    EXPECT_EQ(to_string(GameResult::BlackWins), "black wins");
    EXPECT_EQ(to_string(GameResult::WhiteWins), "white wins");
    EXPECT_EQ(to_string(GameResult::Draw), "draw");
    EXPECT_EQ(to_string(GameResult::Unknown), "unknown");
}

struct BadText {
    const char* text;
    const char* where;  // file and line
    const char* names;
};

void PrintTo(const BadText& b, std::ostream* os) { *os << '"' << b.text << '"'; }

class PdnSyntaxErrors : public ::testing::TestWithParam<BadText> {};

TEST_P(PdnSyntaxErrors, NameFileLineAndToken) {
    const auto games = parse_pdn(GetParam().text, "t.pdn");
    ASSERT_FALSE(games.ok()) << GetParam().text;
    const std::string& e = games.error();
    EXPECT_EQ(e.rfind(GetParam().where, 0), 0u) << e;
    EXPECT_NE(e.find(GetParam().names), std::string::npos) << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << e;
}

INSTANTIATE_TEST_SUITE_P(
    Pdn, PdnSyntaxErrors,
    ::testing::Values(
        BadText{"[Event \"x\"]\n1. 11-15 {never\nclosed 23-19\n",
                "t.pdn:2: ", "unterminated comment '{never'"},
        BadText{"[Event \"x\n1. 11-15 *", "t.pdn:1: ", "unterminated tag '[Event \"x'"},
        BadText{"[Event \"x\"\n", "t.pdn:1: ", "unterminated tag"},
        BadText{"\n[Event x]\n", "t.pdn:2: ", "bad tag '[Event x]'"},
        BadText{"1. 11-15 (23-19 {c}\n2. 8-11\n",
                "t.pdn:1: ", "unterminated variation '(23-19 {c}'"},
        BadText{"1. 11-15 (23-19\n[Event \"x\"]\n", "t.pdn:1: ", "before the tag on line 2"},
        BadText{"1. 11-15\n23-19)\n", "t.pdn:2: ", "')' without a matching '('"},
        BadText{"1. 11-15 }\n", "t.pdn:1: ", "'}' without a matching '{'"},
        BadText{"1. 11-15\n2. Kb3 *", "t.pdn:2: ", "unexpected token 'Kb3'"},
        BadText{"1 11-15 *", "t.pdn:1: ", "unexpected token '1'"},
        BadText{"1. 11-15 $ *", "t.pdn:1: ", "unexpected token '$'"},
        BadText{"1. 11-15 %x *", "t.pdn:1: ", "unexpected token '%x'"},
        BadText{"1. 11--15 *", "t.pdn:1: ", "unexpected token '11--15'"}));

TEST(PdnParse, LongTokensAreCutInErrors) {
    const std::string token(200, 'a');
    const auto games = parse_pdn("1. 11-15 " + token, "t.pdn");
    ASSERT_FALSE(games.ok());
    EXPECT_NE(games.error().find(std::string(80, 'a') + "..."), std::string::npos) << games.error();
    EXPECT_EQ(games.error().find(std::string(81, 'a')), std::string::npos) << games.error();
}

TEST(PdnReplay, KnownGameFromTheStart) {
    const auto games = parse_ok("1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14 *");
    ASSERT_EQ(games.size(), 1u);
    const auto r = replay(games[0]);
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->start, Position::start());
    ASSERT_EQ(r->moves.size(), 8u);
    ASSERT_EQ(r->positions.size(), 9u);
    EXPECT_EQ(format_fen(r->positions[1]),
              "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15");
    for (std::size_t i = 0; i < r->moves.size(); ++i)
        EXPECT_EQ(r->positions[i + 1], r->positions[i].after(r->moves[i])) << i;
    EXPECT_EQ(format_move(r->moves[6]), "10x17");
    EXPECT_EQ(format_fen(r->positions.back()), kAfterEightPlies);
}

TEST(PdnReplay, IllegalMoveNamesGameMoveSideAndText) {
    const auto games = parse_ok(R"([Event "one"]
1. 11-15 23-19 1-0
[Event "two"]
1. 11-15 23-19 2. 8-11 22-17
3. 9-13 17-15 *
[Event "three"]
1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 13-17 *
)");
    ASSERT_EQ(games.size(), 3u);
    EXPECT_TRUE(replay(games[0]).ok());

    const auto two = replay(games[1]);
    ASSERT_FALSE(two.ok());
    EXPECT_EQ(two.error().rfind("game 2, move 3 (White) '17-15' (line 5): ", 0), 0u) << two.error();
    EXPECT_NE(two.error().find("not legal"), std::string::npos) << two.error();

    const auto three = replay(games[2]);
    ASSERT_FALSE(three.ok());
    EXPECT_EQ(three.error().rfind("game 3, move 4 (Black) '13-17'", 0), 0u) << three.error();
    EXPECT_NE(three.error().find("a capture is mandatory"), std::string::npos) << three.error();
    // The legal moves are listed, so the reader sees what was meant.
    EXPECT_NE(three.error().find("; legal: "), std::string::npos) << three.error();
}

TEST(PdnReplay, BadFenTagIsRefused) {
    const auto games = parse_ok("[Event \"x\"]\n[FEN \"W:W17,99:B8\"]\n1. 17-13 *\n");
    ASSERT_EQ(games.size(), 1u);
    const auto r = replay(games[0]);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().rfind("game 1 (from line 1): bad FEN tag 'W:W17,99:B8': ", 0), 0u)
        << r.error();
    EXPECT_NE(r.error().find("99"), std::string::npos) << r.error();

    std::string long_fen = "B:W";
    for (int i = 0; i < 40; ++i) long_fen += "21,";
    const auto long_games = parse_ok("[FEN \"" + long_fen + "\"]\n*");
    ASSERT_EQ(long_games.size(), 1u);
    const auto long_r = replay(long_games[0]);
    ASSERT_FALSE(long_r.ok());
    EXPECT_NE(long_r.error().find("'" + long_fen.substr(0, 80) + "...'"), std::string::npos)
        << long_r.error();
}

TEST(PdnRead, MissingFileNamesPathAndReason) {
    const std::filesystem::path path =
        std::filesystem::path(::testing::TempDir()) / "no-such-dir" / "games.pdn";
    const auto games = read_pdn(path);
    ASSERT_FALSE(games.ok());
    EXPECT_NE(games.error().find(path.string()), std::string::npos) << games.error();
    EXPECT_NE(games.error().find(std::strerror(ENOENT)), std::string::npos) << games.error();
}

TEST(PdnRead, ReadsAFileAndNamesItInErrors) {
    const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "pdn_test";
    std::filesystem::create_directories(dir);
    const std::filesystem::path good = dir / "good.pdn";
    std::ofstream(good, std::ios::binary)
        << "[Event \"a\"]\n1. 11-15 *\n[Event \"b\"]\n1. 9-13 *\n";
    const auto games = read_pdn(good);
    ASSERT_TRUE(games.ok()) << games.error();
    EXPECT_EQ(games->size(), 2u);

    const std::filesystem::path bad = dir / "bad.pdn";
    std::ofstream(bad, std::ios::binary) << "\n1. 11-15 {oops\n";
    const auto refused = read_pdn(bad);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().rfind(bad.string() + ":2: unterminated comment", 0), 0u)
        << refused.error();
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace retrocheck::checkers
