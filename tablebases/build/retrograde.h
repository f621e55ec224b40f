// The retrograde solver behind both builders (builder.h), generic over the game
// (game.h) and the metric (metric.h: DTM, or DTZ50 for a game that names it as G::Metric):
// level-by-level settling by out-counting or grandfather forward checks.
//
// Memory is the values themselves, plus one byte a position for out-counting and two bits a
// position (no position there; still open to a win): no lists of scheduled positions. A pass
// per level scans the values for the ones settled at that level, which the value byte holds as
// it will be stored, and hands their parents candidates. Until its level is reached a value
// may still be tentative:
//  - an odd value is a win through a move that leaves the slice, which a shorter win inside it
//    may still replace;
//  - out-counting only: an even value over a positive count is the longest loss the exits
//    leave (a floor), which a win inside the slice may replace, and which becomes the loss once
//    every in-slice move is known to lose.
// A pass for level L writes only values over L, so every value at most L is final when it
// starts, and the result depends neither on the order of a pass nor on the number of threads.
//
// A game may split a slice into phases (G::phases, G::phase: DTZ's pawn structures, whose pawn
// moves are exits into an earlier phase of the same table): each phase is solved in turn as if
// the others' slots were empty, reading the earlier phases' final values through its exits.
// A phase's passes walk its own slots only (a list of its ids: its slots interleave with the
// others' within words), and a level no value of the phase was given is not scanned. Each block
// of kBlockSlots slots keeps a bit a level (modulo 64) that some value of it was given: a pass
// skips the blocks that never held its level, which are most of them for the long tail of
// levels with few positions.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "tablebases/build/find_code.h"
#include "tablebases/build/folded_exits.h"
#include "tablebases/build/method.h"
#include "tablebases/build/metric.h"
#include "tablebases/game.h"
#include "tablebases/value.h"

namespace retrocheck::tb::detail {

// A game's metric: DTM unless it names another.
template <typename G>
struct MetricOf {
    using type = DtmMetric;
};
template <typename G>
requires requires { typename G::Metric; }
struct MetricOf<G> {
    using type = typename G::Metric;
};

// What the moves leaving the slice offer the side to move, and how many moves stay inside.
struct Exits {
    int in_slice = 0;
    int moves = 0;
    int shortest_win = std::numeric_limits<int>::max();  // through an exit, from p's side
    int longest_loss = -1;                               // through an exit, from p's side
    bool draw = false;
    int folded = 0;  // exits valued ahead of the build (folded_exits.h), not here
};

using Id = std::uint32_t;  // position ids within one slice

template <typename T>
std::atomic_ref<T> shared(T& x) {
    return std::atomic_ref<T>(x);
}

template <RetrogradeGame G>
class Retrograde {
  public:
    using Position = typename G::Position;
    using Metric = typename MetricOf<G>::type;
    using Code = typename Metric::Code;
    static constexpr Code kUnknown = Metric::kUnknown, kDraw = Metric::kDraw;

    // With `groups`, `done` holds no successor (an empty set): they are read a group at a
    // time before the first pass (out-counting only: grandfather reads exits as it settles).
    Retrograde(typename G::Slice slice, const typename G::Tables& done, BuildMethod method,
               BuildProgress* progress, const SuccessorGroups<G>* groups = nullptr)
        : slice_(slice),
          done_(done),
          method_(method),
          progress_(progress),
          groups_(groups),
          table_(G::make_table(slice)) {
        if (groups_ && method_ == BuildMethod::Grandfather)
            throw std::invalid_argument(
                "a grandfather build reads its successors as it settles: "
                "it needs them all in memory");
    }

