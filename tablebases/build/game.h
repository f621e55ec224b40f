// What a retrograde builder needs from a game, as a concept, and the checkers model of it.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/checkers/movegen.h"
#include "engine/checkers/movegen_impl.h"
#include "engine/checkers/unmove.h"
#include "tablebases/table.h"

namespace retrocheck::tb {

template <typename G>
concept RetrogradeGame = requires(const typename G::Position& p, const typename G::Table& t,
                                  std::uint64_t id, typename G::Slice s) {
    // Whether symmetric images of a position share one slot.
    { G::kSharedSlots } -> std::convertible_to<bool>;
    { G::slice_of(p) } -> std::same_as<typename G::Slice>;
    { G::name(s) } -> std::convertible_to<std::string>;
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

struct CheckersGame {
    using Position = checkers::Position;
    using Slice = tb::Slice;
    using Table = SliceTable;
    using Tables = TableSet;
    static constexpr bool kSharedSlots = false;  // a slot a position (mirrors: other slices)
    static bool lost_without_moves(const Position&) { return true; }

    static Slice slice_of(const Position& p) { return tb::slice_of(p); }
    static std::string name(Slice s) { return tb::name(s); }
    static Table make_table(Slice s) { return Table(s); }
    template <typename F>
    static void for_each_slot(const Table& t, std::uint64_t begin, std::uint64_t end, F&& f) {
        for (std::uint64_t id = begin; id != end; ++id) {
            const Position p = t.position(id);  // every slot holds one
            f(id, &p);
        }
    }
    static Position settled_position(const Table& t, std::uint64_t id) { return t.position(id); }

    static bool may_share_slots(const Table&, const Position&) { return false; }

    template <typename Exit>
    static int for_each_exit(const Position& p, Exit&& exit) {
        int in_slice = 0;
        for_each_move(
            p, [&](auto) { ++in_slice; }, exit);
        return in_slice;
    }

    template <typename In, typename Exit>
    static void for_each_move(const Position& p, In&& in_slice, Exit&& exit) {
        const Slice s = slice_of(p);
        for_each_child(p, [&](const Position& child) {
            if (slice_of(child) == s)
                in_slice([&]() -> const Position& { return child; });
            else
                exit(child);
        });
    }

    // Every child, one per legal move (every capture path).
    template <typename F>
    static void for_each_child(const Position& p, F&& f) {
        if (p.side_to_move() == checkers::Color::Black)
            checkers::detail::for_each_child<checkers::Color::Black>(p, f);
        else
            checkers::detail::for_each_child<checkers::Color::White>(p, f);
    }
    // Every position of the same slice with a legal move to p, with its slot.
    template <typename F>
    static void for_each_parent_slot(const Table& t, const Position& p, std::uint64_t, F&& f) {
        checkers::for_each_quiet_parent(
            p, [&](const Position& parent) { f(t.id(parent), [&] { return parent; }); });
    }
};

static_assert(RetrogradeGame<CheckersGame>);

}  // namespace retrocheck::tb
