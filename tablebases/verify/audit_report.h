// What an audit finds, for any game: a row of counts for each slice and side to move, totals,
// and the first examples in walk order, each with the child that proves it. Each game's walk
// over a source (checkers/audit.h, chess/audit.h) judges positions; the tally, the report and
// its description are written once here over the table-game concept (tablebases/game.h).
// `Stored` is what the source answers for a position (an Outcome for checkers formats, a
// ChessProbe for Syzygy's and Gaviota's); it has to_string().
#pragma once

#include <fmt/format.h>
#include <tbb/enumerable_thread_specific.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/outcome.h"
#include "tablebases/game.h"
#include "tablebases/verify/first_examples.h"

namespace retrocheck::tb {

struct AuditCounts {
    std::uint64_t checked = 0;        // positions the source stores, read and judged
    std::uint64_t not_stored = 0;     // positions it does not store (partial sources)
    std::uint64_t en_passant = 0;     // of the checked, those with an en passant right (chess)
    std::uint64_t disagreements = 0;  // values that differ from our tables'
    std::uint64_t violations = 0;     // values that break a rule against their children's
    // Syzygy's DTZ against ours (chess/audit.h): the values a DTZ file stores, equal to ours; one
    // ply under an even DTZ of ours (the file counts full moves there); not read by a prober
    // (a zeroing move decides the win: its DTZ comes from the WDL file); and the positions a
    // file does not store (the other side to move, which probers search one ply).
    std::uint64_t dtz_exact = 0, dtz_rounded = 0, dtz_from_wdl = 0, dtz_other_side = 0;

    AuditCounts& operator+=(const AuditCounts& o) {
        checked += o.checked;
        not_stored += o.not_stored;
        en_passant += o.en_passant;
        disagreements += o.disagreements;
        violations += o.violations;
        dtz_exact += o.dtz_exact;
        dtz_rounded += o.dtz_rounded;
        dtz_from_wdl += o.dtz_from_wdl;
        dtz_other_side += o.dtz_other_side;
        return *this;
    }
    bool wrong() const { return disagreements + violations > 0; }
};

template <TableGame G>
using SideOf = std::decay_t<decltype(std::declval<const typename G::Position&>().side_to_move())>;

template <TableGame G>
struct AuditRow {
    typename G::Slice slice;
    SideOf<G> side_to_move;
    AuditCounts counts;
    bool dtz = false;  // Syzygy's DTZ read and judged for this slice
};

template <TableGame G, typename Stored>
struct AuditExample {
    std::string problem;  // "disagreement", the rule broken, or what the source failed on
    typename G::Position position;
    Stored theirs;                               // the source's value
    std::optional<Outcome> ours;                 // our tables' value
    std::optional<typename G::Move> child_move;  // the child that proves it
    std::optional<Stored> child_theirs;          // its value from the source
    std::optional<Outcome> child_ours;           // and from ours
    std::string expected;                        // what the rule allows, when it says
};

template <TableGame G, typename Stored>
struct AuditReport {
    using Example = AuditExample<G, Stored>;
    std::vector<AuditRow<G>> rows;  // in walk order
    AuditCounts total;
    bool dtz = false;               // whether any DTZ was judged
    std::uint64_t unresolved = 0;   // children the source could not value (among the violations)
    std::vector<Example> examples;  // the first max_examples, in walk order
};

// A walk's bookkeeping: each thread counts into its own Local, and close_row() adds the
// threads' counts for one slice and side to move as a row, in walk order.
template <TableGame G, typename Stored>
class AuditTally {
  public:
    using Example = AuditExample<G, Stored>;
    struct Local {
        AuditCounts counts;
        std::uint64_t unresolved = 0;
        FirstExamples<Example> examples;
        std::uint64_t row = 0;  // the walk's row, the first half of an example's key
        // A finding at the position with this key (its order within the row).
        void note(std::uint64_t key, Example e) { examples.add({row, key}, std::move(e)); }
    };
    using Locals = tbb::enumerable_thread_specific<Local>;

    explicit AuditTally(std::size_t max_examples) : max_(max_examples), examples_(max_examples) {}

    // Fresh counts for the next row's threads.
    Locals locals() const {
        const std::uint64_t row = report_.rows.size();
        const std::size_t max = max_;
        return Locals([row, max] { return Local{{}, 0, FirstExamples<Example>(max), row}; });
    }
    void close_row(const typename G::Slice& slice, SideOf<G> side, Locals& locals,
                   bool dtz = false) {
        AuditRow<G> row{slice, side, {}, dtz};
        for (Local& l : locals) {
            row.counts += l.counts;
            report_.unresolved += l.unresolved;
            examples_.absorb(l.examples);
        }
        report_.total += row.counts;
        report_.dtz = report_.dtz || dtz;
        report_.rows.push_back(row);
    }
    AuditReport<G, Stored> take() {
        report_.examples = examples_.take();
        return std::move(report_);
    }

  private:
    std::size_t max_;
    FirstExamples<Example> examples_;
    AuditReport<G, Stored> report_;
};

// Problem, FEN, diagram, their value and ours, what the rule allows, the child with its values.
template <TableGame G, typename Stored>
std::string describe(const AuditExample<G, Stored>& e) {
    std::string s =
        fmt::format("{}: {}\n{}", e.problem, G::fen(e.position), G::diagram(e.position));
    s += fmt::format("theirs: {}", e.theirs.to_string());
    if (e.ours) s += fmt::format(", ours: {}", e.ours->to_string());
    if (!e.expected.empty()) s += fmt::format("; the children allow {}", e.expected);
    s += "\n";
    if (e.child_move) {
        s += fmt::format("child {} ({})", G::move_name(e.position, *e.child_move),
                         G::fen(e.position.after(*e.child_move)));
        if (e.child_theirs) s += fmt::format(": theirs {}", e.child_theirs->to_string());
        if (e.child_ours) s += fmt::format(", ours {}", e.child_ours->to_string());
        s += " for the opponent\n";
    }
    return s;
}

}  // namespace retrocheck::tb
