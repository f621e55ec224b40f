#include "tablebases/verify/verifier.h"

#include <fmt/format.h>

#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"

namespace retrocheck::tb {

using checkers::Move;
using checkers::Position;

namespace {

struct Child {
    Move move;
    Outcome value;  // from the child's side to move
};

}  // namespace

std::vector<Violation> check_position(const TableSet& tables, const Position& pos) {
    std::vector<Violation> out;
    const auto stored_opt = tables.probe(pos);
    if (!stored_opt) return out;
    const Outcome stored = *stored_opt;
    auto add = [&](const char* rule, const Child* child) {
        Violation v{rule, pos, stored, std::nullopt, std::nullopt};
        if (child) {
            v.child_move = child->move;
            v.child_value = child->value;
        }
        out.push_back(v);
    };
    const SliceTable* own = tables.find(slice_of(pos));
    if (own->values[own->id(pos)] == kUnknown) {
        add("known-value", nullptr);
        return out;
    }

    std::vector<Child> children;
    for (const Move& m : checkers::legal_moves(pos)) {
        const auto v = tables.probe(pos.after(m));
        if (!v) {
            add("known-value", nullptr);  // a child's slice is missing from the set
            return out;
        }
        children.push_back({m, *v});
    }

    const auto mirror = tables.probe(pos.flipped());
    if (mirror && *mirror != stored) {
        Violation v{"flip-symmetry", pos, stored, std::nullopt, *mirror};
        out.push_back(v);
    }

    if (children.empty()) {
        if (stored != Outcome::loss(0)) add("no-move-is-loss-0", nullptr);
        return out;
    }
    const Child* shortest_loss = nullptr;
    const Child* longest_win = nullptr;
    const Child* not_win = nullptr;
    const Child* draw = nullptr;
    for (const Child& c : children) {
        if (c.value.is_loss() && (!shortest_loss || c.value.plies() < shortest_loss->value.plies()))
            shortest_loss = &c;
        if (c.value.is_win() && (!longest_win || c.value.plies() > longest_win->value.plies()))
            longest_win = &c;
        if (!c.value.is_win() && !not_win) not_win = &c;
        if (c.value.is_draw() && !draw) draw = &c;
    }
    if (stored.is_win()) {
        if (!shortest_loss)
            add("win-has-losing-child", not_win ? not_win : &children.front());
        else if (shortest_loss->value.plies() != stored.plies() - 1)
            add("win-shortest", shortest_loss);
    } else if (stored.is_loss()) {
        if (stored.plies() == 0)
            add("no-move-is-loss-0", &children.front());
        else if (not_win)
            add("loss-children-win", not_win);
        else if (longest_win->value.plies() != stored.plies() - 1)
            add("loss-longest", longest_win);
    } else {
        if (shortest_loss)
            add("draw-no-losing-child", shortest_loss);
        else if (!draw)
            add("draw-has-draw-child", &children.front());
    }
    return out;
}

VerifyReport verify(const TableSet& tables, std::size_t max_examples) {
    VerifyReport report;
    for (const auto& [slice, table] : tables.tables()) {
        for (std::uint64_t id = 0; id < table->values.size(); ++id) {
            ++report.positions_checked;
            for (Violation& v : check_position(tables, table->position(id))) {
                ++report.violations;
                if (report.examples.size() < max_examples) report.examples.push_back(std::move(v));
            }
        }
    }
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
