#include "corpus/runner.h"

#include <algorithm>
#include <optional>

#include "engine/checkers/notation.h"

namespace retrocheck::corpus {

namespace {

using checkers::Move;
using checkers::Position;
using checkers::Score;
using checkers::ScoreKind;

std::optional<Outcome> table_value(checkers::EndgameProbe* tables, const Position& pos) {
    if (!tables || pos.piece_count() > tables->max_pieces()) return std::nullopt;
    return tables->probe(pos);
}

// The kind as seen from the parent, one ply up.
ScoreKind parent_kind(ScoreKind k) {
    switch (k) {
        case ScoreKind::Win:
            return ScoreKind::Loss;
        case ScoreKind::Loss:
            return ScoreKind::Win;
        case ScoreKind::TableWin:
            return ScoreKind::TableLoss;
        case ScoreKind::TableLoss:
            return ScoreKind::TableWin;
        default:
            return k;
    }
}

// What a search score proves about the result: a win, a loss, or nothing.
std::optional<Wld> proven(Score s) {
    if (checkers::is_exact_win(s)) return Wld::Win;
    if (checkers::is_exact_loss(s)) return Wld::Loss;
    return std::nullopt;
}

class EntryChecker {
  public:
    EntryChecker(const Entry& e, checkers::EndgameProbe* tables, checkers::Searcher& searcher)
        : e_(e), tables_(tables), searcher_(searcher) {}

    void position(std::vector<Check>& out) {
        Check c;
        c.subject = "position";
        c.expected = e_.verdict.to_string();
        c.valued = e_.position;
        if (const auto v = table_value(tables_, e_.position)) {
            by_table(c, *v, *v);
            const bool distances = e_.verdict.has_distance() && v->has_distance();
            c.ok = distances ? *v == e_.verdict : v->wld() == result();
        } else {
            const auto r = searcher_.search(e_.position, {e_.depth, 0});
            by_search(c, r.score, r.kind, r.pv, e_.depth);
            c.value = proven_value(r.score);
            c.ok = keeps_result(r.score);
        }
        out.push_back(std::move(c));
    }

    void move(const Move& m, bool keep, std::vector<Check>& out) {
        Check c;
        c.subject = (keep ? "keep " : "spoil ") + checkers::format_move(m);
        c.expected = keep ? to_string(result()) : result() == Wld::Draw ? "loss" : "not a win";
        const Position child = e_.position.after(m);
        c.move = m;
        c.valued = child;
        if (const auto v = table_value(tables_, child)) {
            const Outcome ours = v->parent_view();
            by_table(c, ours, *v);
            c.ok = keep ? ours.wld() == result() : ours.wld() < result();
        } else {
            const int depth = std::max(1, e_.depth - 1);
            const auto r = searcher_.search(child, {depth, 0});
            const Score ours = checkers::parent_score(r.score);
            std::vector<Move> pv{m};
            pv.insert(pv.end(), r.pv.begin(), r.pv.end());
            by_search(c, ours, parent_kind(r.kind), pv, depth + 1);
            c.value = proven_value(r.score);
            if (keep)
                c.ok = keeps_result(ours);
            else if (result() == Wld::Draw)
                c.ok = proven(ours) == Wld::Loss;
            else
                c.ok = proven(ours) != Wld::Win;
        }
        out.push_back(std::move(c));
    }

  private:
    Wld result() const { return e_.verdict.wld(); }

    // Exact results must match; beyond the tables a draw holds while nothing is proven.
    bool keeps_result(Score s) const {
        return result() == Wld::Draw ? !proven(s) : proven(s) == result();
    }

    // seen: for the entry's side to move; own: for the valued position's side to move.
    static void by_table(Check& c, const Outcome& seen, const Outcome& own) {
        c.method = "tables";
        c.found = seen.to_string() + " (table)";
        c.value = own;
    }

    static std::optional<Outcome> proven_value(Score s) {
        const auto w = proven(s);
        return w ? std::optional<Outcome>(Outcome::of(*w)) : std::nullopt;
    }

    static void by_search(Check& c, Score s, ScoreKind kind, std::vector<Move> pv, int depth) {
        c.method = "search";
        c.score = s;
        c.kind = kind;
        c.pv = std::move(pv);
        c.found = checkers::format_score(s) + " (" + checkers::to_string(kind) + "), depth " +
                  std::to_string(depth);
    }

    const Entry& e_;
    checkers::EndgameProbe* tables_;
    checkers::Searcher& searcher_;
};

}  // namespace

bool EntryReport::passed() const {
    return std::all_of(checks.begin(), checks.end(), [](const Check& c) { return c.ok; });
}

EntryReport check_entry(const Entry& entry, checkers::EndgameProbe* tables,
                        checkers::Searcher& searcher) {
    searcher.clear();
    EntryReport report;
    EntryChecker checker(entry, tables, searcher);
    checker.position(report.checks);
    for (const Move& m : entry.keeps) checker.move(m, true, report.checks);
    for (const Move& m : entry.spoils) checker.move(m, false, report.checks);
    return report;
}

}  // namespace retrocheck::corpus
