// A deliberately plain English checkers move generator on an 8x8 array: explicit direction
// loops and a recursive jump search. It shares no code with engine/checkers beyond converting
// to and from the engine's value types, so the two can check each other.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/checkers/move.h"
#include "engine/checkers/position.h"

namespace retrocheck::oracle {

enum class Cell : std::uint8_t { Empty, BlackMan, BlackKing, WhiteMan, WhiteKing };

struct MailboxMove {
    int from = 0;               // PDN square
    std::vector<int> landings;  // PDN squares, in order
    std::vector<int> captured;  // PDN squares, in the order taken
};

struct Mailbox {
    std::array<std::array<Cell, 8>, 8> cells{};  // [row][column], row 0 = Black's back row
    bool black_to_move = true;

    static Mailbox from_position(const checkers::Position& pos);
    checkers::Position to_position() const;

    // Every legal move, each capture path separately.
    std::vector<MailboxMove> moves() const;
    Mailbox after(const MailboxMove& m) const;
};

checkers::Move to_engine_move(const MailboxMove& m);

// The oracle's moves for pos, as engine moves.
std::vector<checkers::Move> oracle_moves(const checkers::Position& pos);

std::uint64_t oracle_perft(const Mailbox& board, int depth);

}  // namespace retrocheck::oracle
