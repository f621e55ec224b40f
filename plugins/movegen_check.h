// check-movegen: a plugin's legal moves (and perft, when it has one) against ours, for either game
// (plugins/movegen_games.h). Positions come from perft trees (the start position and positions
// made for each rule), random positions and random playouts; a perft count that differs is
// followed down its divide to the first position whose move lists differ. Every disagreement is
// shrunk to the fewest pieces that still disagree.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "plugins/movegen_games.h"
#include "plugins/plugin_process.h"

namespace retrocheck::plugins {

struct MovegenOptions {
    int cases = 10000;           // random positions and playouts, half each
    int depth = 6;               // each perft root's depth at 6 (PerftRoot::depth), one more a step
    std::uint64_t seed = 1;      // of the random positions
    int max_examples = 20;       // problems shown (shrunk); all are counted
    int max_call_failures = 10;  // calls that crash or do not return before the run stops
};

enum class MovegenProblem {
    WrongMoves,      // the move lists differ
    WrongPerft,      // the plugin's perft differs where its move lists agree with ours
    Refused,         // the plugin refused a well-formed position
    Crash,           // a call crashed or ran out of memory
    NonTerminating,  // a call did not return in time, or overflowed its stack
    Protocol,        // a call left a process running, or sent something but its answer
};
const char* to_string(MovegenProblem p);  // "wrong-moves", ...

struct PerftDifference {
    int depth = 0;
    std::uint64_t ours = 0;
    std::int64_t plugin = 0;
};

template <class Position>
struct MovegenExampleOf {
    MovegenProblem problem = MovegenProblem::WrongMoves;
    std::string source;                // "perft", "random" or "playout"
    Position position;                 // shrunk (where shrinking applies)
    Position found;                    // where the problem was found
    std::string line;                  // for perft: the moves from the perft root to `found`
    std::vector<std::string> extra;    // moves the plugin gives and we do not
    std::vector<std::string> missing;  // legal moves the plugin does not give
    std::optional<PerftDifference> perft;
    std::string message;  // how a call failed
};

template <class Position>
struct MovegenReportOf {
    std::string plugin, library;
    std::uint64_t checked = 0;        // positions whose move lists were compared
    std::uint64_t perft_checked = 0;  // perft counts compared
    std::uint64_t wrong_moves = 0, wrong_perft = 0, refused = 0, crashes = 0, non_terminating = 0,
                  protocol = 0;
    std::map<std::string, std::uint64_t> problems_by_source;  // "perft", "random", "playout"
    bool stopped = false;                                     // too many failed calls
    std::vector<MovegenExampleOf<Position>> examples;
    double seconds = 0;

    std::uint64_t problems() const {
        return wrong_moves + wrong_perft + refused + crashes + non_terminating + protocol;
    }
};

// Runs every check. The plugin must offer legal_moves or perft (the command says so before) and
// play G's game. `log` gets a line a stage.
template <MovegenGame G>
MovegenReportOf<typename G::Position> check_movegen(
    PluginProcess& plugin, const MovegenOptions& options,
    const std::function<void(const std::string&)>& log = {});

extern template MovegenReportOf<checkers::Position> check_movegen<CheckersMovegen>(
    PluginProcess&, const MovegenOptions&, const std::function<void(const std::string&)>&);
extern template MovegenReportOf<chess::Position> check_movegen<ChessMovegen>(
    PluginProcess&, const MovegenOptions&, const std::function<void(const std::string&)>&);

}  // namespace retrocheck::plugins
