// A deliberately plain solver of Syzygy's metric, DTZ under the 50-move rule: the reference our
// DTZ tables and Syzygy's files are held to. Like value_iteration.h it walks every placement of
// a material (placement.h), forward moves only, in sweeps until nothing changes; but what it
// solves for is the move counter. For each position it finds the largest counter (plies since
// the last capture or pawn move) at which the side to move still wins, and the largest at which
// it still loses, from which both the result under the rule and the DTZ follow:
//
//  - At counter 100 a position that is not checkmate is drawn (the 50-move rule; a mate on the
//    100th ply stands). A move that is not zeroing adds one to the counter; a zeroing move (a
//    capture, a pawn move) resets it to 0, and checkmate is a loss at any counter.
//  - win(p, c) when some move reaches a child lost for its side to move at the counter after the
//    move; loss(p, c) when every move reaches a child won for its side to move. Both hold for
//    every smaller counter too, so a position is two thresholds: W (the largest c it wins at)
//    and L (the largest c it loses at), each "none" when there is none.
//  - A win at counter 0 (W >= 0) is a win with DTZ 100 - W: the plies to the zeroing move. A
//    loss at counter 0 is a loss with DTZ -(100 - L), -1 when checkmated.
//  - Wins only the 50-move rule spoils are cursed, and losses it saves blessed. Their DTZ counts
//    on past 100 the same way, reading the counter as if it could start below 0, with Syzygy's
//    convention for a zeroing move into such a child: it counts as 101 plies (Stockfish's
//    tbprobe, dtz_before_zeroing), so a cursed win has DTZ above 100, a blessed loss below -100.
//
// The sweeps start from "none" everywhere and only raise thresholds, so a win is never one that
// rests on itself (the least fixed point). Castling rights are not modelled; an en passant right
// is valued through its moves (CHESS.md).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/position.h"

namespace retrocheck::oracle::chess {

// The five results under the 50-move rule, for the side to move (Syzygy's WDL).
enum class Wdl50 : std::int8_t { Loss = -2, BlessedLoss = -1, Draw = 0, CursedWin = 1, Win = 2 };
const char* to_string(Wdl50 w);  // "loss", "blessed loss", "draw", "cursed win", "win"

struct Dtz50 {
    Wdl50 wdl = Wdl50::Draw;
    int dtz = 0;  // plies to the zeroing move: > 0 a win, < 0 a loss, 0 a draw; Syzygy's sign
    bool operator==(const Dtz50&) const = default;
};

class Dtz50Iteration {
  public:
    // Solves `material` ("KQvK", "KPvKP") and, first, every material a capture or promotion
    // leads to. Up to 4 pieces.
    explicit Dtz50Iteration(std::string_view material);

    // The value of a legal position of a solved material without castling rights (an en passant
    // right counts); nothing otherwise.
    std::optional<Dtz50> value(const retrocheck::chess::Position& pos) const;

    std::vector<std::string> materials() const;

    // Thresholds: the largest counter the side to move wins (loses) at; kNone when none.
    static constexpr std::int32_t kNone = -(1 << 30);
    struct Thresholds {
        std::int32_t win = kNone, loss = kNone;
        bool operator==(const Thresholds&) const = default;
    };

  private:
    struct Table {
        std::vector<retrocheck::chess::Piece> pieces;
        std::vector<Thresholds> values;  // by slot (placement.h); kNone both for no position
    };
    const Table& solve(const std::string& material);
    std::map<std::string, Table> tables_;
};

// The value two thresholds stand for.
Dtz50 dtz50_of(Dtz50Iteration::Thresholds t);

}  // namespace retrocheck::oracle::chess
