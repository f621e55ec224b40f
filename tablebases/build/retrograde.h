// The retrograde solver behind both builders (builder.h), generic over the game
// (game.h): level-by-level settling by out-counting or grandfather forward checks.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "tablebases/build/game.h"
#include "tablebases/build/method.h"
#include "tablebases/value.h"

namespace retrocheck::tb::detail {

// What the moves leaving the slice offer the side to move, and how many moves stay inside.
struct Exits {
    int in_slice = 0;
    int moves = 0;
    int shortest_win = std::numeric_limits<int>::max();  // through an exit, from p's side
    int longest_loss = -1;                               // through an exit, from p's side
    bool draw = false;
};

using Id = std::uint32_t;  // bucket entries: position ids within one slice
using Buckets = std::vector<std::vector<Id>>;

// Positions scheduled by one thread during a pass, by level; merged into the shared buckets
// between passes.
class Pending {
  public:
    void push(Id id, int level) {
        if (by_level_.size() <= static_cast<std::size_t>(level))
            by_level_.resize(static_cast<std::size_t>(level) + 1);
        by_level_[static_cast<std::size_t>(level)].push_back(id);
    }
    void move_into(Buckets& buckets) {
        if (buckets.size() < by_level_.size()) buckets.resize(by_level_.size());
        for (std::size_t l = 0; l < by_level_.size(); ++l) {
            buckets[l].insert(buckets[l].end(), by_level_[l].begin(), by_level_[l].end());
            by_level_[l].clear();
        }
    }

  private:
    Buckets by_level_;
};

template <typename T>
std::atomic_ref<T> shared(T& x) {
    return std::atomic_ref<T>(x);
}

template <RetrogradeGame G>
class Retrograde {
  public:
    using Position = typename G::Position;

    Retrograde(typename G::Slice slice, const typename G::Tables& done, BuildMethod method,
               BuildProgress* progress)
        : slice_(slice),
          done_(done),
          method_(method),
          progress_(progress),
          table_(G::make_table(slice)) {}

