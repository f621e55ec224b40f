#include "tablebases/chess/dtz_verify.h"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <vector>

#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/zeroing.h"
#include "tablebases/verify/dtz_rules.h"
#include "tablebases/verify/first_examples.h"

namespace retrocheck::tb::chess {

using retrocheck::chess::Move;
using retrocheck::chess::Position;

namespace {

using M = Dtz50Metric;

// A position's children as implied_dtz50 reads them: nothing when one has no value.
struct Children {
    std::vector<DtzChild> children;
    std::vector<Move> moves;
    std::optional<Move> missing;  // the first child without a value
};

Children children_of(const DtzTableSet& set, const Position& pos) {
    Children out;
    for (const Move m : retrocheck::chess::legal_moves(pos)) {
        const Position c = pos.after(m);
        const auto v = set.probe(c);
        if (!v) {
            out.missing = m;
            return out;
        }
        const bool mated = v->dtz == -1 && c.in_check() && retrocheck::chess::count_moves(c) == 0;
        out.children.push_back({retrocheck::chess::zeroing(pos, m), mated, v->wdl, v->dtz});
        out.moves.push_back(m);
    }
    return out;
}

// Whether a position keeps its own rule (a slot without a position or a child without a value
// counts as keeping it: those are known-value's findings of their own).
bool keeps_rule(const DtzTableSet& set, const Position& pos) {
    if (pos.en_passant()) return true;  // valued by its moves, not stored
    const auto code = set.probe_code(pos);
    if (!code) return true;
    const Children c = children_of(set, pos);
    if (c.missing) return true;
    const ImpliedDtz implied = implied_dtz50(c.children, pos.in_check());
    return dtz_of_code(*code) == Dtz{implied.wdl, implied.dtz};
}

struct Local {
    std::uint64_t positions = 0, violations = 0, findings = 0;
    FirstExamples<Violation<ChessGame>> examples, consequences;
};

}  // namespace

Outcome dtz_outcome(const Dtz& d) {
    if (d.wdl == Wdl5::Draw) return Outcome::draw();
    if (d.dtz == -1) return Outcome::loss(0);
    return d.dtz > 0 ? Outcome::win(d.dtz) : Outcome::loss(-d.dtz);
}

VerifyReport<ChessGame> verify_dtz_part(const DtzTableSet& set, std::size_t max_examples,
                                        std::atomic<std::uint64_t>* progress,
                                        const std::vector<Material>& only) {
    VerifyReport<ChessGame> report;
    // One consequence more than shown, in case the first must stand as a finding.
    FirstExamples<Violation<ChessGame>> examples(max_examples), consequences(max_examples + 1);
    std::uint64_t row = 0;
    for (const auto& [material, table] : set.tables()) {
        if (!only.empty() && std::find(only.begin(), only.end(), material) == only.end()) continue;
        const DtzTable& t = *table;
        tbb::enumerable_thread_specific<Local> locals([&] {
            return Local{0, 0, 0, FirstExamples<Violation<ChessGame>>(max_examples),
                         FirstExamples<Violation<ChessGame>>(max_examples + 1)};
        });
        tbb::parallel_for(
            tbb::blocked_range<std::uint64_t>(0, t.values.size(), 4096), [&](const auto& r) {
                Local& mine = locals.local();
                for (std::uint64_t id = r.begin(); id != r.end(); ++id) {
                    const auto pos = t.position(id);
                    const M::Code code = t.values[id];
                    Violation<ChessGame> v;
                    if (!pos || !legal_slot(*pos)) {
                        if (code == M::kUnknown) continue;
                        v.rule = "illegal-slot-holds-value";
                        if (pos) v.position = *pos;
                    } else {
                        ++mine.positions;
                        v.position = *pos;
                        const Children c = children_of(set, *pos);
                        if (code == M::kUnknown || c.missing) {
                            v.rule = "known-value";
                            v.child_move = c.missing;
                            v.child_table_missing = c.missing &&
                                                    !set.find(pos->after(*c.missing)) &&
                                                    !set.find(pos->after(*c.missing).flipped());
                        } else {
                            const ImpliedDtz implied = implied_dtz50(c.children, pos->in_check());
                            const Dtz want{implied.wdl, implied.dtz};
                            if (dtz_of_code(code) == want) continue;
                            v.rule = "dtz-one-ply";
                            v.expected = dtz_outcome(want);
                            if (implied.child >= 0) {
                                const auto k = static_cast<std::size_t>(implied.child);
                                v.child_move = c.moves[k];
                                const DtzChild& d = c.children[k];
                                v.child_value = dtz_outcome({d.wdl, d.dtz});
                            }
                            // A consequence when a child breaks its own rule.
                            for (const Move m : c.moves)
                                if (!keeps_rule(set, pos->after(m))) {
                                    v.finding = false;
                                    v.cause = pos->after(m);
                                    v.relation = "child " + retrocheck::chess::format_uci(m);
                                    v.expected.reset();
                                    break;
                                }
                        }
                        if (code != M::kUnknown) v.stored = dtz_outcome(dtz_of_code(code));
                    }
                    ++mine.violations;
                    if (v.finding) ++mine.findings;
                    (v.finding ? mine.examples : mine.consequences).add({row, id}, std::move(v));
                }
                if (progress) progress->fetch_add(r.size(), std::memory_order_relaxed);
            });
        VerifyReport<ChessGame>::SliceCount count{material, 0, 0, 0};
        for (Local& l : locals) {
            count.positions += l.positions;
            count.violations += l.violations;
            count.findings += l.findings;
            examples.absorb(l.examples);
            consequences.absorb(l.consequences);
        }
        report.positions_checked += count.positions;
        report.violations += count.violations;
        report.findings += count.findings;
        report.slices.push_back(count);
        ++row;
    }
    report.examples = examples.take();
    report.consequences = consequences.take();
    return report;
}

VerifyReport<ChessGame> verify_dtz(const DtzTableSet& set, std::size_t max_examples,
                                   std::atomic<std::uint64_t>* progress) {
    VerifyReport<ChessGame> report = verify_dtz_part(set, max_examples, progress, {});
    // Consequences all round (a cycle of wrong values): the first stands as a finding.
    finish_report(report, max_examples);
    return report;
}

}  // namespace retrocheck::tb::chess
