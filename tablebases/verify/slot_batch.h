// The verifier's quick check of stored values, for games whose lookup is one read of a value
// slot (game.h, SlotLookup): the slots of a few positions' mirrors and children are asked for
// (prefetched) together and read only when the last is asked for, so that their memory reads,
// the verifier's cost on large tables, overlap.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/outcome.h"
#include "tablebases/game.h"
#include "tablebases/value.h"
#include "tablebases/verify/classify.h"

namespace retrocheck::tb::detail {

template <TableGame G>
class SlotBatch {
  public:
    using Position = typename G::Position;
    // Positions asked for before the first is judged.
    static constexpr std::size_t kPositions = 16;

    // pos (slot id) holds `stored`; judged at the next flush.
    void add(const typename G::Tables& tables, std::uint64_t id, const Position& pos,
             const Outcome& stored) {
        Item item{id, pos, stored, slots_.size(), 0};
        ask(G::locate(tables, pos.flipped()));
        G::for_each_child_slot(tables, pos, [&](const Value* slot) { ask(slot); });
        item.end = slots_.size();
        items_.push_back(item);
    }
    bool full() const { return items_.size() >= kPositions; }

    // inconsistent(id, pos) for each position added since the last flush whose mirror holds
    // another value, a child of which holds none, or whose value breaks its own rule.
    template <typename F>
    void flush(F&& inconsistent) {
        for (const Item& item : items_)
            if (!consistent(item)) inconsistent(item.id, item.pos);
        items_.clear();
        slots_.clear();
    }

  private:
    struct Item {
        std::uint64_t id;
        Position pos;
        Outcome stored;
        std::size_t begin, end;  // slots_[begin]: the mirror's, then the children's
    };

    void ask(const Value* slot) {
        __builtin_prefetch(slot);
        slots_.push_back(slot);
    }

    bool consistent(const Item& item) {
        const Lookup mirror = G::read(slots_[item.begin]);
        if (mirror.valued() && mirror.value != item.stored) return false;
        children_.clear();
        for (std::size_t i = item.begin + 1; i != item.end; ++i) {
            const Lookup child = G::read(slots_[i]);
            if (!child.valued()) return false;
            children_.push_back(child.value);
        }
        return !own_rule<G>(item.pos, item.stored, children_);
    }

    std::vector<Item> items_;
    std::vector<const Value*> slots_;
    std::vector<Outcome> children_;
};

}  // namespace retrocheck::tb::detail
