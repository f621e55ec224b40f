// PGN through the game reader both games share: tags, comments, variations, NAGs, SAN with its
// suffixes, castling with O or 0, results from White's side, set-ups with Black to move, and an
// illegal move named with the game, the move number and the legal moves.
#include <gtest/gtest.h>

#include "engine/chess/notation.h"
#include "engine/chess/pgn.h"

namespace retrocheck::chess {
namespace {

std::vector<PgnGame> parse_ok(std::string_view text) {
    const auto games = parse_pgn(text, "t.pgn");
    EXPECT_TRUE(games.ok()) << (games.ok() ? "" : games.error());
    return games.ok() ? *games : std::vector<PgnGame>{};
}

TEST(Pgn, ReadsTagsCommentsVariationsNagsAndSan) {
    const auto games = parse_ok(
        "[Event \"Casual\"]\n[White \"A \\\"B\\\" C\"]\n\n"
        "1. e4 {a comment\n over lines} e5 2. Nf3 $1 Nc6 (2... d6 3. d4) 3. Bb5!? a6 ; rest\n"
        "4. Bxc6 dxc6 5. 0-0 f6 6. d4 exd4 7. Nxd4 c5 8. Nb3 Qxd1 9. Rxd1 Bg4 10. f3 Be6 "
        "11. Nc3 Bd6 12. Be3 O-O-O 1-0\n"
        "[Event \"second\"]\n[FEN \"4k3/P7/8/8/8/8/8/4K3 b - - 0 40\"]\n40... Kd7 41. a8=Q *\n");
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].tags[1].second, "A \"B\" C");
    EXPECT_EQ(games[0].result, GameResult::WhiteWins);
    EXPECT_EQ(games[0].moves.size(), 24u);
    EXPECT_EQ(games[0].moves[4].text, "Bb5");
    EXPECT_EQ(games[0].moves[8].text, "O-O");  // 0-0 read as castling, not a result
    const auto r = replay(games[0]);
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(format_san(r->positions[23], r->moves[23]), "O-O-O");
    EXPECT_EQ(games[1].moves[0].side, Color::Black);
    EXPECT_TRUE(games[1].moves[0].second_of_number);
    const auto promoted = replay(games[1]);
    ASSERT_TRUE(promoted.ok()) << promoted.error();
    EXPECT_EQ(format_san(promoted->positions[1], promoted->moves[1]), "a8=Q");
    EXPECT_EQ(parse_ok("1. d4 d5 0-1")[0].result, GameResult::BlackWins);
}

TEST(Pgn, AnIllegalMoveIsNamedWithTheLegalOnes) {
    const auto games = parse_ok("[Event \"x\"]\n1. e4 e5 2. Ke3 *\n");
    const auto r = replay(games.at(0));
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().find("game 1, move 2 (White) 'Ke3' (line 2)"), std::string::npos)
        << r.error();
    EXPECT_NE(r.error().find("legal: Ke2 "), std::string::npos) << r.error();
}

TEST(Pgn, MalformedTextIsRefusedNamingTheToken) {
    for (const char* bad : {"1. e4 {never closed", "1. e4 (1. d4", "[Event \"x\"\n1. e4 *",
                            "1. e4 %%% *", "1. e4 e5)"}) {
        const auto games = parse_pgn(bad, "t.pgn");
        EXPECT_FALSE(games.ok()) << bad;
        if (!games.ok()) {
            EXPECT_EQ(games.error().rfind("t.pgn:", 0), 0u) << games.error();
        }
    }
}

}  // namespace
}  // namespace retrocheck::chess
