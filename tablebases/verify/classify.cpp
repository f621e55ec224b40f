#include "tablebases/verify/classify.h"

#include <algorithm>
#include <span>
#include <vector>

#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "tablebases/build/game.h"
#include "tablebases/verify/rules.h"

namespace retrocheck::tb {

using checkers::Position;

namespace {

std::optional<Value> raw(const TableSet& tables, const Position& pos) {
    const SliceTable* t = tables.find(slice_of(pos));
    if (!t) return std::nullopt;
    return t->values[t->id(pos)];
}

// What a position's stored value, its children's values and its mirror's value say.
struct Look {
    Outcome stored = Outcome::draw();
    bool unknown = false;            // the stored byte is not a value
    std::optional<Outcome> implied;  // nothing when a child has no value or no slice
    std::optional<Outcome> mirror;   // the mirror's value, when its slice is in the set
    bool own_fails() const { return unknown || !implied || stored != *implied; }
    bool sym_fails() const { return mirror && *mirror != stored; }
    bool suspect() const { return own_fails() || sym_fails(); }
};

// pos must be in a slice of `tables`.
Look look(const TableSet& tables, const Position& pos) {
    Look l;
    const Value v = *raw(tables, pos);
    l.unknown = v == kUnknown;
    l.stored = decode(v);
    std::vector<Outcome> children;
    bool valued = true;
    CheckersGame::for_each_child(pos, [&](const Position& child) {
        const auto c = raw(tables, child);
        if (c && *c != kUnknown)
            children.push_back(decode(*c));
        else
            valued = false;
    });
    if (valued) l.implied = implied(children);
    if (const auto m = raw(tables, pos.flipped())) l.mirror = decode(*m);
    return l;
}

}  // namespace

bool walk_before(const TableSet& tables, const Position& a, const Position& b) {
    const Slice sa = slice_of(a), sb = slice_of(b);
    if (sa != sb) return sa < sb;
    const SliceTable* t = tables.find(sa);
    return t->id(a) < t->id(b);
}

Classification classify(const TableSet& tables, const Position& pos) {
    const Look me = look(tables, pos);
    const Position mirror_pos = pos.flipped();
    const Look mirror = me.mirror ? look(tables, mirror_pos) : Look{};  // used when sym fails
    Classification c;
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

    const checkers::MoveList moves = checkers::legal_moves(pos);
    std::vector<Position> kids;
    std::vector<Look> kid_looks;
    for (const checkers::Move& m : moves) {
        kids.push_back(pos.after(m));
        if (!tables.find(slice_of(kids.back()))) return finding(std::nullopt);
        kid_looks.push_back(look(tables, kids.back()));
    }
    auto via = [&](std::size_t k) { return "child " + checkers::format_move(moves[k]); };
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
        if (walk_before(tables, pos, mirror_pos)) return finding(std::nullopt);
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
    // Whether the alternatives make pos's stored value right; every capture path to a child
    // takes the child's alternative.
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
    return finding(implied(mended));
}

}  // namespace retrocheck::tb