    typename G::Table run(BuildStats* stats) {
        const std::uint64_t n = table_.values.size();
        if (n > std::numeric_limits<Id>::max())
            throw std::runtime_error("slice " + G::name(slice_) + " has " + std::to_string(n) +
                                     " positions, more than this builder's 32-bit ids hold");
        absent_.assign((n + 63) / 64, 0);
        open_.assign((n + 63) / 64, 0);
        word_phases_.assign(phases() > 1 ? absent_.size() : 0, 0);
        if (groups_) fold_exits(n);
        for (phase_ = 0; phase_ < phases(); ++phase_) solve_phase(n);
        if (groups_) folded_.check();
        if (stats) {
            stats->positions = n;
            stats->levels = longest_ + 1;
            stats->largest_phase = largest_phase_;
        }
        return std::move(table_);
    }

  private:
    // An exit draw: the position can no longer lose, and its count never reaches 0.
    static constexpr std::uint8_t kCannotLose = 0x80;

    int phases() const {
        if constexpr (requires { G::phases(slice_); })
            return G::phases(slice_);
        else
            return 1;
    }
    static int phase_of(const Position& p) {
        if constexpr (requires { G::phase(p); })
            return G::phase(p);
        else
            return 0;
    }
    // A word's bit for phase p in word_phases_ (the last bit stands for every phase past 31).
    static std::uint32_t phase_bit(int p) { return std::uint32_t{1} << std::min(p, 31); }
    // Whether a later phase may skip word w: the first phase's seeding saw no position of it.
    bool skips_word(std::uint64_t w) const {
        return phase_ > 0 && !(word_phases_[w] & phase_bit(phase_));
    }

