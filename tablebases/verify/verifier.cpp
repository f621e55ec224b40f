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
#include "tablebases/verify/first_examples.h"
#include "tablebases/verify/rules.h"

namespace retrocheck::tb {

using checkers::Move;
using checkers::Position;

namespace {

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
    if (own->values[own->id(pos)] == kUnknown) {
        out.push_back({"known-value", pos, stored, std::nullopt, std::nullopt});
        return out;
    }
    const checkers::MoveList moves = checkers::legal_moves(pos);
    std::vector<Outcome> children;
    for (const Move& m : moves) {
        const auto v = tables.probe(pos.after(m));
        if (!v) {  // a child's slice is missing from the set
            out.push_back({"known-value", pos, stored, m, std::nullopt});
            return out;
        }
        children.push_back(*v);
    }
    const auto mirror = tables.probe(pos.flipped());
    if (mirror && *mirror != stored)
        out.push_back({"flip-symmetry", pos, stored, std::nullopt, *mirror});
    if (const auto f = judge(stored, children)) {
        Violation v{f->rule, pos, stored, std::nullopt, std::nullopt};
        if (f->child >= 0) {
            v.child_move = moves[static_cast<std::size_t>(f->child)];
            v.child_value = children[static_cast<std::size_t>(f->child)];
        }
        out.push_back(v);
    }
    return out;
}

VerifyReport verify(const TableSet& tables, std::size_t max_examples,
                    std::atomic<std::uint64_t>* progress) {
    struct Found {
        std::uint64_t violations = 0;
        FirstExamples<Violation> examples;
    };
    tbb::enumerable_thread_specific<Found> found([&] {
        return Found{0, FirstExamples<Violation>(max_examples)};
    });
    std::uint64_t slice_no = 0;
    VerifyReport report;
    for (const auto& entry : tables.tables()) {
        const SliceTable& t = *entry.second;
        report.positions_checked += t.values.size();
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
                                      mine.examples.add({slice_no, id}, std::move(v));
                                  }
                              }
                              if (progress)
                                  progress->fetch_add(r.size(), std::memory_order_relaxed);
                          });
        ++slice_no;
    }
    FirstExamples<Violation> all(max_examples);
    for (Found& f : found) {
        report.violations += f.violations;
        all.absorb(f.examples);
    }
    report.examples = all.take();
    return report;
}

std::string describe(const Violation& v) {
    std::string s = fmt::format("rule {} broken by {}\n{}stored: {}\n", v.rule,
                                checkers::format_fen(v.position), checkers::diagram(v.position),
                                v.stored.to_string());
    if (v.child_move)
        s += fmt::format("child {}: {} for the opponent\n", checkers::format_move(*v.child_move),
                         v.child_value->to_string());
    else if (v.child_value)
        s += fmt::format("mirror {}: {}\n", checkers::format_fen(v.position.flipped()),
                         v.child_value->to_string());
    return s;
}

}  // namespace retrocheck::tb
