#include "tablebases/checkers/audit.h"

#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>

#include "engine/checkers/movegen.h"
#include "tablebases/probe/resolver.h"
#include "tablebases/verify/rules.h"

namespace retrocheck::tb {

using checkers::Color;
using checkers::Position;

CheckersAudit audit(const TableSource& source, const TableSet& ours, int max_pieces,
                    std::size_t max_examples, std::atomic<std::uint64_t>* progress) {
    const CaptureResolver resolver(source);
    const bool distances = source.has_distance();
    AuditTally<CheckersGame, Outcome> tally(max_examples);
    for (const auto& entry : ours.tables()) {
        const Slice slice = entry.first;
        const SliceTable* table = entry.second.get();
        if (slice.pieces() < 2 || slice.pieces() > max_pieces) continue;
        if (slice.black_men + slice.black_kings == 0 || slice.white_men + slice.white_kings == 0)
            continue;
        for (const Color side : {Color::Black, Color::White}) {
            const std::uint64_t base = side == Color::Black ? 0 : table->index.size();
            auto locals = tally.locals();
            tbb::parallel_for(
                tbb::blocked_range<std::uint64_t>(0, table->index.size(), 4096),
                [&](const auto& r) {
                    auto& mine = locals.local();
                    for (std::uint64_t id = base + r.begin(); id != base + r.end(); ++id) {
                        const Position pos = table->position(id);
                        const ProbeResult stored = source.probe(pos);
                        if (stored.status == ProbeStatus::NotStored) {
                            ++mine.counts.not_stored;
                            continue;
                        }
                        ++mine.counts.checked;
                        const Outcome truth = decode(table->values[id]);
                        // A finding at this position, built only when there is one.
                        const auto finding = [&](std::string problem) {
                            return CheckersAuditExample{
                                std::move(problem), pos, stored.value, truth, {}, {}, {}, {}};
                        };
                        if (stored.status != ProbeStatus::Ok) {
                            ++mine.counts.violations;
                            CheckersAuditExample e = finding(std::string(to_string(stored.status)) +
                                                             ": " + stored.error);
                            e.theirs = Outcome::draw();
                            mine.note(id, std::move(e));
                            continue;
                        }
                        if ((distances ? truth : truth.wld_only()) != stored.value) {
                            ++mine.counts.disagreements;
                            mine.note(id, finding("disagreement"));
                        }
                        const checkers::MoveList moves = checkers::legal_moves(pos);
                        std::vector<Outcome> children;
                        bool resolved = true;
                        for (const checkers::Move& m : moves) {
                            std::uint64_t work = 0;
                            const ProbeResult c = resolver.resolve(pos.after(m), work);
                            if (c.status != ProbeStatus::Ok) {
                                ++mine.counts.violations;
                                ++mine.unresolved;
                                CheckersAuditExample e =
                                    finding("child-unresolved (" +
                                            std::string(to_string(c.status)) + "): " + c.error);
                                e.child_move = m;
                                mine.note(id, std::move(e));
                                resolved = false;
                                break;
                            }
                            children.push_back(c.value);
                        }
                        if (!resolved) continue;
                        if (const auto f = judge(stored.value, children)) {
                            ++mine.counts.violations;
                            CheckersAuditExample e = finding(f->rule);
                            if (f->child >= 0) {
                                const auto k = static_cast<std::size_t>(f->child);
                                e.child_move = moves[k];
                                e.child_theirs = children[k];
                                const Lookup l = CheckersGame::lookup(ours, pos.after(moves[k]));
                                if (l.valued()) e.child_ours = l.value;
                            }
                            mine.note(id, std::move(e));
                        }
                    }
                    if (progress) progress->fetch_add(r.size(), std::memory_order_relaxed);
                });
            tally.close_row(slice, side, locals);
        }
    }
    return tally.take();
}

}  // namespace retrocheck::tb
