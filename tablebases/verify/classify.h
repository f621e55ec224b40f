// Which broken rules are findings (a stored value that is wrong) and which are consequences of
// another position's wrong value, for any table game (tablebases/game.h). One wrong value breaks
// rules at up to a handful of positions: its own one-ply rule, flip symmetry with its mirror (at
// both), and its parents' rules. A second look at the children and the mirror of a position that
// breaks a rule tells them apart.
//
// own(P): P's stored value is not the one its children's values imply (implied(P)).
// sym(P): P's mirror stores another value.
//   1. own(P), sym(P), the mirror stores implied(P) and keeps its own rule: finding, the value
//      should be implied(P).
//   2. sym(P) alone: a consequence of the mirror when the mirror breaks its own rule. Else both
//      agree with their children, which must then differ from their own mirrors: a consequence
//      of such a child (the one that sets P's value if it is one). Else (children missing) the
//      first of the two in walk order is a finding and the other its consequence.
//   3. own(P): a consequence of a child without a value; else of a child that breaks a rule
//      itself when the value that child should have (implied by its own children, or stored by
//      its mirror) makes P's value right again, alone or with the other such children; else a
//      finding. Its value should be what its children imply once each child that breaks a
//      rule takes the value it should have (unknown if one has none).
// A position without a value, or with a child whose slice is missing, is a finding. Unlike "a
// consequence of any child that breaks a rule", rule 3 keeps a wrong value beside an unrelated
// wrong child a finding.
#pragma once

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/core/outcome.h"
#include "tablebases/game.h"
#include "tablebases/verify/rules.h"

