// The verifier's quick check of a stored value against its mirror's and children's values, and
// its batches for games whose lookup is one read of a value slot (game.h, SlotLookup): the slots
// of a few positions' mirrors and children are asked for (prefetched) together and read only when
// the last is asked for, so that their memory reads, the verifier's cost on large tables, overlap.
#pragma once

#include <algorithm>
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

// The game's Locator where it has one (the batch is declared for every game, used for these).
template <TableGame G>
struct LocatorOf {
    struct type {};
};
template <SlotLookup G>
struct LocatorOf<G> {
    using type = typename G::Locator;
};

// The quick check on slots' codes (value.h) as they are, without decoding them: true when the
// mirror's slot holds `stored` or no value, and `stored` is the value the rules give from the n
// children's slots (the parent's view of the best: the shortest loss, else a draw, else the
// longest win, one ply on). Exactly consistent()'s verdict where there are children and every
// one holds a value; false (a missing slot, no value, no children) leaves it to consistent().
inline bool holds_by_codes(Value stored, const Value* mirror, const Value* const* children,
                           std::size_t n) {
    if (mirror && *mirror != kUnknown && *mirror != stored) return false;
    if (n == 0) return false;     // the game's no-move rule
    Value shortest_loss = kDraw;  // none yet (kDraw is odd)
    int longest_win = -1;
    bool draw = false;
    for (std::size_t i = 0; i != n; ++i) {
        if (!children[i]) return false;
        const Value v = *children[i];
        if (v == kUnknown) return false;
        if (v == kDraw)
            draw = true;
        else if (v % 2)
            longest_win = std::max<int>(longest_win, v);
        else
            shortest_loss = std::min(shortest_loss, v);
    }
    if (shortest_loss != kDraw) return stored == shortest_loss + 1;
    if (draw) return stored == kDraw;
    return longest_win + 1 <= kMaxPlies && stored == longest_win + 1;
}

template <TableGame G>
class SlotBatch {
  public:
    using Position = typename G::Position;
    // Positions asked for before the first is judged.
    static constexpr std::size_t kPositions = 16;

    // pos (slot id) holds the code `stored` (a value, not kUnknown); judged at the next flush.
    void add(const typename G::Tables& tables, std::uint64_t id, const Position& pos,
             Value stored) {
        Item item{id, pos, stored, slots_.size(), 0};
        ask(locator_(tables, pos.flipped()));
        locator_.children(tables, pos, [&](const Value* slot) { ask(slot); });
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
            if (holds_by_codes(item.stored, slots_[item.begin], children,
                               item.end - item.begin - 1))
                continue;
            if (!consistent<G>(item.pos, decode(item.stored), G::read(slots_[item.begin]),
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
        Value stored;
        std::size_t begin, end;  // slots_[begin]: the mirror's, then the children's
    };

    void ask(const Value* slot) {
        __builtin_prefetch(slot);
        slots_.push_back(slot);
    }

    typename LocatorOf<G>::type locator_;
    std::vector<Item> items_;
    std::vector<const Value*> slots_;
};

}  // namespace retrocheck::tb::detail
