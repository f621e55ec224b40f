#include "corpus/runner.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "engine/checkers/notation.h"
#include "engine/checkers/prove/distance.h"
#include "engine/core/text.h"

namespace retrocheck::corpus {

namespace {

namespace pv = checkers::prove;

template <class P>
std::optional<Outcome> table_value(search::EndgameProbeOf<P>* tables, const P& pos) {
    if (!tables || pos.piece_count() > tables->max_pieces()) return std::nullopt;
    return tables->probe(pos);
}

std::string work_text(std::uint64_t nodes, std::uint64_t proof_size, double seconds) {
    return grouped(nodes) + " nodes, " +
           (proof_size ? "proof of " + grouped(proof_size) + " positions, " : "") +
           fmt::format("{:.3f} s", seconds);
}

// The checks of one entry, through the tables; Beyond settles what they do not hold:
// position(c) for the entry's position, move(c, attacker, needed) for a keep's or spoil's child
// (does attacker, who is the entry's side to move or the other, win: needed is the answer the
// entry wants).
template <class P, class Beyond>
class EntryChecker {
  public:
    using Move = MoveOf<P>;
    EntryChecker(const EntryOf<P>& e, search::EndgameProbeOf<P>* tables, Beyond beyond)
        : e_(e), tables_(tables), beyond_(std::move(beyond)) {}

    void position(std::vector<CheckOf<P>>& out) {
        CheckOf<P> c;
        c.subject = "position";
        // An entry without a distance is checked for its result alone, and says so.
        c.expected = e_.verdict.to_string() +
                     (e_.verdict.has_distance() || e_.verdict.is_draw() ? "" : " (verdict only)");
        c.valued = e_.position;
        if (const auto v = table_value(tables_, e_.position)) {
            by_table(c, *v, *v);
            const bool distances = e_.verdict.has_distance() && v->has_distance();
            c.ok = distances ? *v == e_.verdict : v->wld() == e_.verdict.wld();
        } else {
            beyond_.position(c);
        }
        out.push_back(std::move(c));
    }

    void move(const Move& m, bool keep, std::vector<CheckOf<P>>& out) {
        CheckOf<P> c;
        c.subject = (keep ? "keep " : "spoil ") + CorpusGame<P>::move(e_.position, m);
        const P child = e_.position.after(m);
        c.move = m;
        c.valued = child;
        // The question settling the check, for the side to move after m: does `attacker` win,
        // and the answer the entry needs.
        const auto us = e_.position.side_to_move();
        auto attacker = us;
        bool needed = true;
        const Wld result = e_.verdict.wld();
        if (result == Wld::Win) {
            c.expected = keep ? "win" : "not a win";
            needed = keep;
        } else if (result == Wld::Draw) {
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
            beyond_.move(c, attacker == us, needed);
        }
        out.push_back(std::move(c));
    }

  private:
    // seen: for the entry's side to move; own: for the valued position's side to move.
    static void by_table(CheckOf<P>& c, const Outcome& seen, const Outcome& own) {
        c.method = "tables";
        c.found = seen.to_string() + " (table)";
        c.value = own;
    }

    const EntryOf<P>& e_;
    search::EndgameProbeOf<P>* tables_;
    Beyond beyond_;
};

// Checkers beyond the tables: the prover, with the tables at its leaves.
class ByProof {
  public:
    ByProof(const Entry& e, checkers::EndgameProbe* tables, const pv::ProveLimits& limits)
        : e_(e), tables_(tables), limits_(limits) {}

    void position(Check& c) {
        const pv::Proof p = pv::prove_value(e_.position, tables_, limits_);
        c.method = "proof";
        c.nodes = p.nodes;
        c.proof_size = p.proof_size;
        c.seconds = p.seconds;
        c.line = p.line;
        if (!p.proven()) {
            c.unknown = true;
            c.found =
                "unknown (" + p.open_because() + "; " + work_text(p.nodes, 0, p.seconds) + ")";
            return;
        }
        const Wld w = p.verdict == pv::Verdict::Win    ? Wld::Win
                      : p.verdict == pv::Verdict::Loss ? Wld::Loss
                                                       : Wld::Draw;
        c.value = Outcome::of(w);
        c.found = std::string(to_string(w)) +
                  " (proven: " + work_text(p.nodes, p.proof_size, p.seconds) + ")";
        c.ok = w == e_.verdict.wld();
        // A distance given beyond the tables is proven too, or the check fails: a result alone
        // does not pass for "loss in 18".
        if (c.ok && e_.verdict.has_distance()) prove_distance(c);
    }