    typename G::Table run(BuildStats* stats) {
        const std::uint64_t n = table_.values.size();
        if (n > std::numeric_limits<Id>::max())
            throw std::runtime_error("slice " + G::name(slice_) + " has " + std::to_string(n) +
                                     " positions, more than this builder's 32-bit ids hold");
        if (method_ != BuildMethod::Grandfather) {
            count_.assign(n, 0);
            exit_.assign(n, 0);
        }
        if (method_ == BuildMethod::FirstFoundForTesting) first_level_.assign(n, kUnknown);
        marked_.assign((n + 63) / 64, 0);
        absent_.assign((n + 63) / 64, 0);

        parallel(
            n, [&](std::uint64_t id, Pending& out) { seed(static_cast<Id>(id), out); },
            progress_ ? &progress_->seeded : nullptr);
        for (std::size_t level = 0; level < buckets_.size(); ++level) {
            // Settling schedules candidates at level+1 or later, so this bucket is complete.
            const std::vector<Id> bucket = std::move(buckets_[level]);
            buckets_[level] = {};
            if (progress_) progress_->level = static_cast<int>(level);
            parallel(
                bucket.size(),
                [&](std::uint64_t k, Pending& out) {
                    settle(bucket[k], static_cast<int>(level), out);
                },
                progress_ ? &progress_->settled : nullptr);
        }
        tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, n), [&](const auto& r) {
            for (std::uint64_t id = r.begin(); id != r.end(); ++id)
                if (table_.values[id] == kUnknown && !(absent_[id / 64] >> (id % 64) & 1))
                    table_.values[id] = kDraw;
        });
        if (stats) {
            stats->positions = n;
            stats->levels = longest_ + 1;
        }
        return std::move(table_);
    }

  private:
    // f(i, pending) for every i < n over the pool, then the scheduled positions into buckets_;
    // `done`, when given, counts the items a chunk at a time. The deliberately broken variant
    // keeps one thread: its "first found" depends on order.
    template <typename F>
    void parallel(std::uint64_t n, F f, std::atomic<std::uint64_t>* done) {
        auto body = [&] {
            tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, n, 4096), [&](const auto& r) {
                Pending& out = pending_.local();
                for (std::uint64_t i = r.begin(); i != r.end(); ++i) f(i, out);
                if (done) done->fetch_add(r.size(), std::memory_order_relaxed);
            });
        };
        if (method_ == BuildMethod::FirstFoundForTesting)
            tbb::task_arena(1).execute(body);
        else
            body();
        for (Pending& p : pending_) p.move_into(buckets_);
    }

    Exits exits(const Position& p) const {
        Exits e;
        // With shared slots, moves to symmetric images of one position are one in-slice move:
        // its settling reaches this slot once (settle() hands each parent slot one candidate).
        thread_local std::vector<Id> ids;  // reused: no allocation a position
        ids.clear();
        const bool may_repeat = G::kSharedSlots && G::may_share_slots(table_, p);
        G::for_each_move(
            p,
            [&](auto make) {
                ++e.moves;
                if (may_repeat) {
                    const Id cid = static_cast<Id>(table_.id(make()));
                    if (std::find(ids.begin(), ids.end(), cid) != ids.end()) return;
                    ids.push_back(cid);
                }
                ++e.in_slice;
            },
            [&](const Position& child) {
                ++e.moves;
                const auto v = done_.probe(child);
                if (!v)
                    throw std::runtime_error("slice " + G::name(G::slice_of(child)) +
                                             " is needed before " + G::name(slice_));
                const Outcome mine = v->parent_view();
                if (mine.is_win()) e.shortest_win = std::min(e.shortest_win, mine.plies());
                if (mine.is_loss()) e.longest_loss = std::max(e.longest_loss, mine.plies());
                if (mine.is_draw()) e.draw = true;
            });
        return e;
    }

    void schedule(Id id, int level, Pending& out) {
        if (method_ == BuildMethod::FirstFoundForTesting) {
            if (first_level_[id] != kUnknown && first_level_[id] != level) return;
            first_level_[id] = static_cast<Value>(level);
        }
        out.push(id, level);
    }

    // True the first time for each id: in-slice propagation schedules a position once.
    bool mark(Id id) {
        const std::uint64_t bit = std::uint64_t{1} << (id % 64);
        return (shared(marked_[id / 64]).fetch_or(bit, std::memory_order_relaxed) & bit) == 0;
    }

    // What a position's exits decide once all its in-slice moves are known to lose, in a byte:
    // an exit win (kUnknown), an exit draw (kDraw), or the longest exit loss (0: none; 253, odd
    // and so never a loss, for one too long to store).
    static Value summary(const Exits& e) {
        if (e.shortest_win != std::numeric_limits<int>::max()) return kUnknown;
        if (e.draw) return kDraw;
        if (e.longest_loss > kMaxPlies) return kMaxPlies;
        return static_cast<Value>(std::max(e.longest_loss, 0));
    }

    // First pass: positions settled by moves that leave the slice alone.
    void seed(Id id, Pending& out) {
        const std::optional<Position> pos = G::position(table_, id);
        if (!pos) {  // no position: never valued, left kUnknown
            shared(absent_[id / 64]).fetch_or(std::uint64_t{1} << (id % 64));
            return;
        }
        const Exits e = exits(*pos);
        if (e.moves == 0) {  // no legal move: a loss in 0, or a draw (stalemate)
            if (G::lost_without_moves(*pos)) return schedule(id, 0, out);
            table_.values[id] = kDraw;
            return;
        }
        if (e.shortest_win != std::numeric_limits<int>::max()) schedule(id, e.shortest_win, out);
        if (e.in_slice > 0) {
            // Out-counting keeps the exits' verdict; grandfather looks at the moves again.
            if (method_ != BuildMethod::Grandfather) {
                count_[id] = static_cast<std::uint8_t>(e.in_slice);
                exit_[id] = summary(e);
            }
            return;
        }
        if (e.shortest_win != std::numeric_limits<int>::max()) return;
        if (e.draw)
            table_.values[id] = kDraw;
        else
            schedule(id, e.longest_loss, out);
    }

    void settle(Id id, int level, Pending& out) {
        // A position may sit in a bucket twice (an exit and an in-slice move); the first to
        // settle it wins, and a shorter distance was settled in an earlier bucket.
        Value expected = kUnknown;
        if (shared(table_.values[id]).load(std::memory_order_relaxed) != kUnknown) return;
        if (level > kMaxPlies)  // the position settles here, at a distance a byte cannot hold
            throw std::runtime_error("a distance over " + std::to_string(kMaxPlies) +
                                     " plies in slice " + G::name(slice_));
        if (!shared(table_.values[id]).compare_exchange_strong(expected, static_cast<Value>(level)))
            return;
        // Every settle of one pass is at the same level, and levels only grow.
        longest_.store(level, std::memory_order_relaxed);
        const bool loss = level % 2 == 0;
        thread_local std::vector<Id> seen;
        seen.clear();
        const Position pos = *G::position(table_, id);
        // One candidate a parent slot. Grandfather's forward check and mark() make a repeat
        // harmless; out-counting must not count one move twice.
        const bool may_repeat = G::kSharedSlots && method_ != BuildMethod::Grandfather &&
                                G::may_share_slots(table_, pos);
        G::for_each_parent_in_slice(table_, pos, [&](const Position& parent) {
            const Id pid = static_cast<Id>(table_.id(parent));
            if (may_repeat) {
                if (std::find(seen.begin(), seen.end(), pid) != seen.end()) return;
                seen.push_back(pid);
            }
            if (shared(table_.values[pid]).load() != kUnknown) return;
            if (loss) {
                if (method_ == BuildMethod::FirstFoundForTesting || mark(pid))
                    schedule(pid, level + 1, out);
            } else if (method_ != BuildMethod::Grandfather) {
                if (shared(count_[pid]).fetch_sub(1) == 1) all_moves_lose(pid, parent, level, out);
            } else if (every_in_slice_child_wins(parent) && mark(pid)) {
                all_moves_lose(pid, parent, level, out);
            }
        });
    }

    // Grandfather's forward check: every move inside the slice reaches a settled win. Two
    // children settled at once both see each other (sequentially consistent store and loads),
    // so at least one of them schedules the parent.
    bool every_in_slice_child_wins(const Position& parent) {
        bool all = true;
        G::for_each_move(
            parent,
            [&](auto make) {
                if (!all) return;
                const Value v = shared(table_.values[table_.id(make())]).load();
                all = v != kUnknown && v != kDraw && v % 2 == 1;
            },
            [](const Position&) {});
        return all;
    }

    // Every in-slice move of `parent` reaches a win, the last of them settled at `level`.
    void all_moves_lose(Id pid, const Position& parent, int level, Pending& out) {
        const Value exits_say = exit_.empty() ? summary(exits(parent)) : exit_[pid];
        if (exits_say == kUnknown) return;  // an exit wins: already scheduled
        if (exits_say == kDraw) {
            shared(table_.values[pid]).store(kDraw);
            return;
        }
        const int longest_exit_loss = exits_say == kMaxPlies ? kMaxPlies + 1 : exits_say;
        schedule(pid, std::max(level + 1, longest_exit_loss), out);
    }

    typename G::Slice slice_;
    const typename G::Tables& done_;
    BuildMethod method_;
    BuildProgress* progress_;
    typename G::Table table_;
    std::vector<std::uint8_t> count_;    // out-counting: undecided in-slice moves
    std::vector<Value> exit_;            // out-counting: summary() of each position's exits
    std::atomic<int> longest_{-1};       // the distance of the last level settled
    std::vector<std::uint64_t> marked_;  // one bit a position: scheduled by propagation
    std::vector<std::uint64_t> absent_;  // one bit a slot: no position there
    std::vector<Value> first_level_;     // FirstFoundForTesting only
    tbb::enumerable_thread_specific<Pending> pending_;
    Buckets buckets_;
};

}  // namespace retrocheck::tb::detail
