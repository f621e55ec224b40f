// The verifier's quick check of a stored value against its mirror's and children's values, and
// its batches for games whose lookup is one read of a value slot (game.h, SlotLookup): the slots
// of a few positions' mirrors and children are asked for (prefetched) together and read only when
// the last is asked for, so that their memory reads, the verifier's cost on large tables, overlap.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/outcome.h"
#include "tablebases/game.h"
#include "tablebases/value.h"
#include "tablebases/verify/classify.h"

namespace retrocheck::tb::detail {

// Whether pos, storing `stored`, needs no full check (check_position): its mirror holds no other
// value, each of its n children (child(i): the i-th one's lookup) holds one, and its value keeps
// its own rule. The verifier's quick check, whichever way the lookups were made.
template <TableGame G, typename Child>
bool consistent(const typename G::Position& pos, const Outcome& stored, const Lookup& mirror,
                std::size_t n, Child&& child) {
    if (mirror.valued() && mirror.value != stored) return false;
    thread_local std::vector<Outcome> children;
    children.clear();
    for (std::size_t i = 0; i != n; ++i) {
        const Lookup c = child(i);
        if (!c.valued()) return false;
        children.push_back(c.value);
    }
    return !own_rule<G>(pos, stored, children);
}

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

    // inconsistent(id, pos) for each position added since the last flush that is not
    // consistent() (its mirror, its children, its own rule).
    template <typename F>
    void flush(F&& inconsistent) {
        for (const Item& item : items_) {
            const Value* const* children = &slots_[item.begin + 1];
            if (!consistent<G>(item.pos, item.stored, G::read(slots_[item.begin]),
                               item.end - item.begin - 1,
                               [&](std::size_t i) { return G::read(children[i]); }))
                inconsistent(item.id, item.pos);
        }
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

    std::vector<Item> items_;
    std::vector<const Value*> slots_;
};

}  // namespace retrocheck::tb::detail
