#include "tablebases/verify/chess_verifier.h"

#include <fmt/format.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <vector>

#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "tablebases/verify/rules.h"

namespace retrocheck::tb::chess {

using retrocheck::chess::Move;
using retrocheck::chess::Position;

namespace {

ChessViolation violation(std::string rule, const Position& pos, std::optional<Outcome> stored) {
    ChessViolation v;
    v.rule = std::move(rule);
    v.position = pos;
    v.stored = stored;
    return v;
}

struct Child {
    Move move;
    std::optional<Outcome> value;
};

void children(const MaterialTableSet& tables, const Position& pos, std::vector<Child>& out) {
    out.clear();
    for (const Move m : retrocheck::chess::legal_moves(pos))
        out.push_back({m, tables.probe(pos.after(m))});
}

// What the children imply (with every child valued), by the rules of rules.h, except that a
// position without moves is lost in 0 only when in check.
Outcome implied_by(const Position& pos, const std::vector<Outcome>& values) {
    if (values.empty()) return pos.in_check() ? Outcome::loss(0) : Outcome::draw();
    return implied(values);
}

// The rule `stored` breaks given the children's values (all known), and the child showing it.
std::optional<RuleBreak> own_rule(const Position& pos, const Outcome& stored,
                                  const std::vector<Outcome>& values) {
    if (values.empty()) {
        if (pos.in_check())
            return stored == Outcome::loss(0) ? std::nullopt
                                              : std::optional<RuleBreak>({"mate-is-loss-0", -1});
        return stored.is_draw() ? std::nullopt
                                : std::optional<RuleBreak>({"stalemate-is-draw", -1});
    }
    return judge(stored, values);
}

void values_of(const std::vector<Child>& kids, std::vector<Outcome>& out) {
    out.clear();
    for (const Child& c : kids) out.push_back(*c.value);
}

// Whether a position (perhaps with an en passant right) holds a value its children do not imply.
bool breaks_own(const MaterialTableSet& tables, const Position& pos) {
    const auto stored = tables.probe(pos);
    const auto should = implied_value(tables, pos);
    return stored && should && *stored != *should;
}

void classify(const MaterialTableSet& tables, const std::vector<Child>& kids, ChessViolation& v) {
    // Each child that breaks its own rule takes the value its children imply.
    std::vector<Outcome> fixed;
    std::optional<std::size_t> culprit;
    for (std::size_t i = 0; i < kids.size(); ++i) {
        const Position child = v.position.after(kids[i].move);
        if (breaks_own(tables, child)) {
            fixed.push_back(*implied_value(tables, child));
            if (!culprit) culprit = i;
        } else {
            fixed.push_back(*kids[i].value);
        }
    }
    const Outcome should = implied_by(v.position, fixed);
    if (culprit && v.stored && should == *v.stored) {
        v.finding = false;
        v.cause = v.position.after(kids[*culprit].move);
        v.relation = "child " + retrocheck::chess::format_san(v.position, kids[*culprit].move);
    } else {
        v.expected = should;
    }
}

}  // namespace

std::optional<Outcome> implied_value(const MaterialTableSet& tables, const Position& pos) {
    std::vector<Outcome> values;
    std::vector<Child> kids;
    children(tables, pos, kids);
    for (const Child& c : kids) {
        if (!c.value) return std::nullopt;
        values.push_back(*c.value);
    }
    return implied_by(pos, values);
}

std::vector<ChessViolation> check_position(const MaterialTableSet& tables, const Position& pos) {
    std::vector<ChessViolation> out;
    const auto stored = tables.probe_stored(pos);
    // Reused from position to position: the verifier's hot path allocates nothing.
    thread_local std::vector<Child> kids;
    thread_local std::vector<Outcome> values;
    children(tables, pos, kids);
    const auto missing =
        std::find_if(kids.begin(), kids.end(), [](const Child& c) { return !c.value; });
    if (!stored || missing != kids.end()) {
        ChessViolation v = violation("known-value", pos, stored);
        if (stored && missing != kids.end()) {
            v.child_move = missing->move;
            // A child whose slot holds no value is the finding there; a child whose material the
            // set lacks is one here.
            const Position child = pos.after(missing->move);
            if (tables.find(child)) {
                v.finding = false;
                v.cause = child;
                v.relation = "child " + retrocheck::chess::format_san(pos, missing->move);
            }
        }
        out.push_back(v);
        return out;
    }
    values_of(kids, values);
    // The flip lives in the flipped material, which a set need not hold.
    const auto flip = tables.probe_stored(pos.flipped());
    const bool flip_differs = flip && *flip != *stored;
    if (const auto broken = own_rule(pos, *stored, values)) {
        ChessViolation v = violation(broken->rule, pos, stored);
        if (broken->child >= 0) {
            const Child& c = kids[static_cast<std::size_t>(broken->child)];
            v.child_move = c.move;
            v.child_value = c.value;
        }
        if (flip_differs) v.mirror = flip;
        classify(tables, kids, v);
        out.push_back(v);
    }
    if (flip_differs) {
        ChessViolation v = violation("flip-symmetry", pos, stored);
        v.mirror = flip;
        const Position image = pos.flipped();
        if (!out.empty()) {  // its own rule broken: counted there
            v.finding = false;
            v.cause = pos;
            v.relation = "itself";
        } else if (breaks_own(tables, image)) {
            v.finding = false;
            v.cause = image;
            v.relation = "flip";
        } else {
            v.expected = std::nullopt;
        }
        out.push_back(v);
    }
    return out;
}

ChessVerifyReport verify(const MaterialTableSet& tables, std::size_t max_examples,
                         std::atomic<std::uint64_t>* progress, const std::vector<Material>& only) {
    ChessVerifyReport report;
    constexpr std::uint64_t kChunk = 1 << 14;
    struct Chunk {
        std::uint64_t positions = 0, violations = 0, findings = 0;
        std::vector<ChessViolation> findings_seen, consequences_seen;
    };
    for (const auto& [material, held] : tables.tables()) {
        if (!only.empty() && std::find(only.begin(), only.end(), material) == only.end()) continue;
        // A reference the lambda below can capture (clang 14 cannot capture structured bindings).
        const auto& table = held;
        const std::uint64_t n = table->values.size();
        std::vector<Chunk> chunks((n + kChunk - 1) / kChunk);
        tbb::parallel_for(std::size_t{0}, chunks.size(), [&](std::size_t k) {
            Chunk& c = chunks[k];
            const std::uint64_t end = std::min(n, (k + 1) * kChunk);
            for (std::uint64_t id = k * kChunk; id < end; ++id) {
                const auto pos = table->position(id);
                if (!pos) continue;
                std::vector<ChessViolation> found;
                if (!legal_slot(*pos)) {
                    if (table->values[id] == kNoPosition) continue;
                    found.push_back(
                        violation("illegal-slot-holds-value", *pos, decode(table->values[id])));
                } else {
                    ++c.positions;
                    found = check_position(tables, *pos);
                }
                for (ChessViolation& v : found) {
                    ++c.violations;
                    if (v.finding) ++c.findings;
                    auto& list = v.finding ? c.findings_seen : c.consequences_seen;
                    if (list.size() < max_examples) list.push_back(std::move(v));
                }
            }
            if (progress) progress->fetch_add(end - k * kChunk, std::memory_order_relaxed);
        });
        ChessVerifyReport::MaterialCount count{material};
        for (Chunk& c : chunks) {
            count.positions += c.positions;
            count.violations += c.violations;
            count.findings += c.findings;
            for (auto& v : c.findings_seen)
                if (report.examples.size() < max_examples) report.examples.push_back(v);
            for (auto& v : c.consequences_seen)
                if (report.consequences.size() < max_examples) report.consequences.push_back(v);
        }
        report.positions_checked += count.positions;
        report.violations += count.violations;
        report.findings += count.findings;
        report.materials.push_back(count);
    }
    return report;
}

std::string describe(const ChessViolation& v) {
    using retrocheck::chess::format_fen;
    const std::string stored = v.stored ? v.stored->to_string() : "no value";
    if (!v.finding)
        return fmt::format("consequence of {} ({}): {} at {}\n",
                           v.cause ? format_fen(*v.cause) : "?", v.relation, v.rule,
                           format_fen(v.position));
    std::string out =
        fmt::format("finding: {} at {}\n{}stored: {}\n", v.rule, format_fen(v.position),
                    retrocheck::chess::describe(v.position), stored);
    if (v.expected) out += fmt::format("should be: {}\n", v.expected->to_string());
    if (v.child_move) {
        const Position child = v.position.after(*v.child_move);
        out +=
            fmt::format("child {} ({}): {} for the side to move there, {}\n",
                        retrocheck::chess::format_san(v.position, *v.child_move),
                        retrocheck::chess::format_uci(*v.child_move),
                        v.child_value ? v.child_value->to_string() : "no value", format_fen(child));
    }
    if (v.mirror)
        out += fmt::format("colour flip {}: {}\n", format_fen(v.position.flipped()),
                           v.mirror->to_string());
    return out;
}

}  // namespace retrocheck::tb::chess