    void move(Check& c, bool attacker_is_mover, bool needed) {
        const checkers::Color us = e_.position.side_to_move();
        const checkers::Color attacker = attacker_is_mover ? us : ~us;
        const pv::Answer a = pv::prove_win(c.valued, attacker, tables_, limits_);
        c.method = "proof";
        c.nodes = a.nodes;
        c.proof_size = a.certificate_size;
        c.seconds = a.seconds;
        c.line = {*c.move};
        c.line.insert(c.line.end(), a.line.begin(), a.line.end());
        if (a.wins) {
            const bool mover_wins = attacker_is_mover && *a.wins;
            const bool mover_loses = !attacker_is_mover && *a.wins;
            c.found = std::string(mover_wins          ? "win"
                                  : mover_loses       ? "loss"
                                  : attacker_is_mover ? "not a win"
                                                      : "not a loss") +
                      " (proven: " + work_text(a.nodes, a.certificate_size, a.seconds) + ")";
            if (mover_wins) c.value = Outcome::of(Wld::Loss);
            if (mover_loses) c.value = Outcome::of(Wld::Win);
            c.ok = *a.wins == needed;
        } else {
            c.unknown = true;
            c.found = "unknown (" + a.open_because + "; " + work_text(a.nodes, 0, a.seconds) + ")";
        }
        if (!a.wins || !*a.wins) c.line = {*c.move};
    }

  private:
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

    const Entry& e_;
    checkers::EndgameProbe* tables_;
    const pv::ProveLimits& limits_;
};

// Chess beyond the tables: nothing proves it, so the check is unknown and says why.
struct NotHeld {
    bool have_tables;
    void position(CheckOf<chess::Position>& c) const { unknown(c); }
    void move(CheckOf<chess::Position>& c, bool, bool) const { unknown(c); }
    void unknown(CheckOf<chess::Position>& c) const {
        c.method = "tables";
        c.unknown = true;
        c.found = have_tables ? "unknown (not in the tables; chess has no prover beyond them)"
                              : "unknown (no tables: --db)";
    }
};

template <class P, class Beyond>
EntryReportOf<P> run_checks(const EntryOf<P>& entry, search::EndgameProbeOf<P>* tables,
                            Beyond beyond) {
    EntryReportOf<P> report;
    report.entry = entry;
    EntryChecker<P, Beyond> checker(entry, tables, std::move(beyond));
    checker.position(report.checks);
    for (const auto& m : entry.keeps) checker.move(m, true, report.checks);
    for (const auto& m : entry.spoils) checker.move(m, false, report.checks);
    return report;
}

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

template <class P>
Status EntryReportOf<P>::status() const {
    if (std::all_of(checks.begin(), checks.end(), [](const auto& c) { return c.ok; }))
        return Status::Pass;
    const bool only_unknowns =
        std::all_of(checks.begin(), checks.end(), [](const auto& c) { return c.ok || c.unknown; });
    if (!only_unknowns) return Status::Fail;
    return entry.open ? Status::Open : Status::Unknown;
}

template struct EntryReportOf<checkers::Position>;
template struct EntryReportOf<chess::Position>;

EntryReport check_entry(const Entry& entry, checkers::EndgameProbe* tables,
                        const pv::ProveLimits& limits) {
    return run_checks(entry, tables, ByProof(entry, tables, limits));
}

EntryReportOf<chess::Position> check_entry(const ChessEntry& entry,
                                           search::EndgameProbeOf<chess::Position>* tables) {
    return run_checks(entry, tables, NotHeld{tables != nullptr});
}

}  // namespace retrocheck::corpus
