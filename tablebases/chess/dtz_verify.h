// The verifier of our DTZ50 tables: every legal position of every table is held to its one-ply
// rule exactly, the value its children give it (implied_dtz50, dtz_rules.h: a zeroing or mating
// move counts 1, any other move the child's |dtz| + 1; the shortest win, else a draw, else the
// longest loss; past 100 plies cursed or blessed), nothing rounded. Rules:
//   dtz-one-ply               the stored value is the one its children imply
//   known-value               a legal position's slot holds a value, and so does every child's
//   illegal-slot-holds-value  a slot whose position is illegal holds none
// A violation is a finding when every child of the position keeps its own rule, else a
// consequence of the child that does not (named as its cause). The report has verifier.h's
// shape, DTZ shown as an Outcome: a win or loss in |dtz| plies (past 100: cursed or blessed),
// a checkmated position a loss in 0.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "tablebases/chess/dtz.h"
#include "tablebases/chess/game.h"
#include "tablebases/verify/verifier.h"

namespace retrocheck::tb::chess {

// A DTZ as verifier.h's reports show it.
Outcome dtz_outcome(const Dtz& d);

VerifyReport<ChessGame> verify_dtz(const DtzTableSet& tables, std::size_t max_examples = 20,
                                   std::atomic<std::uint64_t>* progress = nullptr);

// The tables of `only` (every table when empty) verified: their part of verify_dtz's report, as
// verifier.h's verify_part is of verify's (parts joined by join_part, then finish_report).
VerifyReport<ChessGame> verify_dtz_part(const DtzTableSet& tables, std::size_t max_examples,
                                        std::atomic<std::uint64_t>* progress,
                                        const std::vector<Material>& only);

// The DTZ50 rules for a window's tables (verify/streaming.h): a directory's DTZ50 tables
// verified a material at a time, each with its successors.
struct Dtz50Rules {
    using Game = ChessGame;  // whose slices and successors the windows follow
    using Report = VerifyReport<ChessGame>;
    Report operator()(const DtzTableSet& tables, std::size_t max_examples,
                      std::atomic<std::uint64_t>* progress,
                      const std::vector<Material>& only) const {
        return verify_dtz_part(tables, max_examples, progress, only);
    }
};

}  // namespace retrocheck::tb::chess
