// Checks corpus entries: through the tables where they hold the position (exact values), and
// otherwise by the prover (engine/checkers/prove) with the tables at its leaves. A verdict beyond
// the tables passes only when it is proven, draws included (both "the side to move wins" and "the
// opponent wins" disproven); a budget that runs out is a failure that says so, never a pass.
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

namespace retrocheck::corpus {

// One thing checked: the position itself, or a keep or spoil move.
struct Check {
    std::string subject;   // "position", "keep 14-10", "spoil 32-28"
    std::string expected;  // for the entry's side to move: "draw", "not a loss", "loss", ...
    std::string found;     // the same view: "loss in 18 plies (table)", "win (proven ...)"
    std::string method;    // "tables" or "proof"
    std::optional<checkers::Move> move;  // the keep or spoil
    checkers::Position valued;           // the position valued: the entry's, or after the move
    // Its value for its own side to move, where the tables give it or the prover proved it (then
    // without a distance).
    std::optional<Outcome> value;
    // The prover's work: nodes, the size of the checked proof, and for a proven win or loss a
    // main line from the entry's position (through the move) to the tables.
    std::uint64_t nodes = 0, proof_size = 0;
    double seconds = 0;
    std::vector<checkers::Move> line;
    bool ok = false;
    bool unknown = false;  // not ok because the prover's budget ran out, nothing disproven
};

// What an entry's checks come to: every check holds; failing checks that are all unknowns (for
// want of a proof within the budget: neither a pass nor a failure), for an entry marked open or
// not; or a failure (something disproven).
enum class Status { Pass, Open, Unknown, Fail };
const char* to_string(Status s);  // "pass", "open", "unknown", "fail"

struct EntryReport {
    Entry entry;
    std::vector<Check> checks;
    Status status() const;
    bool passed() const { return status() == Status::Pass; }
};

// tables may be null. limits bound each proof (the position, each keep and each spoil).
EntryReport check_entry(const Entry& entry, checkers::EndgameProbe* tables,
                        const checkers::prove::ProveLimits& limits);

}  // namespace retrocheck::corpus
