// Checks corpus entries: through the tables where they hold the position (exact values), and
// otherwise by search to the entry's depth with the tables at the leaves.
//
// Through the tables, a distance the entry gives is checked where the tables have distances
// (Chinook and Cake do not). What a search can show: a win or a loss (an exact score, the principal
// variation ending in an end of game or a table value); it cannot prove a draw. So beyond the
// tables a draw entry passes when the search finds no forced result for either side at the root or
// through its keeps, and every spoil is proven lost; a win entry's spoils pass when no forced win
// is found through them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "corpus/corpus_file.h"
#include "engine/checkers/search/search.h"

namespace retrocheck::corpus {

// One thing checked: the position itself, or a keep or spoil move.
struct Check {
    std::string subject;   // "position", "keep 14-10", "spoil 32-28"
    std::string expected;  // for the entry's side to move: "draw", "not a win", "loss", ...
    std::string found;   // the same view: "loss in 18 plies (table)", "-101 (heuristic), depth 19"
    std::string method;  // "tables" or "search"
    std::optional<checkers::Move> move;  // the keep or spoil
    checkers::Position valued;           // the position valued: the entry's, or after the move
    // Its value for its own side to move, where the tables give it or the search proves a win or
    // a loss (then without a distance: a search bounds the distance, it does not give it).
    std::optional<Outcome> value;
    checkers::Score score = 0;  // search only
    checkers::ScoreKind kind = checkers::ScoreKind::Heuristic;
    std::vector<checkers::Move> pv;  // search only: from the position, through the move
    bool ok = false;
};

struct EntryReport {
    Entry entry;
    std::vector<Check> checks;
    bool passed() const;
};

// tables may be null. The searcher's TT is cleared before each entry.
EntryReport check_entry(const Entry& entry, checkers::EndgameProbe* tables,
                        checkers::Searcher& searcher);

}  // namespace retrocheck::corpus
