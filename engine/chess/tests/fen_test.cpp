// FEN and EPD in and out, and every rejection CHESS.md lists, each with a message that names
// the field or token at fault.
#include <gtest/gtest.h>

#include <string>

#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"

namespace retrocheck::chess {
namespace {

TEST(ChessFen, StartRoundTrips) {
    const auto pos = parse_fen(kStartFen);
    ASSERT_TRUE(pos.ok());
    EXPECT_EQ(*pos, Position::start());
    EXPECT_EQ(format_fen(*pos), kStartFen);
    EXPECT_EQ(format_epd(*pos), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    EXPECT_EQ(pos->material(), "KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP");
}

TEST(ChessFen, EpdDefaultsTheClocks) {
    const auto pos = parse_fen("8/8/8/8/4k3/8/1Q6/K7 b - -");
    ASSERT_TRUE(pos.ok()) << pos.error();
    EXPECT_EQ(format_fen(*pos), "8/8/8/8/4k3/8/1Q6/K7 b - - 0 1");
    EXPECT_EQ(pos->material(), "KQvK");
}

TEST(ChessFen, EnPassantKeptOnlyWhereAPawnCanTake) {
    const auto taken = parse_fen("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1");
    ASSERT_TRUE(taken.ok()) << taken.error();
    EXPECT_EQ(taken->en_passant(), make_square(3, 2));
    const auto after_e4 = parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    ASSERT_TRUE(after_e4.ok()) << after_e4.error();
    EXPECT_FALSE(after_e4->en_passant());
    EXPECT_EQ(format_fen(*after_e4), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

void expect_rejected(const char* fen, const std::string& named) {
    const auto pos = parse_fen(fen);
    ASSERT_FALSE(pos.ok()) << fen << " was accepted";
    EXPECT_NE(pos.error().find(named), std::string::npos)
        << fen << ": message '" << pos.error() << "' does not name '" << named << "'";
}

TEST(ChessFen, EveryRejectionNamesItsProblem) {
    expect_rejected("", "empty");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "5 fields");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks");
    expect_rejected("rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "'X'");
    expect_rejected("rnbqkbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "'rnbqkbn'");
    expect_rejected("rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "9 squares");
    expect_rejected("8/8/8/8/8/8/8/KK5k w - - 0 1", "2 white kings");
    expect_rejected("8/8/8/8/8/8/8/K7 w - - 0 1", "no black king");
    expect_rejected("P7/8/8/8/8/8/8/K6k w - - 0 1", "pawn on a8");
    expect_rejected("8/8/8/8/8/8/8/K6kp w - - 0 1", "9 squares");
    expect_rejected("8/8/8/8/8/8/8/K5pk w - - 0 1", "pawn on g1");
    expect_rejected("k7/8/8/8/8/8/8/RK6 w - - 0 1", "Black is in check");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling right K");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", "twice");
    expect_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", "'x'");
    expect_rejected("8/8/8/8/8/8/8/K6k w - e3 0 1", "en passant square e3");
    expect_rejected("8/8/8/8/4P3/8/8/K6k w - e3 0 1", "en passant square e3");
    expect_rejected("4k3/8/8/3P4/8/8/8/4K3 w - e6 0 1", "en passant square e6");
    expect_rejected("8/8/8/8/8/8/8/K6k w - e9 0 1", "'e9'");
    expect_rejected("8/8/8/8/8/8/8/K6k x - - 0 1", "side to move 'x'");
    expect_rejected("8/8/8/8/8/8/8/K6k w - - -1 1", "halfmove clock '-1'");
    expect_rejected("8/8/8/8/8/8/8/K6k w - - 0 0", "fullmove number '0'");
}

TEST(ChessFen, DiagramShowsTheBoard) {
    const std::string text = describe(Position::start());
    EXPECT_NE(text.find("8 | r n b q k b n r |"), std::string::npos) << text;
    EXPECT_NE(text.find("1 | R N B Q K B N R |"), std::string::npos) << text;
    EXPECT_NE(text.find("    a b c d e f g h"), std::string::npos) << text;
    EXPECT_NE(text.find("White to move"), std::string::npos) << text;
}

TEST(ChessFen, LooksLikeFen) {
    EXPECT_TRUE(looks_like_fen(kStartFen));
    EXPECT_TRUE(looks_like_fen("8/8/8/8/8/8/8/KK5k w - -"));
    EXPECT_FALSE(looks_like_fen("W:W21,22:B1,2"));
    EXPECT_FALSE(looks_like_fen(""));
}

}  // namespace
}  // namespace retrocheck::chess