namespace retrocheck::tb {

template <typename G>
struct Classification {
    bool finding = true;
    std::optional<Outcome> expected;            // finding: what the value should be, when known
    std::optional<typename G::Position> cause;  // consequence: whose wrong value explains it
    std::string relation;                       // how: "child 14-10" or "mirror"
    bool fails_own = false;                     // the position breaks its own one-ply rule
    bool mirror_fails_own = false;              // its mirror does
};

// What pos's children imply (the game's no-move value without children), or nothing when a
// child has no value.
template <TableGame G>
std::optional<Outcome> implied_value(const typename G::Tables& tables,
                                     const typename G::Position& pos) {
    std::vector<Outcome> children;
    bool valued = true;
    for (const auto& m : G::legal_moves(pos)) {
        const Lookup c = G::lookup(tables, pos.after(m));
        if (!c.valued()) {
            valued = false;
            break;
        }
        children.push_back(c.value);
    }
    if (!valued) return std::nullopt;
    if (children.empty()) return G::no_move(pos).value;
    return implied(children);
}

// The rule `stored` breaks given its children's values (all known), and the child showing it.
template <TableGame G>
std::optional<RuleBreak> own_rule(const typename G::Position& pos, const Outcome& stored,
                                  std::span<const Outcome> children) {
    if (children.empty()) {
        const NoMoveRule r = G::no_move(pos);
        if (stored == r.value) return std::nullopt;
        return RuleBreak{r.rule, -1};
    }
    return judge(stored, children);
}

// Walk order (slices in build order, then slots) of two positions of `tables`.
template <TableGame G>
bool walk_before(const typename G::Tables& tables, const typename G::Position& a,
                 const typename G::Position& b) {
    const auto sa = G::slice_of(a), sb = G::slice_of(b);
    if (!(sa == sb)) return sa < sb;
    const auto* t = tables.find(sa);
    return t && t->id(a) < t->id(b);
}

namespace detail {

// What a position's stored value, its children's values and its mirror's value say.
struct Look {
    Outcome stored = Outcome::draw();
    bool unknown = false;            // no value stored
    std::optional<Outcome> implied;  // nothing when a child has no value or no slice
    std::optional<Outcome> mirror;   // the mirror's value, when its slice is in the set
    bool own_fails() const { return unknown || !implied || stored != *implied; }
    bool sym_fails() const { return mirror && *mirror != stored; }
    bool suspect() const { return own_fails() || sym_fails(); }
};

// pos must be in a slice of `tables`.
template <TableGame G>
Look look(const typename G::Tables& tables, const typename G::Position& pos) {
    Look l;
    const Lookup me = G::lookup(tables, pos);
    l.unknown = !me.valued();
    l.stored = me.value;
    l.implied = implied_value<G>(tables, pos);
    if (const Lookup m = G::lookup(tables, pos.flipped()); m.valued()) l.mirror = m.value;
    return l;
}

}  // namespace detail

// For a position of `tables` that breaks a rule. Consequences may form a cycle (see
// cause_chain.h); this does not resolve it.
template <TableGame G>
Classification<G> classify(const typename G::Tables& tables, const typename G::Position& pos) {
    using Position = typename G::Position;
    using detail::Look;
    const Look me = detail::look<G>(tables, pos);
    const Position mirror_pos = pos.flipped();
    const Look mirror = me.mirror ? detail::look<G>(tables, mirror_pos) : Look{};
    Classification<G> c;
    c.fails_own = me.own_fails();
    c.mirror_fails_own = me.mirror && mirror.own_fails();
    auto finding = [&](std::optional<Outcome> expected) {
        c.expected = expected;
        return c;
    };
    auto consequence = [&](const Position& cause, std::string relation) {
        c.finding = false;
        c.cause = cause;
        c.relation = std::move(relation);
        return c;
    };

    const auto moves = G::legal_moves(pos);
    std::vector<typename G::Move> kid_moves;
    std::vector<Position> kids;
    std::vector<Look> kid_looks;
    for (const auto& m : moves) {
        kid_moves.push_back(m);
        kids.push_back(pos.after(m));
        if (G::lookup(tables, kids.back()).status == Lookup::Status::NoTable)
            return finding(std::nullopt);
        kid_looks.push_back(detail::look<G>(tables, kids.back()));
    }
    auto via = [&](std::size_t k) { return "child " + G::move_name(pos, kid_moves[k]); };
    const bool clean_children =
        std::none_of(kid_looks.begin(), kid_looks.end(), [](const Look& l) { return l.suspect(); });
    if (me.unknown) return finding(clean_children ? me.implied : std::nullopt);

    // 1. The children and the mirror agree on another value.
    if (c.fails_own && me.sym_fails() && me.implied && *me.mirror == *me.implied &&
        !mirror.own_fails())
        return finding(me.implied);

    // 2. Only the mirror disagrees.
    if (!c.fails_own) {
        if (mirror.own_fails()) return consequence(mirror_pos, "mirror");
        std::optional<std::size_t> pick;
        auto sets_value = [&](std::size_t k) {
            return kid_looks[k].stored.parent_view() == me.stored;
        };
        for (std::size_t k = 0; k < kids.size(); ++k)
            if (kid_looks[k].sym_fails() && (!pick || (!sets_value(*pick) && sets_value(k))))
                pick = k;
        if (pick) return consequence(kids[*pick], via(*pick));
        if (walk_before<G>(tables, pos, mirror_pos)) return finding(std::nullopt);
        return consequence(mirror_pos, "mirror");
    }

    // 3. Its own rule is broken: by a child's wrong value, or by its own.
    for (std::size_t k = 0; k < kids.size(); ++k)
        if (kid_looks[k].unknown) return consequence(kids[k], via(k));
    struct Alternative {
        std::size_t child;
        Outcome value;
    };
    std::vector<Alternative> alternatives;  // the values suspect children should have
    for (std::size_t k = 0; k < kids.size(); ++k)
        if (kid_looks[k].own_fails() && kid_looks[k].implied)
            alternatives.push_back({k, *kid_looks[k].implied});
    for (std::size_t k = 0; k < kids.size(); ++k) {
        const Look& l = kid_looks[k];
        if (l.sym_fails() && !(l.own_fails() && l.implied == l.mirror))
            alternatives.push_back({k, *l.mirror});
    }
    std::vector<Outcome> values;
    for (const Look& l : kid_looks) values.push_back(l.stored);
    // Whether the alternatives make pos's stored value right; every move to a child (checkers:
    // every capture path) takes the child's alternative.
    auto explains = [&](std::span<const Alternative> taken) {
        std::vector<Outcome> v = values;
        for (const Alternative& a : taken)
            for (std::size_t j = 0; j < kids.size(); ++j)
                if (kids[j] == kids[a.child]) v[j] = a.value;
        return implied(v) == me.stored;
    };
    for (const Alternative& a : alternatives)
        if (explains({&a, 1})) return consequence(kids[a.child], via(a.child));
    std::vector<Alternative> one_each;
    for (const Alternative& a : alternatives)
        if (std::none_of(one_each.begin(), one_each.end(),
                         [&](const Alternative& b) { return kids[b.child] == kids[a.child]; }))
            one_each.push_back(a);
    if (one_each.size() > 1 && explains(one_each))
        return consequence(kids[one_each.front().child], via(one_each.front().child));
    // Its own value is wrong. What it should be: what its children imply, once each suspect
    // child takes the value it should have, if every one has such a value.
    std::vector<Outcome> mended = values;
    for (std::size_t j = 0; j < kids.size(); ++j) {
        if (!kid_looks[j].suspect()) continue;
        const auto a = std::find_if(one_each.begin(), one_each.end(),
                                    [&](const Alternative& b) { return kids[b.child] == kids[j]; });
        if (a == one_each.end()) return finding(std::nullopt);
        mended[j] = a->value;
    }
    return finding(mended.empty() ? G::no_move(pos).value : implied(mended));
}

}  // namespace retrocheck::tb
