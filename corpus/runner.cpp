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

const char* wld_text(Wld w) { return w == Wld::Win ? "win" : w == Wld::Loss ? "loss" : "draw"; }

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
        Check c{"position", verdict_text(e_), {}, {}, 0, ScoreKind::Heuristic, {}, false};
        if (const auto v = table_value(tables_, e_.position)) {
            by_table(c, *v);
            c.ok = v->wld() == e_.result && (!e_.distance || *e_.distance == v->plies());
        } else {
            const auto r = searcher_.search(e_.position, {e_.depth, 0});
            by_search(c, r.score, r.kind, r.pv, e_.depth);
            c.ok = keeps_result(r.score, r.kind);
        }
        out.push_back(std::move(c));
    }

    void move(const Move& m, bool keep, std::vector<Check>& out) {
        Check c{(keep ? "keep " : "spoil ") + checkers::format_move(m),
                {},
                {},
                {},
                0,
                ScoreKind::Heuristic,
                {},
                false};
        c.expected = keep ? wld_text(e_.result) : e_.result == Wld::Draw ? "loss" : "not a win";
        const Position child = e_.position.after(m);
        if (const auto v = table_value(tables_, child)) {
            const Outcome ours = v->parent_view();
            by_table(c, ours);
            c.ok = keep ? ours.wld() == e_.result : ours.wld() < e_.result;
        } else {
            const int depth = std::max(1, e_.depth - 1);
            const auto r = searcher_.search(child, {depth, 0});
            std::vector<Move> pv{m};
            pv.insert(pv.end(), r.pv.begin(), r.pv.end());
            by_search(c, -r.score, parent_kind(r.kind), pv, depth + 1);
            if (keep)
                c.ok = keeps_result(-r.score, parent_kind(r.kind));
            else if (e_.result == Wld::Draw)
                c.ok = proven(-r.score) == Wld::Loss;
            else
                c.ok = proven(-r.score) != Wld::Win;
        }
        out.push_back(std::move(c));
    }

  private:
    // Exact results must match; beyond the tables a draw holds while nothing is proven.
    bool keeps_result(Score s, ScoreKind kind) const {
        if (e_.result == Wld::Draw) return !proven(s) || kind == ScoreKind::TableDraw;
        return proven(s) == e_.result;
    }

    static void by_table(Check& c, const Outcome& v) {
        c.method = "tables";
        c.found = v.to_string() + " (table)";
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
    EntryReport report{entry, {}};
    EntryChecker checker(entry, tables, searcher);
    checker.position(report.checks);
    for (const Move& m : entry.keeps) checker.move(m, true, report.checks);
    for (const Move& m : entry.spoils) checker.move(m, false, report.checks);
    return report;
}

}  // namespace retrocheck::corpus
