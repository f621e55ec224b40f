// Checks corpus entries: through the tables where they hold the position (exact values), and
// otherwise, in checkers, by the prover (engine/checkers/prove) with the tables at its leaves.
// Chess has no prover: what the tables do not hold is unknown there (neither pass nor fail). A
// verdict beyond the tables passes only when it is proven, draws included (both "the side to move
// wins" and "the opponent wins" disproven); a budget that runs out is a failure that says so, never
// a pass.
//
// Moves, for the entry's side to move: a keep of a win must be proven to win; a keep of a draw
// proven not to lose (the opponent does not win after it); a keep of a loss proven to lose; a
// spoil of a win proven not to win; a spoil of a draw proven to lose. Through the tables the same
// checks use the table values, and a distance the entry gives is checked where the tables have
// distances (Chinook and Cake do not). Beyond the tables a distance is proven exactly
// (prove/distance.h) or the check fails: "distance disproven", or unknown when the budget ran
// out. An entry without a distance says "verdict only".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "corpus/corpus_file.h"
#include "engine/checkers/prove/prover.h"
#include "engine/checkers/search/search.h"
#include "engine/chess/position.h"
#include "engine/search/search_types.h"

namespace retrocheck::corpus {

// One thing checked: the position itself, or a keep or spoil move.
template <class P>
struct CheckOf {
    std::string subject;   // "position", "keep 14-10", "spoil 32-28"
    std::string expected;  // for the entry's side to move: "draw", "not a loss", "loss", ...
    std::string found;     // the same view: "loss in 18 plies (table)", "win (proven ...)"
    std::string method;    // "tables" or "proof"
    std::optional<MoveOf<P>> move;  // the keep or spoil
    P valued;                       // the position valued: the entry's, or after the move
    // Its value for its own side to move, where the tables give it or the prover proved it (then
    // without a distance).
    std::optional<Outcome> value;
    // The prover's work: nodes, the size of the checked proof, and for a proven win or loss a
    // main line from the entry's position (through the move) to the tables.
    std::uint64_t nodes = 0, proof_size = 0;
    double seconds = 0;
    std::vector<MoveOf<P>> line;
    bool ok = false;
    // Not ok for want of a proof (the prover's budget ran out; in chess, a position the tables do
    // not hold), nothing disproven.
    bool unknown = false;
};
using Check = CheckOf<checkers::Position>;

// What an entry's checks come to: every check holds; failing checks that are all unknowns (for
// want of a proof within the budget: neither a pass nor a failure), for an entry marked open or
// not; or a failure (something disproven).
enum class Status { Pass, Open, Unknown, Fail };
const char* to_string(Status s);  // "pass", "open", "unknown", "fail"

template <class P>
struct EntryReportOf {
    EntryOf<P> entry;
    std::vector<CheckOf<P>> checks;
    Status status() const;
    bool passed() const { return status() == Status::Pass; }
};
using EntryReport = EntryReportOf<checkers::Position>;

// tables may be null. limits bound each proof (the position, each keep and each spoil).
EntryReport check_entry(const Entry& entry, checkers::EndgameProbe* tables,
                        const checkers::prove::ProveLimits& limits);

// Through the tables alone (they may be null: every check is then unknown).
EntryReportOf<chess::Position> check_entry(const ChessEntry& entry,
                                           search::EndgameProbeOf<chess::Position>* tables);

}  // namespace retrocheck::corpus
