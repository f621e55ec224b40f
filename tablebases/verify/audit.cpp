#include "tablebases/verify/audit.h"

#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>

#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "tablebases/probe/resolver.h"
#include "tablebases/verify/first_examples.h"
#include "tablebases/verify/rules.h"

namespace retrocheck::tb {

using checkers::Color;
using checkers::Position;

namespace {

struct Local {
    std::uint64_t checked = 0, not_stored = 0, disagreements = 0, violations = 0, unresolved = 0;
    FirstExamples<AuditExample> examples;
};

}  // namespace

AuditReport audit(const TableSource& source, const TableSet& ours, int max_pieces,
                  std::size_t max_examples, std::atomic<std::uint64_t>* progress) {
    const CaptureResolver resolver(source);
    const bool distances = source.has_distance();
    AuditReport report;
    FirstExamples<AuditExample> examples(max_examples);
    std::uint64_t walk = 0;
    for (const auto& entry : ours.tables()) {
        const Slice slice = entry.first;
        const SliceTable* table = entry.second.get();
        if (slice.pieces() < 2 || slice.pieces() > max_pieces) continue;
        if (slice.black_men + slice.black_kings == 0 || slice.white_men + slice.white_kings == 0)
            continue;
        for (const Color side : {Color::Black, Color::White}) {
            const std::uint64_t base = side == Color::Black ? 0 : table->index.size();
            tbb::enumerable_thread_specific<Local> locals(
                [&] { return Local{0, 0, 0, 0, 0, FirstExamples<AuditExample>(max_examples)}; });
            tbb::parallel_for(
                tbb::blocked_range<std::uint64_t>(0, table->index.size(), 4096),
                [&](const auto& r) {
                    Local& mine = locals.local();
                    auto note = [&](std::uint64_t id, AuditExample e) {
                        mine.examples.add({walk, id}, std::move(e));
                    };
                    for (std::uint64_t id = base + r.begin(); id != base + r.end(); ++id) {
                        const Position pos = table->position(id);
                        const ProbeResult stored = source.probe(pos);
                        if (stored.status == ProbeStatus::NotStored) {
                            ++mine.not_stored;
                            continue;
                        }
                        ++mine.checked;
                        const Outcome truth = decode(table->values[id]);
                        if (stored.status != ProbeStatus::Ok) {
                            ++mine.violations;
                            note(id, {std::string(to_string(stored.status)) + ": " + stored.error,
                                      pos, Outcome::draw(), truth, std::nullopt, std::nullopt});
                            continue;
                        }
                        if ((distances ? truth : truth.wld_only()) != stored.value) {
                            ++mine.disagreements;
                            note(id, {"disagreement", pos, stored.value, truth, std::nullopt,
                                      std::nullopt});
                        }
                        const checkers::MoveList moves = checkers::legal_moves(pos);
                        std::vector<Outcome> children;
                        bool resolved = true;
                        for (const checkers::Move& m : moves) {
                            std::uint64_t work = 0;
                            const ProbeResult c = resolver.resolve(pos.after(m), work);
                            if (c.status != ProbeStatus::Ok) {
                                ++mine.violations;
                                ++mine.unresolved;
                                note(id, {"child-unresolved (" + std::string(to_string(c.status)) +
                                              "): " + c.error,
                                          pos, stored.value, truth, m, std::nullopt});
                                resolved = false;
                                break;
                            }
                            children.push_back(c.value);
                        }
                        if (!resolved) continue;
                        if (const auto f = judge(stored.value, children)) {
                            ++mine.violations;
                            AuditExample e{f->rule, pos,          stored.value,
                                           truth,   std::nullopt, std::nullopt};
                            if (f->child >= 0) {
                                e.child_move = moves[static_cast<std::size_t>(f->child)];
                                e.child_value = children[static_cast<std::size_t>(f->child)];
                            }
                            note(id, std::move(e));
                        }
                    }
                    if (progress) progress->fetch_add(r.size(), std::memory_order_relaxed);
                });
            AuditSlice row{slice, side};
            for (Local& l : locals) {
                row.checked += l.checked;
                row.not_stored += l.not_stored;
                row.disagreements += l.disagreements;
                row.violations += l.violations;
                report.unresolved += l.unresolved;
                examples.absorb(l.examples);
            }
            report.checked += row.checked;
            report.not_stored += row.not_stored;
            report.disagreements += row.disagreements;
            report.violations += row.violations;
            report.slices.push_back(row);
            ++walk;
        }
    }
    report.examples = examples.take();
    return report;
}

std::string describe(const AuditExample& e) {
    std::string s = fmt::format("{}: {}\n{}", e.problem, checkers::format_fen(e.position),
                                checkers::diagram(e.position));
    s += fmt::format("stored: {}", e.stored.to_string());
    if (e.ours) s += fmt::format(", ours: {}", e.ours->to_string());
    s += "\n";
    if (e.child_move) {
        s += fmt::format("child {}", checkers::format_move(*e.child_move));
        if (e.child_value) s += fmt::format(": {} for the opponent", e.child_value->to_string());
        s += "\n";
    }
    return s;
}

}  // namespace retrocheck::tb
