#include "tablebases/build/builder.h"

#include <algorithm>
#include <limits>
#include <vector>

#include "tablebases/build/game.h"

namespace retrocheck::tb {
namespace {

// What the moves leaving the slice offer the side to move, and how many moves stay inside.
struct Exits {
    int in_slice = 0;
    int moves = 0;
    int shortest_win = std::numeric_limits<int>::max();  // through an exit, from p's side
    int longest_loss = -1;                               // through an exit, from p's side
    bool draw = false;
};

template <RetrogradeGame G>
class Retrograde {
  public:
    using Position = typename G::Position;

    Retrograde(typename G::Slice slice, const typename G::Tables& done, BuildMethod method)
        : slice_(slice), done_(done), method_(method), table_(G::make_table(slice)) {}

    typename G::Table run(BuildStats* stats) {
        const std::uint64_t n = table_.values.size();
        if (method_ != BuildMethod::Grandfather) count_.assign(n, 0);
        if (method_ == BuildMethod::FirstFoundForTesting) first_level_.assign(n, kUnknown);
        for (std::uint64_t id = 0; id < n; ++id) seed(id);
        for (int level = 0; level < static_cast<int>(buckets_.size()); ++level) {
            // Settling schedules candidates at level+1 or later, so this bucket is complete.
            for (std::size_t k = 0; k < buckets_[static_cast<std::size_t>(level)].size(); ++k)
                settle(buckets_[static_cast<std::size_t>(level)][k], level);
            std::vector<std::uint64_t>().swap(buckets_[static_cast<std::size_t>(level)]);
        }
        for (Value& v : table_.values)
            if (v == kUnknown) v = kDraw;
        if (stats) {
            stats->positions = n;
            stats->levels = static_cast<int>(buckets_.size());
        }
        return std::move(table_);
    }

  private:
    Exits exits(const Position& p) const {
        Exits e;
        G::for_each_child(p, [&](const Position& child) {
            ++e.moves;
            if (G::slice_of(child) == slice_) {
                ++e.in_slice;
                return;
            }
            const auto v = done_.probe(child);
            if (!v)
                throw std::runtime_error("slice " + name(G::slice_of(child)) +
                                         " is needed before " + name(slice_));
            const Outcome mine = v->parent_view();
            if (mine.is_win()) e.shortest_win = std::min(e.shortest_win, mine.plies());
            if (mine.is_loss()) e.longest_loss = std::max(e.longest_loss, mine.plies());
            if (mine.is_draw()) e.draw = true;
        });
        return e;
    }

    void schedule(std::uint64_t id, int level) {
        if (level > kMaxPlies)
            throw std::runtime_error("a distance over " + std::to_string(kMaxPlies) +
                                     " plies in slice " + name(slice_));
        if (method_ == BuildMethod::FirstFoundForTesting) {
            if (first_level_[id] != kUnknown && first_level_[id] != level) return;
            first_level_[id] = static_cast<Value>(level);
        }
        if (buckets_.size() <= static_cast<std::size_t>(level))
            buckets_.resize(static_cast<std::size_t>(level) + 1);
        buckets_[static_cast<std::size_t>(level)].push_back(id);
    }

    // First pass: positions settled by moves that leave the slice alone.
    void seed(std::uint64_t id) {
        const Exits e = exits(table_.position(id));
        if (e.moves == 0) return schedule(id, 0);  // no legal move: a loss in 0
        if (e.shortest_win != std::numeric_limits<int>::max()) schedule(id, e.shortest_win);
        if (e.in_slice > 0) {
            if (method_ == BuildMethod::OutCounting)
                count_[id] = static_cast<std::uint8_t>(e.in_slice);
            return;
        }
        if (e.shortest_win != std::numeric_limits<int>::max()) return;
        if (e.draw)
            table_.values[id] = kDraw;
        else
            schedule(id, e.longest_loss);
    }

    void settle(std::uint64_t id, int level) {
        if (table_.values[id] != kUnknown) return;  // settled earlier, at a shorter distance
        table_.values[id] = static_cast<Value>(level);
        const bool loss = level % 2 == 0;
        G::for_each_parent_in_slice(table_.position(id), [&](const Position& parent) {
            const std::uint64_t pid = table_.id(parent);
            if (table_.values[pid] != kUnknown) return;
            if (loss) return schedule(pid, level + 1);
            if (method_ != BuildMethod::Grandfather) {
                if (--count_[pid] == 0) all_moves_lose(pid, parent, level);
            } else if (every_in_slice_child_wins(parent)) {
                all_moves_lose(pid, parent, level);
            }
        });
    }

    // Grandfather's forward check: every move inside the slice reaches a settled win.
    bool every_in_slice_child_wins(const Position& parent) const {
        bool all = true;
        G::for_each_child(parent, [&](const Position& child) {
            if (!all || G::slice_of(child) != slice_) return;
            const Value v = table_.values[table_.id(child)];
            all = v != kUnknown && v != kDraw && v % 2 == 1;
        });
        return all;
    }

    // Every in-slice move of `parent` reaches a win, the last of them settled at `level`.
    void all_moves_lose(std::uint64_t pid, const Position& parent, int level) {
        const Exits e = exits(parent);
        if (e.shortest_win != std::numeric_limits<int>::max()) return;  // already scheduled
        if (e.draw) {
            table_.values[pid] = kDraw;
            return;
        }
        schedule(pid, std::max(level + 1, e.longest_loss));
    }

    typename G::Slice slice_;
    const typename G::Tables& done_;
    BuildMethod method_;
    typename G::Table table_;
    std::vector<std::uint8_t> count_;
    std::vector<Value> first_level_;  // FirstFoundForTesting only
    std::vector<std::vector<std::uint64_t>> buckets_;
};

}  // namespace

SliceTable build_slice(Slice slice, const TableSet& done, BuildMethod method, BuildStats* stats) {
    return Retrograde<CheckersGame>(slice, done, method).run(stats);
}

TableSet build_up_to(int max_pieces, BuildMethod method) {
    TableSet set;
    for (const Slice& s : slices_up_to(max_pieces))
        set.add(std::make_shared<const SliceTable>(build_slice(s, set, method)));
    return set;
}

}  // namespace retrocheck::tb
