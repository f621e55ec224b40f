#include "tablebases/verify/verifier.h"

#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <span>

#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "tablebases/build/game.h"
#include "tablebases/verify/cause_chain.h"
#include "tablebases/verify/classify.h"
#include "tablebases/verify/first_examples.h"
#include "tablebases/verify/rules.h"

namespace retrocheck::tb {

using checkers::Move;
using checkers::Position;

namespace {

// How many causes of causes a consequence follows to find whether it lies on a cycle.
constexpr int kMaxCauseChain = 64;

// The quick form of check_position for the common case of a consistent position: children as
// positions only, no moves built.
bool consistent(const TableSet& tables, const Position& pos, const Outcome& stored) {
    thread_local std::vector<Outcome> children;
    children.clear();
    bool missing = false;
    CheckersGame::for_each_child(pos, [&](const Position& child) {
        const auto v = tables.probe(child);
        if (v)
            children.push_back(*v);
        else
            missing = true;
    });
    if (missing) return false;
    const auto mirror = tables.probe(pos.flipped());
    if (mirror && *mirror != stored) return false;
    return !judge(stored, children);
}

}  // namespace

std::vector<Violation> check_position(const TableSet& tables, const Position& pos) {
    std::vector<Violation> out;
    const auto stored_opt = tables.probe(pos);
    if (!stored_opt) return out;
    const Outcome stored = *stored_opt;
    const SliceTable* own = tables.find(slice_of(pos));
    const checkers::MoveList moves = checkers::legal_moves(pos);
    auto violation = [&](const char* rule) {
        Violation v;
        v.rule = rule;
        v.position = pos;
        v.stored = stored;
        return v;
    };
    std::vector<Outcome> children;
    if (own->values[own->id(pos)] == kUnknown) {
        out.push_back(violation("known-value"));
    } else {
        for (const Move& m : moves) {
            const auto v = tables.probe(pos.after(m));
            if (!v) {  // a child's slice is missing from the set
                out.push_back(violation("known-value"));
                out.back().child_move = m;
                break;
            }
            children.push_back(*v);
        }
    }
    const auto mirror = tables.probe(pos.flipped());
    if (out.empty()) {
        if (const auto f = judge(stored, children)) {
            Violation v = violation(f->rule);
            if (f->child >= 0) {
                v.child_move = moves[static_cast<std::size_t>(f->child)];
                v.child_value = children[static_cast<std::size_t>(f->child)];
            }
            out.push_back(v);
        }
        if (mirror && *mirror != stored) out.push_back(violation("flip-symmetry"));
    }
    if (out.empty()) return out;

    Classification c = classify(tables, pos);
    auto cause_of = [&](const Position& p) -> std::optional<Position> {
        return classify(tables, p).cause;
    };
    auto before = [&](const Position& a, const Position& b) { return walk_before(tables, a, b); };
    if (!c.finding && first_on_a_cycle(pos, *c.cause, cause_of, before, kMaxCauseChain)) {
        c.finding = true;  // first on a cycle of consequences: the children are in doubt
        c.cause.reset();
        c.relation.clear();
    }
    for (Violation& v : out) {
        if (mirror && *mirror != stored) v.mirror = *mirror;
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

VerifyReport verify(const TableSet& tables, std::size_t max_examples,
                    std::atomic<std::uint64_t>* progress) {
    struct Found {
        std::uint64_t violations = 0, findings = 0;
        FirstExamples<Violation> findings_seen, consequences_seen;
    };
    // One consequence more than shown, in case the first must stand as a finding.
    tbb::enumerable_thread_specific<Found> found([&] {
        return Found{0, 0, FirstExamples<Violation>(max_examples),
                     FirstExamples<Violation>(max_examples + 1)};
    });
    std::uint64_t slice_no = 0;
    VerifyReport report;
    // Each thread's counts only grow: a slice's counts are the sums after it less those before.
    const auto totals = [&found] {
        std::pair<std::uint64_t, std::uint64_t> sum{0, 0};
        for (const Found& f : found) {
            sum.first += f.violations;
            sum.second += f.findings;
        }
        return sum;
    };
    for (const auto& entry : tables.tables()) {
        const SliceTable& t = *entry.second;
        report.positions_checked += t.values.size();
        const auto before = totals();
        tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, t.values.size(), 8192),
                          [&](const auto& r) {
                              Found& mine = found.local();
                              for (std::uint64_t id = r.begin(); id != r.end(); ++id) {
                                  const Value value = t.values[id];
                                  const Position pos = t.position(id);
                                  if (value != kUnknown && consistent(tables, pos, decode(value)))
                                      continue;
                                  for (Violation& v : check_position(tables, pos)) {
                                      ++mine.violations;
                                      if (v.finding) {
                                          ++mine.findings;
                                          mine.findings_seen.add({slice_no, id}, std::move(v));
                                      } else {
                                          mine.consequences_seen.add({slice_no, id}, std::move(v));
                                      }
                                  }
                              }
                              if (progress)
                                  progress->fetch_add(r.size(), std::memory_order_relaxed);
                          });
        const auto after = totals();
        report.slices.push_back({entry.first, t.values.size(), after.first - before.first,
                                 after.second - before.second});
        ++slice_no;
    }
    FirstExamples<Violation> findings(max_examples), consequences(max_examples + 1);
    for (Found& f : found) {
        report.violations += f.violations;
        report.findings += f.findings;
        findings.absorb(f.findings_seen);
        consequences.absorb(f.consequences_seen);
    }
    report.examples = findings.take();
    report.consequences = consequences.take();
    // Every violation is a consequence, along cycles of causes longer than those followed: the
    // first stands as a finding, so that a broken table always has one.
    if (report.findings == 0 && !report.consequences.empty()) {
        Violation first = std::move(report.consequences.front());
        report.consequences.erase(report.consequences.begin());
        first.finding = true;
        first.cause.reset();
        first.relation.clear();
        report.findings = 1;
        if (max_examples > 0) report.examples.push_back(std::move(first));
    }
    if (report.consequences.size() > max_examples) report.consequences.resize(max_examples);
    return report;
}

namespace {

std::string which_fails_own(const Violation& v) {
    if (v.fails_own && v.mirror_fails_own) return "both fail their own rules";
    if (v.fails_own) return checkers::format_fen(v.position) + " fails its own rule";
    if (v.mirror_fails_own) return "the mirror fails its own rule";
    return "neither fails its own rule";
}

}  // namespace

std::string describe(const Violation& v) {
    const std::string fen = checkers::format_fen(v.position);
    const std::string mirror_fen = checkers::format_fen(v.position.flipped());
    if (!v.finding) {
        std::string s =
            fmt::format("consequence of {} ({}): {} at {}",
                        v.cause ? checkers::format_fen(*v.cause) : "?", v.relation, v.rule, fen);
        if (v.rule == "flip-symmetry" && v.mirror)
            s += fmt::format("; mirror {} stores {}, {}", mirror_fen, v.mirror->to_string(),
                             which_fails_own(v));
        return s + "\n";
    }
    std::string s =
        fmt::format("finding: {} at {}\n{}", v.rule, fen, checkers::diagram(v.position));
    const bool valueless = v.rule == "known-value" && !v.child_move;
    s += fmt::format("stored: {}\n", valueless ? "no value" : v.stored.to_string());
    if (v.expected) {
        s += fmt::format("should be: {}", v.expected->to_string());
        if (v.mirror && *v.mirror == *v.expected)
            s += fmt::format("; its mirror {} agrees", mirror_fen);
        s += "\n";
    }
    if (v.mirror && !(v.expected && *v.mirror == *v.expected))
        s += fmt::format("mirror {}: {}; {}\n", mirror_fen, v.mirror->to_string(),
                         which_fails_own(v));
    if (v.child_move) {
        const std::string child_fen = checkers::format_fen(v.position.after(*v.child_move));
        if (v.child_value)
            s += fmt::format("child {} ({}): {} for the side to move here\n",
                             checkers::format_move(*v.child_move), child_fen,
                             v.child_value->parent_view().to_string());
        else
            s += fmt::format("child {} ({}): its slice is missing\n",
                             checkers::format_move(*v.child_move), child_fen);
    } else if (v.rule == "no-move-is-loss-0") {
        s += "no legal move\n";
    }
    return s;
}

}  // namespace retrocheck::tb
