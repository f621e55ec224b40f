// UCI and SAN moves in and out: every form CHESS.md names (Nf3, exd6, O-O, e8=N+, Rae1, Qh4#),
// disambiguation by file, then rank, then both, and the errors that name the token.
#include <gtest/gtest.h>

#include <string>

#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"

namespace retrocheck::chess {
namespace {

Position at(const char* fen) {
    const auto pos = parse_fen(fen);
    EXPECT_TRUE(pos.ok()) << fen;
    return pos.ok() ? *pos : Position::start();
}

// The SAN of the move given in UCI.
std::string san(const char* fen, const char* uci) {
    const Position pos = at(fen);
    const auto m = parse_uci(uci, pos);
    EXPECT_TRUE(m.ok()) << uci << ": " << (m.ok() ? "" : m.error());
    return m.ok() ? format_san(pos, *m) : "";
}

TEST(ChessNotation, SanForms) {
    EXPECT_EQ(san(kStartFen.data(), "g1f3"), "Nf3");
    EXPECT_EQ(san(kStartFen.data(), "e2e4"), "e4");
    EXPECT_EQ(san("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", "e5d6"), "exd6");
    EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), "O-O");
    EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"), "O-O-O");
    EXPECT_EQ(san("1k6/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n"), "e8=N");
    EXPECT_EQ(san("7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n"), "e8=N");
    EXPECT_EQ(san("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8n"), "e8=N+");
    EXPECT_EQ(san("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"), "e8=Q");
    EXPECT_EQ(san("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "a1e1"), "Rae1+");
    EXPECT_EQ(san("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4"), "Qh4#");
    // By rank when the files agree, by both when neither alone tells them apart.
    EXPECT_EQ(san("7k/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
    EXPECT_EQ(san("7k/8/8/8/2Q1Q3/8/2Q5/4K3 w - - 0 1", "c4d3"), "Qc4d3");
    EXPECT_EQ(san("7k/8/8/8/2Q1Q3/8/2Q5/4K3 w - - 0 1", "e4d3"), "Qed3");
}

TEST(ChessNotation, ParseSanAcceptsTheUsualVariants) {
    const Position start = Position::start();
    for (const char* text : {"Nf3", "Ngf3", "Ng1f3", "Nf3+", "Nf3!?", "g1f3"}) {
        const auto m = parse_move(text, start);
        ASSERT_TRUE(m.ok()) << text << ": " << m.error();
        EXPECT_EQ(format_uci(*m), "g1f3") << text;
    }
    const Position castle = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(format_uci(*parse_san("0-0", castle)), "e1g1");
    EXPECT_EQ(format_uci(*parse_san("O-O-O", castle)), "e1c1");
    const Position promo = at("1k6/4P3/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(format_uci(*parse_san("e8=N", promo)), "e7e8n");
    EXPECT_EQ(format_uci(*parse_san("e8R", promo)), "e7e8r");
}

TEST(ChessNotation, ErrorsNameTheToken) {
    const Position start = Position::start();
    auto expect_error = [&](const Position& pos, const char* text, const std::string& named) {
        const auto m = parse_move(text, pos);
        ASSERT_FALSE(m.ok()) << text << " was accepted";
        EXPECT_NE(m.error().find(named), std::string::npos) << m.error();
    };
    expect_error(start, "e2e5", "'e2e5' is not a legal move");
    expect_error(start, "Nf4", "'Nf4'");
    expect_error(start, "Zf3", "'Zf3'");
    expect_error(start, "O-O", "castling");
    expect_error(at("7k/8/8/8/2Q1Q3/8/2Q5/4K3 w - - 0 1"), "Qd3", "ambiguous: ");
    expect_error(at("1k6/4P3/8/8/8/8/8/4K3 w - - 0 1"), "e8", "promotion piece");
}

TEST(ChessNotation, EveryLegalMoveRoundTripsThroughBothNotations) {
    for (const char* fen :
         {kStartFen.data(), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
          "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"}) {
        const Position pos = at(fen);
        for (Move m : legal_moves(pos)) {
            EXPECT_EQ(*parse_uci(format_uci(m), pos), m) << fen << " " << format_uci(m);
            EXPECT_EQ(*parse_san(format_san(pos, m), pos), m) << fen << " " << format_san(pos, m);
        }
    }
}

}  // namespace
}  // namespace retrocheck::chess
