// The definitions of verifier.h's templates, for the one file of each game that instantiates
// them (tablebases/<game>/generic.cpp).
#pragma once

#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <span>
#include <type_traits>

#include "tablebases/verify/cause_chain.h"
#include "tablebases/verify/classify.h"
#include "tablebases/verify/first_examples.h"
#include "tablebases/verify/rules.h"
#include "tablebases/verify/slot_batch.h"
#include "tablebases/verify/verifier.h"

namespace retrocheck::tb {

namespace detail {

// f(id, its position or nullptr) for the slots [begin, end) of a finished table: by the game's
// walk over slots (G::for_each_slot, which may step from one slot's position to the next) where
// finished tables are the tables it builds, else a slot at a time.
template <TableGame G, typename F>
void for_each_stored_slot(const typename G::StoredTable& t, std::uint64_t begin, std::uint64_t end,
                          F&& f) {
    if constexpr (std::is_same_v<typename G::StoredTable, typename G::Table>) {
        G::for_each_slot(t, begin, end, f);
    } else {
        for (std::uint64_t id = begin; id != end; ++id) {
            const std::optional<typename G::Position> pos = G::slot_position(t, id);
            f(id, pos ? &*pos : nullptr);
        }
    }
}

// How many causes of causes a consequence follows to find whether it lies on a cycle.
constexpr int kMaxCauseChain = 64;

// The quick check (slot_batch.h) with the game's lookups one at a time, for games whose lookup
// is not a slot read.
template <TableGame G>
bool consistent(const typename G::Tables& tables, const typename G::Position& pos,
                const Outcome& stored) {
    thread_local std::vector<Lookup> children;
    children.clear();
    G::for_each_child(pos, [&](const typename G::Position& child) {
        children.push_back(G::lookup(tables, child));
    });
    return consistent<G>(pos, stored, G::lookup(tables, pos.flipped()), children.size(),
                         [&](std::size_t i) { return children[i]; });
}

}  // namespace detail

template <typename Tables, TableGame G>
std::vector<Violation<G>> check_position(const Tables& tables, const typename G::Position& pos) {
    using Position = typename G::Position;
    std::vector<Violation<G>> out;
    const Lookup me = G::lookup(tables, pos);
    if (me.status == Lookup::Status::NoTable) return out;
    const std::optional<Outcome> stored =
        me.valued() ? std::optional<Outcome>(me.value) : std::nullopt;
    const auto moves = G::legal_moves(pos);
    auto violation = [&](const char* rule) {
        Violation<G> v;
        v.rule = rule;
        v.position = pos;
        v.stored = stored;
        return v;
    };
    std::vector<Outcome> children;
    std::vector<typename G::Move> child_moves;
    if (!stored) {
        out.push_back(violation("known-value"));
    } else {
        for (const auto& m : moves) {
            const Lookup c = G::lookup(tables, pos.after(m));
            if (!c.valued()) {  // a child's slice is missing from the set, or holds no value
                out.push_back(violation("known-value"));
                out.back().child_move = m;
                out.back().child_table_missing = c.status == Lookup::Status::NoTable;
                break;
            }
            children.push_back(c.value);
            child_moves.push_back(m);
        }
    }
    const Lookup mirror_lookup = G::lookup(tables, pos.flipped());
    const std::optional<Outcome> mirror =
        mirror_lookup.valued() ? std::optional<Outcome>(mirror_lookup.value) : std::nullopt;
    const bool mirror_differs = mirror && stored && *mirror != *stored;
    if (out.empty()) {
        if (const auto f = own_rule<G>(pos, *stored, children)) {
            Violation<G> v = violation(f->rule);
            if (f->child >= 0) {
                v.child_move = child_moves[static_cast<std::size_t>(f->child)];
                v.child_value = children[static_cast<std::size_t>(f->child)];
            }
            out.push_back(v);
        }
        if (mirror_differs) out.push_back(violation("flip-symmetry"));
    }
    if (out.empty()) return out;

    Classification<G> c = classify<G>(tables, pos);
    auto cause_of = [&](const Position& p) -> std::optional<Position> {
        return classify<G>(tables, p).cause;
    };
    auto before = [&](const Position& a, const Position& b) {
        return walk_before<G>(tables, a, b);
    };
    if (!c.finding && first_on_a_cycle(pos, *c.cause, cause_of, before, detail::kMaxCauseChain)) {
        c.finding = true;  // first on a cycle of consequences: the children are in doubt
        c.cause.reset();
        c.relation.clear();
    }
    for (Violation<G>& v : out) {
        if (mirror_differs) v.mirror = *mirror;
        v.fails_own = c.fails_own;
        v.mirror_fails_own = c.mirror_fails_own;
        v.finding = c.finding;
        if (c.finding && &v != &out.front()) {  // flip symmetry broken by its own finding
            v.finding = false;
            v.cause = pos;
            v.relation = "itself";
        } else if (c.finding) {
            v.expected = c.expected;
        } else {
            v.cause = c.cause;
            v.relation = c.relation;
        }
    }
    return out;
}

template <typename Tables, TableGame G>
VerifyReport<G> verify_part(const Tables& tables, std::size_t max_examples,
                            std::atomic<std::uint64_t>* progress,
                            const std::vector<typename G::Slice>& only) {
    using Position = typename G::Position;
    struct Found {
        std::uint64_t positions = 0, violations = 0, findings = 0;
        FirstExamples<Violation<G>> findings_seen, consequences_seen;
    };
    // One consequence more than shown, in case the first must stand as a finding.
    tbb::enumerable_thread_specific<Found> found([&] {
        return Found{0, 0, 0, FirstExamples<Violation<G>>(max_examples),
                     FirstExamples<Violation<G>>(max_examples + 1)};
    });
    std::uint64_t slice_no = 0;
    VerifyReport<G> report;
    // Each thread's counts only grow: a slice's counts are the sums after it less those before.
    const auto totals = [&found] {
        std::array<std::uint64_t, 3> sum{0, 0, 0};
        for (const Found& f : found) {
            sum[0] += f.positions;
            sum[1] += f.violations;
            sum[2] += f.findings;
        }
        return sum;
    };
    for (const auto& entry : tables.tables()) {
        if (!only.empty() && std::find(only.begin(), only.end(), entry.first) == only.end())
            continue;
        const auto& t = *entry.second;
        const auto before = totals();
        tbb::parallel_for(
            tbb::blocked_range<std::uint64_t>(0, t.values.size(), 8192), [&](const auto& r) {
                Found& mine = found.local();
                auto add = [&](std::uint64_t id, Violation<G>&& v) {
                    ++mine.violations;
                    if (v.finding) {
                        ++mine.findings;
                        mine.findings_seen.add({slice_no, id}, std::move(v));
                    } else {
                        mine.consequences_seen.add({slice_no, id}, std::move(v));
                    }
                };
                // The full check, for a position the quick one doubts.
                auto check = [&](std::uint64_t id, const Position& pos) {
                    for (Violation<G>& v : check_position(tables, pos)) add(id, std::move(v));
                };
                detail::SlotBatch<G> batch;
                detail::for_each_stored_slot<G>(
                    t, r.begin(), r.end(), [&](std::uint64_t id, const Position* pos) {
                        if (!pos) return;  // a slot the index leaves empty
                        const auto value = t.values[id];
                        if (!G::legal_slot(*pos)) {
                            if (is_unknown(value)) return;
                            Violation<G> v;
                            v.rule = "illegal-slot-holds-value";
                            v.position = *pos;
                            v.stored = decode(value);
                            add(id, std::move(v));
                            return;
                        }
                        ++mine.positions;
                        if (is_unknown(value)) {
                            check(id, *pos);
                        } else if constexpr (SlotLookup<G>) {
                            batch.add(tables, id, *pos, value);
                            if (batch.full()) batch.flush(check);
                        } else if (!detail::consistent<G>(tables, *pos, decode(value))) {
                            check(id, *pos);
                        }
                    });
                if constexpr (SlotLookup<G>) batch.flush(check);
                if (progress) progress->fetch_add(r.size(), std::memory_order_relaxed);
            });
        const auto after = totals();
        report.slices.push_back(
            {entry.first, after[0] - before[0], after[1] - before[1], after[2] - before[2]});
        report.positions_checked += after[0] - before[0];
        ++slice_no;
    }
    FirstExamples<Violation<G>> findings(max_examples), consequences(max_examples + 1);
    for (Found& f : found) {
        report.violations += f.violations;
        report.findings += f.findings;
        findings.absorb(f.findings_seen);
        consequences.absorb(f.consequences_seen);
    }
    report.examples = findings.take();
    report.consequences = consequences.take();
    return report;
}

template <typename Tables, TableGame G>
VerifyReport<G> verify(const Tables& tables, std::size_t max_examples,
                       std::atomic<std::uint64_t>* progress,
                       const std::vector<typename G::Slice>& only) {
    VerifyReport<G> report = verify_part(tables, max_examples, progress, only);
    finish_report(report, max_examples);
    return report;
}

namespace detail {

template <TableGame G>
std::string which_fails_own(const Violation<G>& v) {
    if (v.fails_own && v.mirror_fails_own) return "both fail their own rules";
    if (v.fails_own) return G::fen(v.position) + " fails its own rule";
    if (v.mirror_fails_own) return "the mirror fails its own rule";
    return "neither fails its own rule";
}

}  // namespace detail

template <TableGame G>
std::string describe(const Violation<G>& v) {
    const std::string fen = G::fen(v.position);
    const std::string mirror_fen = G::fen(v.position.flipped());
    if (!v.finding) {
        std::string s = fmt::format("consequence of {} ({}): {} at {}",
                                    v.cause ? G::fen(*v.cause) : "?", v.relation, v.rule, fen);
        if (v.rule == "flip-symmetry" && v.mirror)
            s += fmt::format("; mirror {} stores {}, {}", mirror_fen, v.mirror->to_string(),
                             detail::which_fails_own(v));
        return s + "\n";
    }
    std::string s = fmt::format("finding: {} at {}\n{}", v.rule, fen, G::diagram(v.position));
    s += fmt::format("stored: {}\n", v.stored ? v.stored->to_string() : "no value");
    if (v.expected) {
        s += fmt::format("should be: {}", v.expected->to_string());
        if (v.mirror && *v.mirror == *v.expected)
            s += fmt::format("; its mirror {} agrees", mirror_fen);
        s += "\n";
    }
    if (v.mirror && !(v.expected && *v.mirror == *v.expected))
        s += fmt::format("mirror {}: {}; {}\n", mirror_fen, v.mirror->to_string(),
                         detail::which_fails_own(v));
    if (v.child_move) {
        const std::string child_fen = G::fen(v.position.after(*v.child_move));
        const std::string name = G::move_name(v.position, *v.child_move);
        if (v.child_value)
            s += fmt::format("child {} ({}): {} for the side to move here\n", name, child_fen,
                             v.child_value->parent_view().to_string());
        else
            s += fmt::format(
                "child {} ({}): {}\n", name, child_fen,
                v.child_table_missing ? "its slice is missing" : "its slot holds no value");
    } else if (v.rule == G::no_move(v.position).rule) {
        s += "no legal move\n";
    }
    return s;
}

}  // namespace retrocheck::tb
