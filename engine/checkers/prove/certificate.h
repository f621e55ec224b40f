// The certificate checker: what the prover claims is checked here, by retrograde analysis of the
// part of the game graph the claims point to, before anything is reported. Nothing of df-pn's
// numbers, paths or repetition handling is trusted.
//
// A win for the attacker: the region is the root, every defender move from a region position, and
// every attacker move to a position claimed won. Its attractor is computed as the tablebase
// builders compute wins: a position is won when a table value or a defender without a move says
// so, when some attacker move leads to a won position, or when every defender move does. Levels
// count the plies, so a win certified is a finite strategy: no win rests on a repetition.
//
// "The attacker does not win": the region is the root, every attacker move from a region position,
// and every defender move to a position the search visited and did not claim won. Its greatest
// fixed point is computed: positions drop out while an attacker move leaves the set for a table
// win, a defender without a move or a position outside the region, or no defender move stays in
// the set (or reaches a table value that is not an attacker win, or an attacker without a move).
// What remains is closed: the defender keeps the game in it forever or reaches such a table value,
// so the attacker never wins (infinite play is a draw, as in the tables).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/checkers/move.h"
#include "engine/checkers/position.h"
#include "engine/checkers/prove/leaf.h"
#include "engine/checkers/search/search.h"

namespace retrocheck::checkers::prove {

// What the prover says of a position it visited: solved either way, or open. nullopt: not visited.
enum class Claim { Win, NoWin, Open };
using Claims = std::function<std::optional<Claim>(const Position&)>;

struct Certificate {
    bool ok = false;
    // A win: the positions of the proof (the attacker's chosen moves, every defender move);
    // a no-win: the positions of the closed set.
    std::uint64_t size = 0;
    // A win: a main line from the root to a table value (or a defender without a move), the
    // attacker winning fastest and the defender resisting longest within the region.
    std::vector<Move> line;
    std::string failure;  // what failed, and where (a FEN)
    // A failed check: the positions claimed solved that the analysis refuted, which the prover
    // forgets.
    std::vector<Position> refuted;
};

// A region larger than this many positions fails the check (the prover's store is smaller).
inline constexpr std::size_t kMaxRegion = std::size_t{1} << 26;

Certificate check_win(const Position& root, Color attacker, EndgameProbe* tables,
                      const Claims& claims);
Certificate check_no_win(const Position& root, Color attacker, EndgameProbe* tables,
                         const Claims& claims);

}  // namespace retrocheck::checkers::prove
