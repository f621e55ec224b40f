// The checkers model of the table-game concept (tablebases/game.h).
#pragma once

#include <algorithm>
#include <cassert>
#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/checkers/diagram.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/movegen_impl.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/unmove.h"
#include "tablebases/build/method.h"
#include "tablebases/checkers/locator.h"
#include "tablebases/checkers/table.h"
#include "tablebases/game.h"

namespace retrocheck::tb {

struct CheckersGame {
    using Position = checkers::Position;
    using Move = checkers::Move;
    using Slice = tb::Slice;
    using Table = SliceTable;        // while it builds
    using StoredTable = SliceTable;  // finished
    using Tables = TableSet;
    static constexpr bool kSharedSlots = false;  // a slot a position (mirrors: other slices)
    static bool lost_without_moves(const Position&) { return true; }

    static Slice slice_of(const Position& p) { return tb::slice_of(p); }
    static std::string name(Slice s) { return tb::name(s); }
    static std::vector<Slice> successors(Slice s) { return tb::successors(s); }
    static Slice mirror_slice(Slice s) { return tb::flipped(s); }
    static Table make_table(Slice s) { return Table(s); }
    static StoredTable finish(Table&& t, BuildStats*) { return std::move(t); }
    template <typename F>
    static void for_each_slot(const Table& t, std::uint64_t begin, std::uint64_t end, F&& f) {
        // Every slot holds one: Black to move below n, White from n.
        const std::uint64_t n = t.index.size();
        for (std::uint64_t id = begin; id != end;) {
            const bool white = id >= n;
            const std::uint64_t stop = white ? end : std::min(end, n);
            SliceIndex::Walk walk(t.index, white ? id - n : id,
                                  white ? checkers::Color::White : checkers::Color::Black);
            for (;;) {
                f(id, &walk.position());
                if (++id == stop) break;
                walk.next();
            }
        }
    }
    static Position settled_position(const Table& t, std::uint64_t id) { return t.position(id); }

    static bool may_share_slots(const Table&, const Position&) { return false; }

    // What statistics count beyond wins, draws and losses (verify/stats.h): the positions
    // where either side has a capture, and the values of the others (what capture-free
    // databases store).
    struct StatsExtra {
        std::uint64_t capture_positions = 0, quiet_wins = 0, quiet_draws = 0, quiet_losses = 0;
        void count(const Position& p, const Outcome& o) {
            if (checkers::either_side_can_capture(p)) {
                ++capture_positions;
                return;
            }
            ++(o.is_win() ? quiet_wins : o.is_draw() ? quiet_draws : quiet_losses);
        }
        void add(const StatsExtra& o) {
            capture_positions += o.capture_positions;
            quiet_wins += o.quiet_wins;
            quiet_draws += o.quiet_draws;
            quiet_losses += o.quiet_losses;
        }
    };

    // The table-game members (game.h) for readers of finished tables.
    static checkers::MoveList legal_moves(const Position& p) { return checkers::legal_moves(p); }
    static NoMoveRule no_move(const Position&) { return {Outcome::loss(0), "no-move-is-loss-0"}; }
    static Lookup lookup(const Tables& set, const Position& p) { return read(locate(set, p)); }
    static const Value* locate(const Tables& set, const Position& p) {
        const SliceTable* t = set.find(tb::slice_of(p));
        return t ? &t->values[t->id(p)] : nullptr;
    }
    // locate() with a memory of the men it ranked last, and the slots of a position's
    // children found through it (locator.h).
    using Locator = SlotLocator;
    static Lookup read(const Value* slot) {
        if (!slot) return {};
        if (*slot == kUnknown) return {Lookup::Status::NoValue};
        return {Lookup::Status::Valued, decode(*slot)};
    }
    static std::optional<Position> slot_position(const StoredTable& t, std::uint64_t id) {
        return t.position(id);
    }
    static bool legal_slot(const Position&) { return true; }  // the index holds legal ones only
    static std::string fen(const Position& p) { return checkers::format_fen(p); }
    static std::string diagram(const Position& p) { return checkers::diagram(p); }
    static std::string move_name(const Position&, const Move& m) {
        return checkers::format_move(m);
    }

    template <typename Exit>
    static int for_each_exit(const Position& p, Exit&& exit) {
        return exits_by_moves<CheckersGame>(p, exit);
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

static_assert(TableGame<CheckersGame>);

template <>
struct GameOfTables<TableSet> {
    using type = CheckersGame;
};

}  // namespace retrocheck::tb
