#include "corpus/runner.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "engine/checkers/notation.h"
#include "engine/checkers/prove/distance.h"
#include "engine/core/text.h"

namespace retrocheck::corpus {

namespace {

using checkers::Move;
using checkers::Position;
namespace pv = checkers::prove;

std::optional<Outcome> table_value(checkers::EndgameProbe* tables, const Position& pos) {
    if (!tables || pos.piece_count() > tables->max_pieces()) return std::nullopt;
    return tables->probe(pos);
}

std::string work_text(std::uint64_t nodes, std::uint64_t proof_size, double seconds) {
    return grouped(nodes) + " nodes, " +
           (proof_size ? "proof of " + grouped(proof_size) + " positions, " : "") +
           fmt::format("{:.3f} s", seconds);
}

class EntryChecker {
  public:
    EntryChecker(const Entry& e, checkers::EndgameProbe* tables, const pv::ProveLimits& limits)
        : e_(e), tables_(tables), limits_(limits) {}

    void position(std::vector<Check>& out) {
        Check c;
        c.subject = "position";
        // An entry without a distance is checked for its result alone, and says so.
        c.expected = e_.verdict.to_string() +
                     (e_.verdict.has_distance() || e_.verdict.is_draw() ? "" : " (verdict only)");
        c.valued = e_.position;
        if (const auto v = table_value(tables_, e_.position)) {
            by_table(c, *v, *v);
            const bool distances = e_.verdict.has_distance() && v->has_distance();
            c.ok = distances ? *v == e_.verdict : v->wld() == result();
        } else {
            const pv::Proof p = pv::prove_value(e_.position, tables_, limits_);
            c.method = "proof";
            c.nodes = p.nodes;
            c.proof_size = p.proof_size;
            c.seconds = p.seconds;
            c.line = p.line;
            if (p.proven()) {
                const Wld w = p.verdict == pv::Verdict::Win    ? Wld::Win
                              : p.verdict == pv::Verdict::Loss ? Wld::Loss
                                                               : Wld::Draw;
                c.value = Outcome::of(w);
                c.found = std::string(to_string(w)) +
                          " (proven: " + work_text(p.nodes, p.proof_size, p.seconds) + ")";
                c.ok = w == result();
                // A distance given beyond the tables is proven too, or the check fails: a result
                // alone does not pass for "loss in 18".
                if (c.ok && e_.verdict.has_distance()) prove_distance(c);
            } else {
                c.unknown = true;
                c.found =
                    "unknown (" + p.open_because() + "; " + work_text(p.nodes, 0, p.seconds) + ")";
            }
        }
        out.push_back(std::move(c));
    }

    void move(const Move& m, bool keep, std::vector<Check>& out) {
        Check c;
        c.subject = (keep ? "keep " : "spoil ") + checkers::format_move(m);
        const Position child = e_.position.after(m);
        c.move = m;
        c.valued = child;
        // The question settling the check, for the side to move after m: does `attacker` win,
        // and the answer the entry needs.
        const checkers::Color us = e_.position.side_to_move();
        checkers::Color attacker = us;
        bool needed = true;
        if (result() == Wld::Win) {
            c.expected = keep ? "win" : "not a win";
            needed = keep;
        } else if (result() == Wld::Draw) {
            c.expected = keep ? "not a loss" : "loss";
            attacker = ~us;
            needed = !keep;
        } else {
            c.expected = "loss";  // every move of a lost position keeps the loss
            attacker = ~us;
        }
        if (const auto v = table_value(tables_, child)) {
            const Outcome ours = v->parent_view();
            by_table(c, ours, *v);
            const bool attacker_wins = attacker == us ? ours.is_win() : ours.is_loss();
            c.ok = attacker_wins == needed;
        } else {
            const pv::Answer a = pv::prove_win(child, attacker, tables_, limits_);
            c.method = "proof";
            c.nodes = a.nodes;
            c.proof_size = a.certificate_size;
            c.seconds = a.seconds;
            c.line = {m};
            c.line.insert(c.line.end(), a.line.begin(), a.line.end());
            if (a.wins) {
                const bool mover_wins = attacker == us && *a.wins;
                const bool mover_loses = attacker != us && *a.wins;
                c.found = std::string(mover_wins       ? "win"
                                      : mover_loses    ? "loss"
                                      : attacker == us ? "not a win"
                                                       : "not a loss") +
                          " (proven: " + work_text(a.nodes, a.certificate_size, a.seconds) + ")";
                if (mover_wins) c.value = Outcome::of(Wld::Loss);
                if (mover_loses) c.value = Outcome::of(Wld::Win);
                c.ok = *a.wins == needed;
            } else {
                c.unknown = true;
                c.found =
                    "unknown (" + a.open_because + "; " + work_text(a.nodes, 0, a.seconds) + ")";
            }
            if (!a.wins || !*a.wins) c.line = {m};
        }
        out.push_back(std::move(c));
    }

  private:
    Wld result() const { return e_.verdict.wld(); }

    // The entry's distance, proven exactly or not: c passes only when it is.
    void prove_distance(Check& c) {
        const pv::DistanceProof d = pv::prove_distance(e_.position, e_.verdict, tables_, limits_);
        c.nodes += d.nodes;
        c.seconds += d.seconds;
        if (d.exact && *d.exact) {
            c.value = e_.verdict;
            c.found = e_.verdict.to_string() +
                      " (proven, the distance too: " + work_text(c.nodes, c.proof_size, c.seconds) +
                      ")";
            return;
        }
        c.ok = false;
        c.unknown = !d.exact.has_value();
        c.found += d.exact ? "; distance disproven: " + d.because
                           : "; distance not proven (" + d.because + ")";
    }

    // seen: for the entry's side to move; own: for the valued position's side to move.
    static void by_table(Check& c, const Outcome& seen, const Outcome& own) {
        c.method = "tables";
        c.found = seen.to_string() + " (table)";
        c.value = own;
    }

    const Entry& e_;
    checkers::EndgameProbe* tables_;
    const pv::ProveLimits& limits_;
};

}  // namespace

const char* to_string(Status s) {
    switch (s) {
        case Status::Pass:
            return "pass";
        case Status::Open:
            return "open";
        case Status::Unknown:
            return "unknown";
        case Status::Fail:
            return "fail";
    }
    return "?";
}

Status EntryReport::status() const {
    if (std::all_of(checks.begin(), checks.end(), [](const Check& c) { return c.ok; }))
        return Status::Pass;
    const bool only_unknowns =
        std::all_of(checks.begin(), checks.end(), [](const Check& c) { return c.ok || c.unknown; });
    if (!only_unknowns) return Status::Fail;
    return entry.open ? Status::Open : Status::Unknown;
}

EntryReport check_entry(const Entry& entry, checkers::EndgameProbe* tables,
                        const pv::ProveLimits& limits) {
    EntryReport report;
    report.entry = entry;
    EntryChecker checker(entry, tables, limits);
    checker.position(report.checks);
    for (const Move& m : entry.keeps) checker.move(m, true, report.checks);
    for (const Move& m : entry.spoils) checker.move(m, false, report.checks);
    return report;
}

}  // namespace retrocheck::corpus
