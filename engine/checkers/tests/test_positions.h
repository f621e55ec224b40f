// Test support: positions from FEN text, and checking that a line of moves is legal.
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"

namespace retrocheck::checkers::testing {

// The position of a FEN the test knows to be good; a bad one fails the test.
inline Position fen(const char* text) {
    auto p = parse_fen(text);
    EXPECT_TRUE(p.ok()) << text << ": " << p.error();
    return p.ok() ? *p : Position::start();
}

// Where the line stops being legal from pos (the move and the position it is not legal in),
// or nothing when every move is legal where it is played.
inline std::optional<std::string> illegal_step(Position pos, const std::vector<Move>& line) {
    for (const Move& m : line) {
        bool found = false;
        for (const Move& l : legal_moves(pos)) found = found || l == m;
        if (!found) return format_move(m) + " is not legal in\n" + describe(pos);
        pos = pos.after(m);
    }
    return std::nullopt;
}

}  // namespace retrocheck::checkers::testing
