// The prover: the game value of a position beyond the tables, proven. Two df-pn searches ask
// "does the side to move win?" and "does the opponent win?" (the draw scored for the defender in
// each); a win is the first proven, a loss the second, a draw both disproven. Every answer is
// checked by the certificate checker before it counts, and an answer the budget does not reach
// stays unknown: the prover never guesses.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/checkers/move.h"
#include "engine/checkers/position.h"
#include "engine/checkers/search/search.h"

namespace retrocheck::checkers::prove {

struct ProveLimits {
    std::uint64_t nodes = 0;                         // > 0: expansions over both searches
    double seconds = 0;                              // > 0: wall time
    std::size_t max_entries = std::size_t{4} << 20;  // positions each search's store keeps
    // When given: the expansions counted as they go (by 1,024s), for a progress line.
    std::atomic<std::uint64_t>* nodes_seen = nullptr;
};

// One question: does the attacker win?
struct Answer {
    std::optional<bool> wins;  // checked; nullopt when not settled
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::uint64_t certificate_size = 0;
    std::vector<Move> line;    // a win: a main line from the root to the tables
    std::string open_because;  // when not settled: "node budget", "time", "store full", ...
};

enum class Verdict { Win, Draw, Loss, Unknown };
const char* to_string(Verdict v);  // "win", "draw", "loss", "unknown"

struct Proof {
    Position root;
    Verdict verdict = Verdict::Unknown;
    Answer side_to_move_wins, opponent_wins;
    std::uint64_t nodes = 0;
    double seconds = 0;
    // A win or a loss: a main line to the tables; its proof's size (positions).
    std::vector<Move> line;
    std::uint64_t proof_size = 0;
    bool proven() const { return verdict != Verdict::Unknown; }
    // Why a value is unknown (what each open question ran out of).
    std::string open_because() const;
};

// The value of root for its side to move. tables may be null.
Proof prove_value(const Position& root, EndgameProbe* tables, const ProveLimits& limits);

// One question alone: does `attacker` win at root?
Answer prove_win(const Position& root, Color attacker, EndgameProbe* tables,
                 const ProveLimits& limits);

}  // namespace retrocheck::checkers::prove