    // The positions of the current phase, every other slot left as it stands (empty, or final
    // from an earlier phase).
    void solve_phase(std::uint64_t n) {
        if (method_ != BuildMethod::Grandfather) count_.assign(n, 0);
        highest_ = -1;
        written_.assign((Metric::kMaxCode + 64) / 64, 0);
        level_blocks_.assign((n + kBlockSlots - 1) / kBlockSlots, 0);
        seed_all(n);
        make_chunks(n);
        for (int level = 0; level <= highest_.load(); ++level) {
            if (!was_written(level)) continue;  // no value of this phase is `level`: no scan
            if (progress_) progress_->level = level;
            const bool any = scan(static_cast<Code>(level), [&](Id id) {
                if (absent(id)) return false;                      // another phase's
                if (level % 2 == 0 && counting(id)) return false;  // a floor
                settle(id, level);
                return true;
            });
            if (any) longest_ = std::max(longest_, level);
        }
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, chunks_.size()), [&](const auto& r) {
            for (std::size_t c = r.begin(); c != r.end(); ++c)
                for_each_in_chunk(c, [&](Id id) {
                    Code& v = table_.values[id];
                    if (absent(id)) return;  // no position here, or not now
                    // Undecided, or a floor no loss reached: some in-slice move draws.
                    if (v == kUnknown || (v % 2 == 0 && counting(id))) v = kDraw;
                });
        });
    }

    // The current phase's slots for the level scans and the final pass: with one phase, the
    // words holding positions as ranges of slots (consecutive words merged, up to kChunk slots
    // a range); with several, whose slots interleave within words, the list of the phase's
    // ids, so that a phase costs its own share of the table, not the whole of it.
    static constexpr std::uint64_t kChunk = 1 << 16;
    void make_chunks(std::uint64_t n) {
        chunks_.clear();
        // Word w's slots of the phase (the last word's bits past n left out).
        const auto present_in = [&](std::uint64_t w) {
            const std::uint64_t begin = 64 * w, end = std::min(n, begin + 64);
            return ~absent_[w] & (end - begin == 64 ? ~std::uint64_t{0}
                                                    : (std::uint64_t{1} << (end - begin)) - 1);
        };
        if (phases() > 1) {  // the list made at its exact size, the last phase's freed first
            std::uint64_t count = 0;
            for (std::uint64_t w = 0; w < absent_.size(); ++w)
                count += static_cast<std::uint64_t>(std::popcount(present_in(w)));
            std::vector<Id>().swap(ids_);
            ids_.reserve(count);
            largest_phase_ = std::max(largest_phase_, count);
        }
        for (std::uint64_t w = 0; w < absent_.size(); ++w) {
            const std::uint64_t begin = 64 * w, end = std::min(n, begin + 64);
            const std::uint64_t present = present_in(w);
            if (!present) continue;
            if (phases() > 1) {
                for (std::uint64_t b = present; b; b &= b - 1)
                    ids_.push_back(
                        static_cast<Id>(begin + static_cast<std::uint64_t>(std::countr_zero(b))));
                continue;
            }
            if (!chunks_.empty() && chunks_.back().second == begin &&
                end - chunks_.back().first <= kChunk)
                chunks_.back().second = end;
            else
                chunks_.push_back({begin, end});
        }
        if (phases() > 1)  // the list cut into ranges of itself, as chunks of ids
            for (std::uint64_t i = 0; i < ids_.size(); i += kChunk)
                chunks_.push_back({i, std::min<std::uint64_t>(ids_.size(), i + kChunk)});
    }
    // f(id) for every slot of chunk c (make_chunks).
    template <typename F>
    void for_each_in_chunk(std::size_t c, F&& f) const {
        const auto [from, to] = chunks_[c];
        if (phases() == 1)
            for (std::uint64_t id = from; id != to; ++id) f(static_cast<Id>(id));
        else
            for (std::uint64_t i = from; i != to; ++i) f(ids_[i]);
    }

    bool absent(Id id) const { return absent_[id / 64] >> (id % 64) & 1; }

    // The first pass over the pool, a word of 64 slots at a time: a word's bits are one
    // thread's to write. The deliberately broken variant keeps one thread, as its original did.
    void seed_all(std::uint64_t n) {
        in_arena([&] {
            tbb::parallel_for(
                tbb::blocked_range<std::uint64_t>(0, absent_.size(), 64), [&](const auto& r) {
                    for (std::uint64_t w = r.begin(); w != r.end(); ++w) {
                        if (skips_word(w)) {  // no position of this phase
                            absent_[w] = ~std::uint64_t{0};
                            open_[w] = 0;
                            continue;
                        }
                        seed_word(w, std::min(n, 64 * (w + 1)));
                    }
                    if (progress_)
                        progress_->seeded.fetch_add(slots_in(r, n), std::memory_order_relaxed);
                });
        });
    }

    // The slots of a range of 64-slot words, of a slice of n slots.
    template <typename Range>
    static std::uint64_t slots_in(const Range& words, std::uint64_t n) {
        return std::min(n, 64 * words.end()) - 64 * words.begin();
    }

    // Every group of successors in turn: each position's moves into the group's tables folded
    // into its value slot (folded_exits.h). A move valued without tables (into KvK) is the
    // seed's to value.
    void fold_exits(std::uint64_t n) {
        folded_.start(n, G::name(slice_));
        (*groups_)([&](const typename G::Tables& group) {
            if (progress_) {
                progress_->folded = 0;
                ++progress_->group;
            }
            in_arena([&] {
                tbb::parallel_for(
                    tbb::blocked_range<std::uint64_t>(0, absent_.size(), 64), [&](const auto& r) {
                        std::uint64_t found = 0;
                        for (std::uint64_t w = r.begin(); w != r.end(); ++w)
                            G::for_each_slot(
                                table_, 64 * w, std::min(n, 64 * (w + 1)),
                                [&](std::uint64_t slot, const Position* pos) {
                                    if (!pos) return;
                                    Code& v = table_.values[slot];
                                    for_each_leaving<G>(*pos, slice_, [&](const Position& child) {
                                        const int code = exit_code(group, child);
                                        if (code == kExitMissing) return;  // another group's
                                        if (exit_code(done_, child) != kExitMissing) return;
                                        ++found;
                                        if (!folded_.fold(v, slot, code))
                                            distance(static_cast<Id>(slot), code);  // throws
                                    });
                                });
                        folded_.count_folded(found);
                        if (progress_)
                            progress_->folded.fetch_add(slots_in(r, n), std::memory_order_relaxed);
                    });
            });
        });
        if (progress_) progress_->group = 0;
    }

    // f(id) for every id whose value is `level`, over the pool; whether any f returned true
    // (settled a position). The ids are found a batch at a time and their counts fetched ahead:
    // an even level reads each one's count.
    template <typename F>
    bool scan(Code level, F f) {
        Code* const values = table_.values.data();
        std::atomic<bool> any{false};
        in_arena([&] {
            tbb::parallel_for(
                tbb::blocked_range<std::size_t>(0, chunks_.size()), [&](const auto& r) {
                    constexpr std::size_t kBatch = 64;
                    Id batch[kBatch];
                    std::size_t size = 0;
                    std::uint64_t settled = 0;
                    const auto flush = [&] {
                        for (std::size_t k = 0; k < size; ++k) settled += f(batch[k]);
                        size = 0;
                    };
                    const auto take = [&](Id id) {
                        if (!count_.empty()) __builtin_prefetch(&count_[id]);
                        batch[size++] = id;
                        if (size == kBatch) flush();
                    };
                    for (std::size_t c = r.begin(); c != r.end(); ++c) {
                        if (phases() > 1) {  // a range of the phase's ids
                            for (std::uint64_t i = chunks_[c].first; i != chunks_[c].second; ++i)
                                if (block_held(ids_[i], level) && values[ids_[i]] == level)
                                    take(ids_[i]);
                            continue;
                        }
                        for (std::uint64_t from = chunks_[c].first; from != chunks_[c].second;) {
                            const std::uint64_t to =
                                std::min(chunks_[c].second, (from / kBlockSlots + 1) * kBlockSlots);
                            if (block_held(static_cast<Id>(from), level)) {
                                const Code* p = values + from;
                                const Code* const end = values + to;
                                while ((p = find_code(p, end, level))) {
                                    take(static_cast<Id>(p - values));
                                    if (++p == end) break;
                                }
                            }
                            from = to;
                        }
                    }
                    flush();
                    if (!settled) return;
                    any.store(true, std::memory_order_relaxed);
                    if (progress_) progress_->settled.fetch_add(settled, std::memory_order_relaxed);
                });
        });
        return any;
    }

    template <typename F>
    void in_arena(F body) {
        if (method_ == BuildMethod::FirstFoundForTesting)
            tbb::task_arena(1).execute(body);
        else
            body();
    }

    Exits exits(const Position& p) const {
        Exits e;
        const auto exit = [&](const Position& child) {
            ++e.moves;
            const int code = exit_code(done_, child);
            if (code == kExitMissing && groups_) {
                ++e.folded;
                return;
            }
            if (code == kExitMissing)
                throw std::runtime_error("slice " + G::name(G::slice_of(child)) +
                                         " is needed before " + G::name(slice_));
            if (code == kExitDraw)
                e.draw = true;
            else if (code % 2)
                e.shortest_win = std::min(e.shortest_win, code);
            else
                e.longest_loss = std::max(e.longest_loss, code);
        };
        if (!(G::kSharedSlots && G::may_share_slots(table_, p))) {
            e.in_slice = G::for_each_exit(p, exit);
            e.moves += e.in_slice;
            return e;
        }
        // With shared slots, moves to symmetric images of one position are one in-slice move:
        // its settling reaches this slot once (settle() hands each parent slot one candidate).
        thread_local std::vector<Id> reused;  // no allocation a position
        std::vector<Id>& ids = reused;        // (one look-up of the thread's copy)
        ids.clear();
        G::for_each_move(
            p,
            [&](auto make) {
                ++e.moves;
                const Id cid = static_cast<Id>(table_.id(make()));
                if (std::find(ids.begin(), ids.end(), cid) != ids.end()) return;
                ids.push_back(cid);
                ++e.in_slice;
            },
            exit);
        return e;
    }

    // What a move that leaves the slice to `child` is worth to its mover: the game's own
    // valuation (G::exit_code) or, by default, the child's value in the finished tables.
    int exit_code(const typename G::Tables& done, const Position& child) const {
        if constexpr (requires { G::exit_code(done, table_, child); }) {
            return G::exit_code(done, table_, child);
        } else {
            const auto v = done.probe(child);
            if (!v) return kExitMissing;
            const Outcome mine = v->parent_view();
            return mine.is_draw() ? kExitDraw : mine.plies();
        }
    }

    // The stored code of a level, which must fit one, for slot id (its block marked as holding
    // the level).
    Code distance(Id id, int code) {
        if (code > Metric::kMaxCode)
            throw std::runtime_error(std::string("a ") + Metric::kName + " code over " +
                                     std::to_string(Metric::kMaxCode) + " in slice " +
                                     G::name(slice_));
        int high = highest_.load(std::memory_order_relaxed);
        while (code > high && !highest_.compare_exchange_weak(high, code)) {
        }
        auto word = shared(written_[static_cast<std::size_t>(code) / 64]);
        const std::uint64_t mark = std::uint64_t{1} << (code % 64);
        if (!(word.load(std::memory_order_relaxed) & mark))
            word.fetch_or(mark, std::memory_order_relaxed);
        auto block = shared(level_blocks_[id / kBlockSlots]);
        const std::uint64_t level = std::uint64_t{1} << (code % 64);
        if (!(block.load(std::memory_order_relaxed) & level))
            block.fetch_or(level, std::memory_order_relaxed);
        return static_cast<Code>(code);
    }
    // Whether id's block may hold a value `code` (a value was ever given a level equal to it
    // modulo 64).
    bool block_held(Id id, Code code) const {
        return level_blocks_[id / kBlockSlots] >> (code % 64) & 1;
    }
    // Whether distance() gave out `code` in this phase: every value the phase's slots hold
    // went through it, so a level never given out has nothing to settle.
    bool was_written(int code) const {
        return written_[static_cast<std::size_t>(code) / 64] >> (code % 64) & 1;
    }

    // First pass over word w's slots, below end: the exits' verdict, and positions settled by
    // moves that leave the slice alone. A slot without a position is never valued (left
    // kUnknown); one that a loss of a child may still make a win is open.
    void seed_word(std::uint64_t w, std::uint64_t end) {
        std::uint64_t absent = 0, open = 0, folded = 0;
        std::uint32_t phases = 0;
        G::for_each_slot(table_, 64 * w, end, [&](std::uint64_t slot, const Position* pos) {
            const Id id = static_cast<Id>(slot);
            const int phase = pos ? phase_of(*pos) : -1;
            if (phase >= 0) phases |= phase_bit(phase);
            if (phase != phase_) {
                absent |= bit(id);
                return;
            }
            seed(id, *pos, folded);
            const Code v = table_.values[id];
            if (v == kUnknown || (v != kDraw && v % 2) || counting(id)) open |= bit(id);
        });
        absent_[w] = absent;
        open_[w] = open;
        if (folded) folded_.count_taken(folded);
        if (phase_ == 0 && !word_phases_.empty()) word_phases_[w] = phases;
    }

    static std::uint64_t bit(Id id) { return std::uint64_t{1} << (id % 64); }

    void seed(Id id, const Position& pos, std::uint64_t& folded) {
        Code& v = table_.values[id];
        Exits e = exits(pos);
        if (groups_) {
            folded_.take(v, id, e);
            folded += static_cast<std::uint64_t>(e.folded);
        }
        if (e.moves == 0) {  // no legal move: a loss in 0, or a draw (stalemate)
            v = G::lost_without_moves(pos) ? distance(id, 0) : kDraw;
            return;
        }
        if (e.shortest_win != std::numeric_limits<int>::max()) {
            v = distance(id, e.shortest_win);  // tentative: a shorter win may come from inside
            return;
        }
        if (e.in_slice == 0) {
            v = e.draw ? kDraw : distance(id, e.longest_loss);
            return;
        }
        // Grandfather looks at the exits again when every in-slice move loses.
        if (method_ == BuildMethod::Grandfather) return;
        if (e.in_slice >= kCannotLose)
            throw std::runtime_error("a position of slice " + G::name(slice_) + " with " +
                                     std::to_string(e.in_slice) + " moves inside it");
        count_[id] = static_cast<std::uint8_t>(e.in_slice | (e.draw ? kCannotLose : 0));
        if (!e.draw && e.longest_loss > 0) v = distance(id, e.longest_loss);  // the floor
    }

    // Whether a loss of a child, at `level`, still makes this parent a win at level + kWinStep:
    // it is undecided, a longer exit win (which the broken variant keeps), or a floor (whatever
    // its level: one skipped by its scan is still open).
    bool improves_to_win(Code v, Id pid, int level) const {
        if (v == kUnknown) return true;
        if (v == kDraw) return false;
        if (v % 2)
            return v > level + Metric::kWinStep && method_ != BuildMethod::FirstFoundForTesting;
        return counting(pid);
    }

    // Whether out-counting still counts moves of id down: an even value there is a floor, not
    // (yet) a loss.
    bool counting(Id id) const { return !count_.empty() && counted(id) != 0; }

    // A count, which other threads may be counting down.
    std::uint8_t counted(Id id) const {
        return std::atomic_ref<const std::uint8_t>(count_[id]).load(std::memory_order_relaxed);
    }

    void settle(Id id, int level) {
        const bool loss = level % 2 == 0;
        // A win from this level on: no loss of a child improves it. (Clearing a bit with a plain
        // store may undo another thread's clear in the same word: that only leaves a bit set,
        // which costs a look at the value and nothing else.)
        if (!loss) {
            auto word = shared(open_[id / 64]);
            word.store(word.load(std::memory_order_relaxed) & ~bit(id), std::memory_order_relaxed);
        }
        const Position pos = G::settled_position(table_, id);
        // One candidate a parent slot. Grandfather's forward check makes a repeat harmless;
        // out-counting must not count one move twice.
        const bool may_repeat = G::kSharedSlots && method_ != BuildMethod::Grandfather &&
                                G::may_share_slots(table_, pos);
        const bool forward_check = !loss && method_ == BuildMethod::Grandfather;
        // The parents first, each one's first byte to read fetched ahead of its use: their slots
        // are far apart. A loss reads the parent's open bit, out-counting's win its count.
        thread_local std::vector<Id> reused_ids;
        thread_local std::vector<Position> reused_parents;  // for the forward check only
        std::vector<Id>& ids = reused_ids;  // one look-up of each thread's copy, not one a parent
        std::vector<Position>& parents = reused_parents;
        ids.clear();
        parents.clear();
        G::for_each_parent_slot(table_, pos, id, [&](std::uint64_t slot, auto parent) {
            const Id pid = static_cast<Id>(slot);
            if (may_repeat && std::find(ids.begin(), ids.end(), pid) != ids.end()) return;
            if (loss)
                __builtin_prefetch(&open_[pid / 64]);
            else if (!count_.empty())
                __builtin_prefetch(&count_[pid], 1);
            else
                __builtin_prefetch(&table_.values[pid]);
            ids.push_back(pid);
            if (forward_check) parents.push_back(parent());
        });
        if (loss)
            win_parents(ids, level);
        else if (!count_.empty())
            count_down(ids, level);
        else
            for (std::size_t k = 0; k < ids.size(); ++k)
                forward_check_parent(ids[k], parents[k], level);
    }

    // Every parent of a position lost at `level` that is still open wins at level + kWinStep.
    void win_parents(std::vector<Id>& ids, int level) {
        std::size_t open = 0;
        for (const Id pid : ids) {
            if (!(shared(open_[pid / 64]).load(std::memory_order_relaxed) & bit(pid))) continue;
            __builtin_prefetch(&table_.values[pid], 1);
            if (!count_.empty()) __builtin_prefetch(&count_[pid], 1);
            ids[open++] = pid;
        }
        for (std::size_t k = 0; k < open; ++k) {
            const Id pid = ids[k];
            auto value = shared(table_.values[pid]);
            Code v = value.load(std::memory_order_relaxed);
            while (improves_to_win(v, pid, level))
                if (value.compare_exchange_weak(v, distance(pid, level + Metric::kWinStep),
                                                std::memory_order_relaxed))
                    break;
        }
    }

    // Out-counting: one in-slice move of each parent of a position won at `level` is known to
    // lose. A parent whose count is 0 (lost, or never counted: a tentative exit win) or can no
    // longer lose is passed over without a look at its value: only a parent whose last move
    // this was reads it, to lose in level+1 or by its floor. A parent won through a lost child
    // keeps a count above 0 (that child never counts it down), so it never gets here.
    void count_down(std::vector<Id>& ids, int level) {
        std::size_t lost = 0;
        for (const Id pid : ids) {
            const std::uint8_t c = counted(pid);
            if (c == 0 || (c & kCannotLose)) continue;
            if (shared(count_[pid]).fetch_sub(1, std::memory_order_relaxed) != 1) continue;
            __builtin_prefetch(&table_.values[pid], 1);
            ids[lost++] = pid;
        }
        for (std::size_t k = 0; k < lost; ++k) {
            auto value = shared(table_.values[ids[k]]);
            const Code v = value.load(std::memory_order_relaxed);
            const Code code = distance(ids[k], level + 1);
            value.store(v == kUnknown ? code : std::max(v, code), std::memory_order_relaxed);
        }
    }

    // Grandfather: a parent of a position won at `level` loses once every in-slice move wins.
    void forward_check_parent(Id pid, const Position& parent, int level) {
        auto value = shared(table_.values[pid]);
        Code v = value.load(std::memory_order_relaxed);
        if (v != kUnknown) return;  // decided, or a longer exit win
        if (!every_in_slice_child_wins(parent, level)) return;
        const Exits e = exits(parent);  // no exit wins: v would be odd
        const Code lost = e.draw ? kDraw : distance(pid, std::max(level + 1, e.longest_loss));
        value.compare_exchange_strong(v, lost, std::memory_order_relaxed);
    }

    // Grandfather's forward check: every move inside the slice reaches a win settled at `level`
    // or before (the values at most `level` are final in its pass).
    bool every_in_slice_child_wins(const Position& parent, int level) {
        bool all = true;
        G::for_each_move(
            parent,
            [&](auto make) {
                if (!all) return;
                const Code v = shared(table_.values[table_.id(make())]).load();
                all = v <= level && v % 2 == 1;
            },
            [](const Position&) {});
        return all;
    }

    typename G::Slice slice_;
    const typename G::Tables& done_;
    BuildMethod method_;
    BuildProgress* progress_;
    const SuccessorGroups<G>* groups_;
    FoldedExits<Metric> folded_;
    typename G::Table table_;
    std::vector<std::uint8_t> count_;    // out-counting: undecided in-slice moves, kCannotLose
    std::atomic<int> highest_{-1};       // the largest value written, tentative or not
    int longest_ = -1;                   // the last level at which positions settled
    int phase_ = 0;                      // the phase being solved
    std::vector<std::uint64_t> absent_;  // one bit a slot: no position there
    // A bit a phase for each word of 64 slots: the phases it holds positions of, seen while the
    // first phase seeds (games of several phases only).
    std::vector<std::uint32_t> word_phases_;
    // make_chunks(): ranges of slots, or (several phases) of ids_, the current phase's ids.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> chunks_;
    std::vector<Id> ids_;
    std::uint64_t largest_phase_ = 0;     // the most ids_ held
    std::vector<std::uint64_t> written_;  // a bit a code: distance() gave it out (this phase)
    // A word a block of kBlockSlots slots: bit c % 64 set once a value c was given in it.
    static constexpr std::uint64_t kBlockSlots = 1024;
    std::vector<std::uint64_t> level_blocks_;
    // One bit a slot, clear once no loss of a child can improve it (a draw, a loss, a win
    // settled): a loss's parents look here first, a far smaller array than the values.
    std::vector<std::uint64_t> open_;
};

}  // namespace retrocheck::tb::detail
