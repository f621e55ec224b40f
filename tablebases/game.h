// What a game provides to the tables: the table-game concept. Every path of tablebases/ that is
// not in a game's folder (the retrograde builders, the verifier and its classification of
// findings, the probe of a position with its moves' values) is written once over it; a game is a
// folder (tablebases/checkers/, tablebases/chess/) holding one struct that models it.
//
// Two layers: RetrogradeGame is what the builders need (slots, moves in and out of a slice,
// un-moves), TableGame adds what readers of finished tables need (the moves, their notation,
// the value of a position without moves, the tables' lookup).
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/core/outcome.h"
#include "tablebases/build/method.h"
#include "tablebases/value.h"

namespace retrocheck::tb {

template <typename G>
concept RetrogradeGame = requires(const typename G::Position& p, const typename G::Table& t,
                                  std::uint64_t id, typename G::Slice s) {
    // Whether symmetric images of a position share one slot.
    { G::kSharedSlots } -> std::convertible_to<bool>;
    { G::slice_of(p) } -> std::same_as<typename G::Slice>;
    { G::name(s) } -> std::convertible_to<std::string>;
    // The slices a move can leave s for (captures, promotions), built before it.
    { G::successors(s) } -> std::convertible_to<std::vector<typename G::Slice>>;
    // Whether a position without legal moves is lost (else drawn: stalemate).
    { G::lost_without_moves(p) } -> std::convertible_to<bool>;
    // f(slot, the slot's position, or nullptr for a slot without one: never valued) for the
    // slots [id, id + 64) in order (the table's walk, which may reuse one slot's work for the
    // next).
    G::for_each_slot(t, id, id + 64, [](std::uint64_t, const typename G::Position*) {});
    // The position of a slot known to hold one (valued already): no test of it.
    { G::settled_position(t, id) } -> std::same_as<typename G::Position>;
    { t.id(p) } -> std::same_as<std::uint64_t>;
    { t.values.size() } -> std::convertible_to<std::uint64_t>;
    G::make_table(s);
    // The finished table of a built one (which may hold slots a finished one drops), with the
    // build's statistics brought up to date.
    {
        G::finish(G::make_table(s), static_cast<BuildStats*>(nullptr))
        } -> std::same_as<typename G::StoredTable>;
    // Whether two different moves from p, or to p, can reach one slot (symmetric images of one
    // position); never with kSharedSlots false.
    { G::may_share_slots(t, p) } -> std::convertible_to<bool>;
    // Every legal move of p: in_slice(make) for one that stays in p's slice, with make() giving
    // the child (built only if asked for), exit(child) for one that leaves it.
    G::for_each_move(
        p, [](auto make) { (void)make(); }, [](const typename G::Position&) {});
    // exit(child) for every legal move of p that leaves the slice; the number that stay in it.
    {
        G::for_each_exit(p, [](const typename G::Position&) {})
        } -> std::same_as<int>;
    // Every position of the table's slice with a legal move to p (in slot id) that has a slot
    // in t, as f(its slot, make) with make() giving the parent (built only if asked for).
    G::for_each_parent_slot(t, p, id, [](std::uint64_t, auto make) { (void)make(); });
};

// for_each_exit() by way of for_each_move(), for a game without a faster way: exit(child) for
// every move that leaves the slice, and the number of those that stay.
template <typename G, typename Exit>
int exits_by_moves(const typename G::Position& p, Exit&& exit) {
    int in_slice = 0;
    G::for_each_move(
        p, [&](auto) { ++in_slice; }, exit);
    return in_slice;
}

// What a lookup in a set of finished tables finds for one position.
struct Lookup {
    enum class Status {
        Valued,   // `value` holds it
        NoValue,  // the position's table holds no value for it (a corrupt or unfinished table)
        NoTable,  // the set lacks the position's slice
    };
    Status status = Status::NoTable;
    Outcome value = Outcome::draw();
    bool valued() const { return status == Status::Valued; }
};

// The value of a position without a legal move, and the rule that says so.
struct NoMoveRule {
    Outcome value;
    const char* rule;  // "no-move-is-loss-0", "mate-is-loss-0", "stalemate-is-draw"
};

template <typename G>
concept TableGame = RetrogradeGame<G> &&
    requires(const typename G::Position& p, const typename G::Move& m,
             const typename G::Tables& set, const typename G::StoredTable& t, std::uint64_t id,
             const typename G::Slice& s) {
    // The moves of a position (a range of G::Move) and the position each leads to.
    G::legal_moves(p);
    G::for_each_child(p, [](const typename G::Position&) {});
    { p.after(m) } -> std::convertible_to<typename G::Position>;
    // The colour-flip symmetry: a position and its flip have one value.
    { p.flipped() } -> std::convertible_to<typename G::Position>;
    // The slice whose table holds the flips of s's positions.
    { G::mirror_slice(s) } -> std::convertible_to<typename G::Slice>;
    { p == p } -> std::convertible_to<bool>;
    { G::no_move(p) } -> std::same_as<NoMoveRule>;
    // A finished set: its tables by slice in build order, a table by slice, and what it
    // holds for a position (tables.h of each game).
    set.tables();
    { set.find(s) } -> std::convertible_to<const typename G::StoredTable*>;
    { G::lookup(set, p) } -> std::same_as<Lookup>;
    { decode(t.values[id]) } -> std::same_as<Outcome>;  // a slot holding a value (value.h)
    { t.id(p) } -> std::same_as<std::uint64_t>;
    // A slot's position (nothing for a slot the index leaves empty), and whether it is a
    // legal one (a slot of an illegal position holds no value).
    { G::slot_position(t, id) } -> std::same_as<std::optional<typename G::Position>>;
    { G::legal_slot(p) } -> std::convertible_to<bool>;
    { s < s } -> std::convertible_to<bool>;
    // For people: the position as FEN, a diagram with its side to move, a move in the
    // game's notation.
    { G::fen(p) } -> std::convertible_to<std::string>;
    { G::diagram(p) } -> std::convertible_to<std::string>;
    { G::move_name(p, m) } -> std::convertible_to<std::string>;
};

// A game whose lookup is one read of a value slot may offer it in two steps: the slot of a
// position (nullptr when its slice is not in the set) and what a slot holds. Its Locator, one
// a thread, finds the same slots with a memory of what it ranked last (consecutive slots and
// their mirrors share most of their index), and the slots of a stored position's children,
// one per child in for_each_child's order (which it may find faster than child by child).
// The verifier then asks for every child's slot before it reads the first, so the memory
// reads overlap.
template <typename G>
concept SlotLookup = TableGame<G> &&
    requires(const typename G::Tables& set, const typename G::Position& p, const Value* slot,
             typename G::Locator& locator) {
    { G::locate(set, p) } -> std::same_as<const Value*>;
    { locator(set, p) } -> std::same_as<const Value*>;
    { G::read(slot) } -> std::same_as<Lookup>;
    locator.children(set, p, [](const Value*) {});
};

// What a game's finished table holds a slot (value.h, metric.h).
template <typename G>
using CodeOf =
    std::remove_cvref_t<decltype(std::declval<const typename G::StoredTable&>().values[0])>;

// The game whose finished tables are a `Tables`: a game specializes GameOfTables beside its
// model, so that the generic paths take a set of tables and find their game.
template <typename Tables>
struct GameOfTables;
template <typename Tables>
using GameOf = typename GameOfTables<Tables>::type;

// The given slices and every slice their moves lead to, directly or not, in build order.
template <RetrogradeGame G>
std::vector<typename G::Slice> closure(const std::vector<typename G::Slice>& slices) {
    std::set<typename G::Slice> all;
    std::vector<typename G::Slice> todo = slices;
    while (!todo.empty()) {
        const typename G::Slice s = todo.back();
        todo.pop_back();
        if (!all.insert(s).second) continue;
        for (const auto& t : G::successors(s)) todo.push_back(t);
    }
    return {all.begin(), all.end()};  // a slice's order is its build order
}

}  // namespace retrocheck::tb
