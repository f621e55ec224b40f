// Play-out: a winning side (our engine, or any engine behind the Attacker interface) against a
// defender that always makes the table's longest resistance, refereed by DTM tables. A game ends
// in mate, in a draw the attacker let happen (a table draw, stalemate, a threefold repetition),
// or when the attacker has used the start's DTM plus a slack of moves without mating.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/chess/endgames/registry.h"
#include "engine/chess/position.h"
#include "engine/core/outcome.h"
#include "engine/core/result.h"
#include "engine/search/search_types.h"
#include "tablebases/chess/material.h"

namespace retrocheck::tb::chess {

using retrocheck::chess::Move;
using retrocheck::chess::Position;

// The value of a position for its side to move, with its distance to mate, from DTM tables;
// nothing when no table holds it.
using DtmOf = std::function<std::optional<Outcome>(const Position&)>;

// A position's DTZ50 for its side to move in Syzygy's terms (plies to the next capture or pawn
// move; > 0 a win, < 0 a loss, 0 a draw; past 100 plies a cursed win or blessed loss) from DTZ
// tables; nothing when none holds it.
using DtzOf = std::function<std::optional<int>(const Position&)>;

// Whether a position whose side to move has DTZ dtz and whose halfmove clock is `clock` is won
// (lost) under the 50-move rule: the zeroing move comes within the 100 plies the clock allows.
constexpr bool wins_within_fifty(int dtz, int clock) { return dtz > 0 && dtz + clock <= 100; }
constexpr bool loses_within_fifty(int dtz, int clock) { return dtz < 0 && clock - dtz <= 100; }

// The side that is to win.
class Attacker {
  public:
    virtual ~Attacker() = default;
    // The game so far: its start, the moves played from it, and where they lead (pos).
    virtual Result<Move> choose(const Position& start, const std::vector<Move>& moves,
                                const Position& pos) = 0;
};

// Our engine: a search of each move under the limits, with the game's positions for its
// repetition draws; no tables. Its transposition table, killers and history carry from move to
// move within a game and are cleared when a new game starts.
class EngineAttacker final : public Attacker {
  public:
    EngineAttacker(const search::SearchLimits& limits,
                   const retrocheck::chess::endgames::Registry* knowledge,
                   std::size_t tt_megabytes);
    ~EngineAttacker() override;
    Result<Move> choose(const Position& start, const std::vector<Move>& moves,
                        const Position& pos) override;
    std::uint64_t nodes() const { return nodes_; }

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    std::uint64_t nodes_ = 0;
};

// The defender's move: the one whose child is best for it by the tables (a win for it first,
// the quickest; then a draw; then the longest loss), ties broken by the move's UCI text, the
// lowest first. Nothing when a child is not in the tables or there is no move.
std::optional<Move> longest_resistance(const Position& pos, const DtmOf& dtm);

enum class GameEnd {
    Mate,        // converted
    TableDraw,   // the attacker's move left a drawn position (or lost)
    Stalemate,   // the attacker stalemated
    Repetition,  // the same position a third time
    OverSlack,   // the attacker used DTM + slack moves without mating
    Error,       // the attacker failed (error says how), or a position left the tables
};
const char* to_string(GameEnd e);  // "mate", "table draw", ...

struct PlayedGame {
    Position start;
    int dtm_plies = 0;  // the start's distance to mate
    int dtm_moves = 0;  // the attacker's moves in it
    std::vector<Move> moves;
    GameEnd end = GameEnd::Error;
    int moves_used = 0;  // the attacker's moves played
    // The game ran 100 plies without a capture or pawn move before it ended: the 50-move rule
    // would have drawn it.
    bool fifty_move_draw = false;
    // With DTZ tables: whether the start, at its clock, is won under the 50-move rule (a cursed
    // win is not), and the attacker's first move after which the defender, at the game's clock,
    // was no longer lost under it (nothing when the win never slipped).
    std::optional<bool> fifty_move_win_at_start;
    std::optional<int> fifty_move_slip;
    std::string error;
    bool mated() const { return end == GameEnd::Mate; }
    int over() const { return moves_used - dtm_moves; }
};

// start must be a position the tables hold as a win for its side to move. With dtz (DTZ50 tables
// of the same materials), the 50-move win is followed move by move; a position they do not hold
// ends the game in an error.
PlayedGame play_out(const Position& start, Attacker& attacker, const DtmOf& dtm, int slack_moves,
                    const DtzOf& dtz = {});

// n positions of the material won by the tables for their side to move (random_position_of: a
// uniform slot of either side to move, turned by a random symmetry), from the seed; fewer when
// 10^8 draws do not find n.
std::vector<Position> random_won_positions(const Material& material, int n, std::uint64_t seed,
                                           const DtmOf& dtm);

}  // namespace retrocheck::tb::chess
