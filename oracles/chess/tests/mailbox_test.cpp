// The chess oracle is checked on its own against the published perft figures (Chess
// Programming Wiki, "Perft Results"), so that agreement between it and the fast generator means
// something.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "oracles/chess/mailbox.h"

namespace retrocheck::oracle::chess {
namespace {

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* kKiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
constexpr const char* kPosition3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
constexpr const char* kPosition4 =
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
constexpr const char* kPosition5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
constexpr const char* kPosition6 =
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

Board parse(const char* fen) {
    const std::optional<Board> b = Board::from_fen(fen);
    EXPECT_TRUE(b.has_value()) << fen;
    return b.value_or(*Board::from_fen(kStart));
}

void expect_perft(const char* fen, const std::vector<std::uint64_t>& published) {
    const Board b = parse(fen);
    for (std::size_t i = 0; i < published.size(); ++i) {
        const int depth = static_cast<int>(i) + 1;
        EXPECT_EQ(perft(b, depth), published[i]) << fen << " depth " << depth;
    }
}

std::vector<std::string> uci_moves(const char* fen) {
    const std::optional<std::vector<std::string>> moves = legal_moves_uci(fen);
    EXPECT_TRUE(moves.has_value()) << fen;
    return moves.value_or(std::vector<std::string>{});
}

bool has_move(const char* fen, const std::string& move) {
    const std::vector<std::string> moves = uci_moves(fen);
    return std::find(moves.begin(), moves.end(), move) != moves.end();
}

TEST(ChessOracle, PerftOfTheStartMatchesThePublishedFigures) {
    EXPECT_EQ(perft(parse(kStart), 0), 1u);
    expect_perft(kStart, {20, 400, 8902, 197281});
}

TEST(ChessOracle, PerftOfKiwipeteMatchesThePublishedFigures) {
    expect_perft(kKiwipete, {48, 2039, 97862});
}

TEST(ChessOracle, PerftOfPosition3MatchesThePublishedFigures) {
    expect_perft(kPosition3, {14, 191, 2812, 43238});
}

TEST(ChessOracle, PerftOfPosition4MatchesThePublishedFigures) {
    expect_perft(kPosition4, {6, 264, 9467});
}

TEST(ChessOracle, PerftOfPosition5MatchesThePublishedFigures) {
    expect_perft(kPosition5, {44, 1486, 62379});
}

TEST(ChessOracle, PerftOfPosition6MatchesThePublishedFigures) {
    expect_perft(kPosition6, {46, 2079, 89890});
}

TEST(ChessOracle, PerftWithEnPassantOutOfCheckMatchesThePublishedFigure) {
    EXPECT_EQ(perft(parse("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1"), 6), 1440467u);
}

TEST(ChessOracle, EnPassantThatExposesTheKingAlongTheRankIsIllegal) {
    EXPECT_FALSE(has_move("8/8/8/K1pP3r/8/8/8/7k w - c6 0 1", "d5c6"));
    // Without the rook the same capture is legal, so the line above tests the pin.
    EXPECT_TRUE(has_move("8/8/8/K1pP4/8/8/8/7k w - c6 0 1", "d5c6"));
}

TEST(ChessOracle, CastlingMayPassAnAttackedBFileSquareButNotAnAttackedKingPath) {
    EXPECT_TRUE(has_move("r3k3/8/8/8/8/8/8/1R2K3 b q - 0 1", "e8c8"));   // b8 attacked
    EXPECT_FALSE(has_move("r3k3/8/8/8/8/8/8/2R1K3 b q - 0 1", "e8c8"));  // lands on c8
    EXPECT_FALSE(has_move("r3k3/8/8/8/8/8/8/3RK3 b q - 0 1", "e8c8"));   // crosses d8
    EXPECT_TRUE(has_move("r3k3/8/8/8/8/8/8/R3K3 b q - 0 1", "e8c8"));    // rook attacked
    EXPECT_FALSE(has_move("r3k3/8/8/8/8/8/8/4R1K1 b q - 0 1", "e8c8"));  // in check
    EXPECT_FALSE(has_move("rn2k3/8/8/8/8/8/8/4K3 b q - 0 1", "e8c8"));   // b8 occupied
    EXPECT_TRUE(has_move("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"));
    EXPECT_FALSE(has_move("4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "e1g1"));  // f1 attacked
    EXPECT_FALSE(has_move("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "e1g1"));    // no right
}

TEST(ChessOracle, AfterUpdatesEnPassantCastlingAndClocks) {
    const Board start = parse(kStart);
    const OracleMove e2e4{12, 28};
    EXPECT_EQ(start.after(e2e4).fen(),
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    const OracleMove g1f3{6, 21};
    EXPECT_EQ(start.after(g1f3).fen(),
              "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");

    // White castles short; Black's rook captures on h1 after a move elsewhere.
    const Board castled = parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 20").after({4, 6, 0, true});
    EXPECT_EQ(castled.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 4 20");
    const Board taken = parse("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 20").after({63, 7});
    EXPECT_EQ(taken.fen(), "r3k3/8/8/8/8/8/8/R3K2r w Qq - 0 21");

    // Promotion with capture, and an en passant capture removing the passed pawn.
    const Board promoted = parse("1n2k3/P7/8/8/8/8/8/4K3 w - - 5 9").after({48, 57, 'n'});
    EXPECT_EQ(promoted.fen(), "1N2k3/8/8/8/8/8/8/4K3 b - - 0 9");
    const Board passed = parse("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").after({36, 43, 0, false, true});
    EXPECT_EQ(passed.fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
}

TEST(ChessOracle, InCheckSeesEverySortOfAttacker) {
    EXPECT_FALSE(parse(kStart).in_check());
    EXPECT_TRUE(parse("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1").in_check());   // pawn
    EXPECT_TRUE(parse("4k3/8/8/8/8/3n4/8/4K3 w - - 0 1").in_check());   // knight
    EXPECT_TRUE(parse("4k3/8/8/b7/8/8/8/4K3 w - - 0 1").in_check());    // bishop
    EXPECT_TRUE(parse("4k3/8/8/8/8/8/8/q3K3 w - - 0 1").in_check());    // queen on the rank
    EXPECT_TRUE(parse("4k3/4r3/8/8/8/8/8/4K3 w - - 0 1").in_check());   // rook on the file
    EXPECT_FALSE(parse("4k3/8/8/8/8/8/8/q2NK3 w - - 0 1").in_check());  // blocked
    EXPECT_FALSE(parse("4k3/8/8/8/8/8/4p3/4K3 w - - 0 1").in_check());  // pawns take diagonally
}

TEST(ChessOracle, FenRoundTrips) {
    for (const char* fen :
         {kStart, kKiwipete, kPosition3, kPosition4, kPosition5, kPosition6,
          "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", "8/8/8/K1pP3r/8/8/8/7k w - c6 0 1"})
        EXPECT_EQ(parse(fen).fen(), fen);
    // Four-field EPD gets the default clocks.
    EXPECT_EQ(parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").fen(), kStart);
}

TEST(ChessOracle, FromFenRejectsMalformedAndImpossiblePositions) {
    const char* rejected[] = {
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",             // seven ranks
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",  // nine ranks
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNK w kq - 0 1",      // two white kings
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",      // no black king
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",    // bad letter
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",    // nine files
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",     // seven files
        "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",   // adjacent digits
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",    // side
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1",   // castling twice
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 0 1",    // castling order
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",    // K without h1 rook
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",   // ep on wrong rank
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",   // ep without pawn
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",      // five fields
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",    // move zero
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",   // negative clock
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",    // not a number
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x",  // seven fields
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",                              // pawn on rank 8
        "4k3/8/8/8/8/8/8/4RK2 w - - 0 1",                              // Black not to move in check
    };
    for (const char* fen : rejected) {
        EXPECT_FALSE(Board::from_fen(fen).has_value()) << fen;
        EXPECT_FALSE(legal_moves_uci(fen).has_value()) << fen;
    }
}

TEST(ChessOracle, LegalMovesUciAreSortedAndSpellPromotionsAndCastling) {
    EXPECT_EQ(uci_moves("4k3/1P6/8/8/8/8/8/4K2R w K - 0 1").size(), 4u + 5u + 9u + 1u);
    const std::vector<std::string> moves = uci_moves("4k3/1P6/8/8/8/8/8/4K2R w K - 0 1");
    EXPECT_TRUE(std::is_sorted(moves.begin(), moves.end()));
    for (const char* move : {"b7b8q", "b7b8r", "b7b8b", "b7b8n", "e1g1", "h1h8"})
        EXPECT_NE(std::find(moves.begin(), moves.end(), move), moves.end()) << move;
}

// Deeper published figures, outside the default tier (about 16 million leaves in all).
TEST(SlowChessOracle, DeeperPerftMatchesThePublishedFigures) {
    EXPECT_EQ(perft(parse(kStart), 5), 4865609u);
    EXPECT_EQ(perft(parse(kKiwipete), 4), 4085603u);
    EXPECT_EQ(perft(parse(kPosition3), 5), 674624u);
    EXPECT_EQ(perft(parse(kPosition4), 4), 422333u);
    EXPECT_EQ(perft(parse(kPosition5), 4), 2103487u);
    EXPECT_EQ(perft(parse(kPosition6), 4), 3894594u);
}

}  // namespace
}  // namespace retrocheck::oracle::chess
