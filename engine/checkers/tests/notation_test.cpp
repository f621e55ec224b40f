#include <gtest/gtest.h>

#include <string>

#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"

namespace retrocheck::checkers {
namespace {

const std::string kStart = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

TEST(Fen, StartPositionRoundTrips) {
    const auto pos = parse_fen(kStart);
    ASSERT_TRUE(pos.ok()) << pos.error();
    EXPECT_EQ(*pos, Position::start());
    EXPECT_EQ(format_fen(*pos), kStart);
}

TEST(Fen, AcceptedSpellings) {
    const Position d17 = *parse_fen("W:WK17,24:B8,K18");
    for (const char* text :
         {"W:B8,K18:WK17,24", "W: WK17, 24 : B8, K18", "W:WK17,24:B8,K18.",
          "[FEN \"W:WK17,24:B8,K18\"]", "  \"W:WK17,24:B8,K18\"  ", "w:wk17,24:b8,k18"}) {
        const auto pos = parse_fen(text);
        ASSERT_TRUE(pos.ok()) << text << ": " << pos.error();
        EXPECT_EQ(*pos, d17) << text;
    }
    EXPECT_EQ(format_fen(d17), "W:WK17,24:B8,K18");
    EXPECT_EQ(*parse_fen("B:W21-32:B1-12"), Position::start());
    EXPECT_EQ(*parse_fen("B:WK1-3:B10"),
              Position::from_bitboards(bit(square_from_pdn(10)), 0b111, 0b111, Color::Black));
}

// Each rejection names the token that is wrong.
struct BadFen {
    const char* text;
    const char* names;
};

class FenErrors : public ::testing::TestWithParam<BadFen> {};

TEST_P(FenErrors, NameTheToken) {
    const auto pos = parse_fen(GetParam().text);
    ASSERT_FALSE(pos.ok()) << GetParam().text;
    EXPECT_NE(pos.error().find(GetParam().names), std::string::npos)
        << "error for '" << GetParam().text << "' was: " << pos.error();
}

INSTANTIATE_TEST_SUITE_P(Notation, FenErrors,
                         ::testing::Values(BadFen{"W:W17,K99:B8", "99"},    // square outside 1-32
                                           BadFen{"W:W17,0:B8", "0"},       // square outside 1-32
                                           BadFen{"W:W17,24:B8,17", "17"},  // square used twice
                                           BadFen{"W:W17,17:B8", "17"},     // twice in one list
                                           BadFen{"W:W17,3:B8", "3"},  // white man on its crown row
                                           BadFen{"B:W17:B30", "30"},  // black man on its crown row
                                           BadFen{":W17:B8", "side to move"},  // missing side
                                           BadFen{"W17:B8", "W17"},            // missing side
                                           BadFen{"", "empty"},                // empty string
                                           BadFen{"   ", "empty"},             // only spaces
                                           BadFen{"X:W17:B8", "'X'"},          // unknown side
                                           BadFen{"W:W17:Q8", "Q8"},  // unknown list colour
                                           BadFen{"W:W17:B8:W9", "white list"},   // a list twice
                                           BadFen{"W:W1a:B8", "1a"},              // not a number
                                           BadFen{"W:W17,,18:B8", "empty item"},  // empty item
                                           BadFen{"W:W5-3:B8", "5-3"},            // backwards range
                                           BadFen{"B:W21-32:B1-13",
                                                  "13 pieces"},               // more than 12 pieces
                                           BadFen{"[FEN \"W:W17:B8\"", "]"},  // unterminated tag
                                           BadFen{"\"W:W17:B8", "quote"}));   // unterminated quote

TEST(Moves, ParseAndFormat) {
    const Position start = Position::start();
    const auto m = parse_move("11-15", start);
    ASSERT_TRUE(m.ok()) << m.error();
    EXPECT_EQ(format_move(*m), "11-15");

    const Position two_jump = *parse_fen("B:W15,24:B10");
    EXPECT_EQ(format_move(*parse_move("10x19x28", two_jump)), "10x19x28");
    EXPECT_EQ(format_move(*parse_move("10x28", two_jump)), "10x19x28");  // short form
    EXPECT_EQ(format_move(*parse_move("10X28", two_jump)), "10x19x28");
}

TEST(Moves, ShortFormOfOneEffectIsAccepted) {
    // The king circle: two paths with one effect, so "10x10" names that effect.
    const Position circle = *parse_fen("B:W14,15,22,23:BK10");
    const auto m = parse_move("10x10", circle);
    ASSERT_TRUE(m.ok()) << m.error();
    EXPECT_EQ(m->captured, legal_moves(circle)[0].captured);
    EXPECT_TRUE(parse_move("10x17x26x19x10", circle).ok());
    EXPECT_TRUE(parse_move("10x19x26x17x10", circle).ok());
}

TEST(Moves, ShortFormOfTwoEffectsIsAmbiguous) {
    // Man on 10: over 14 to 17 then over 22 to 26, or over 15 to 19 then over 23 to 26.
    const Position pos = *parse_fen("B:W14,15,22,23:B10");
    const auto m = parse_move("10x26", pos);
    ASSERT_FALSE(m.ok());
    EXPECT_NE(m.error().find("ambiguous"), std::string::npos) << m.error();
}

struct BadMove {
    const char* text;
    const char* names;
};

class MoveErrors : public ::testing::TestWithParam<BadMove> {};

TEST_P(MoveErrors, NameTheToken) {
    const Position pos = *parse_fen("B:W15,24:B10,1");
    const auto m = parse_move(GetParam().text, pos);
    ASSERT_FALSE(m.ok()) << GetParam().text;
    EXPECT_NE(m.error().find(GetParam().names), std::string::npos)
        << "error for '" << GetParam().text << "' was: " << m.error();
}

INSTANTIATE_TEST_SUITE_P(Notation, MoveErrors,
                         ::testing::Values(BadMove{"", "empty"},
                                           BadMove{"1-6", "mandatory"},  // capture pending
                                           BadMove{"10x33", "33"},       // off the board
                                           BadMove{"10xab", "ab"},       // not a number
                                           BadMove{"10-", "''"},         // missing square
                                           BadMove{"10", "from and a to"},
                                           BadMove{"10x19-28", "mixes"},
                                           BadMove{"10x19", "not legal"},  // stops early
                                           BadMove{"1-5-9", "more than two"}));

TEST(Diagram, ShowsPiecesWhereTheFenPutsThem) {
    const Position d17 = *parse_fen("W:WK17,24:B8,K18");
    const std::string d = diagram(d17);
    // Row 2 (squares 5-8): the black man on 8 is the last dark square of the row.
    EXPECT_NE(d.find("| .   .   .   b   |    5  6  7  8"), std::string::npos) << d;
    // Row 5 (17-20): white king 17, black king 18.
    EXPECT_NE(d.find("|   W   B   .   . |   17 18 19 20"), std::string::npos) << d;
    const std::string flipped = diagram(d17, {.flip = true});
    EXPECT_NE(flipped.find("| .   .   B   W   |   20 19 18 17"), std::string::npos) << flipped;
}

}  // namespace
}  // namespace retrocheck::checkers
