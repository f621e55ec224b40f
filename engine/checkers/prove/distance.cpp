#include "engine/checkers/prove/distance.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <unordered_map>

#include "engine/checkers/movegen.h"
#include "engine/core/clock.h"

namespace retrocheck::checkers::prove {

namespace {

enum class Tri : std::uint8_t { No, Yes, Unknown };

struct OutOfBudget {
    std::string what;
};

class DistanceSearch {
  public:
    DistanceSearch(EndgameProbe* tables, const ProveLimits& limits)
        : tables_(tables), limits_(limits), t0_(std::chrono::steady_clock::now()) {}

    // Whether the side to move at pos wins within d plies.
    Tri wins_within(const Position& pos, int d) { return ask(pos, d, true); }
    // Whether it loses within d plies.
    Tri loses_within(const Position& pos, int d) { return ask(pos, d, false); }

    std::uint64_t nodes() const { return nodes_; }
    double seconds() const { return seconds_since(t0_); }

  private:
    // What is known of "wins (loses) within d" at a position for every d at once: the answer
    // is monotone in d, so the largest d known No and the smallest known Yes settle every other.
    struct Known {
        int no_up_to = -1;
        int yes_from = std::numeric_limits<int>::max();
    };
    struct Key {
        Position pos;
        bool win;
        bool operator==(const Key&) const = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const {
            return std::hash<Position>()(k.pos) * std::size_t{0x9E3779B97F4A7C15ULL} ^
                   (k.win ? 1u : 0u);
        }
    };

    Tri ask(const Position& pos, int d, bool win) {
        if (tables_ && pos.piece_count() <= tables_->max_pieces()) {
            const auto v = tables_->probe(pos);
            if (!v || (!v->has_distance() && !v->is_draw())) return Tri::Unknown;
            const bool holds =
                win ? v->is_win() && v->plies() <= d : v->is_loss() && v->plies() <= d;
            return holds ? Tri::Yes : Tri::No;
        }
        const Key key{pos, win};
        if (const auto it = memo_.find(key); it != memo_.end()) {
            if (d >= it->second.yes_from) return Tri::Yes;
            if (d <= it->second.no_up_to) return Tri::No;
        }
        spend();
        const MoveList moves = legal_moves(pos);
        Tri answer;
        if (moves.empty()) {
            answer = win ? Tri::No : Tri::Yes;  // no move: a loss in 0
        } else if (d <= 0) {
            answer = Tri::No;  // moves left and no ply to play them
        } else {
            // A win: some child lost within d - 1. A loss: every child won within d - 1.
            // Captures first: they end games soonest, and lead into the tables.
            bool unknown = false;
            answer = win ? Tri::No : Tri::Yes;
            for (const bool captures : {true, false})
                for (const Move& m : moves) {
                    if (m.is_capture() != captures) continue;
                    const Tri child = ask(pos.after(m), d - 1, !win);
                    if (child == Tri::Unknown) {
                        unknown = true;
                    } else if ((child == Tri::Yes) == win) {
                        answer = win ? Tri::Yes : Tri::No;
                        unknown = false;
                        goto decided;
                    }
                }
        decided:
            if (unknown) answer = Tri::Unknown;
        }
        if (answer != Tri::Unknown && memo_.size() < limits_.max_entries) {
            Known& k = memo_[key];
            if (answer == Tri::Yes)
                k.yes_from = std::min(k.yes_from, d);
            else
                k.no_up_to = std::max(k.no_up_to, d);
        }
        return answer;
    }

    void spend() {
        ++nodes_;
        if (limits_.nodes > 0 && nodes_ > limits_.nodes) throw OutOfBudget{"node budget"};
        if (limits_.seconds > 0 && (nodes_ & 1023) == 0 && seconds() > limits_.seconds)
            throw OutOfBudget{"time"};
    }

    EndgameProbe* tables_;
    const ProveLimits& limits_;
    std::chrono::steady_clock::time_point t0_;
    std::uint64_t nodes_ = 0;
    std::unordered_map<Key, Known, KeyHash> memo_;
};

}  // namespace

DistanceProof prove_distance(const Position& pos, const Outcome& claimed, EndgameProbe* tables,
                             const ProveLimits& limits) {
    DistanceProof out;
    DistanceSearch search(tables, limits);
    const int n = claimed.plies();
    const bool win = claimed.is_win();
    const char* result = win ? "win" : "loss";
    try {
        const Tri within = win ? search.wins_within(pos, n) : search.loses_within(pos, n);
        if (within == Tri::No) {
            out.exact = false;
            out.because = fmt::format("not a {} within {} plies", result, n);
        } else if (within == Tri::Yes) {
            const Tri shorter = n < 2 ? Tri::No
                                : win ? search.wins_within(pos, n - 2)
                                      : search.loses_within(pos, n - 2);
            if (shorter == Tri::Yes) {
                out.exact = false;
                out.because = fmt::format("a {} within {} plies", result, n - 2);
            } else if (shorter == Tri::No) {
                out.exact = true;
            } else {
                out.because = "a table lacks a value the search needs";
            }
        } else {
            out.because = "a table lacks a value the search needs";
        }
    } catch (const OutOfBudget& e) {
        out.because = e.what;
    }
    out.nodes = search.nodes();
    out.seconds = search.seconds();
    return out;
}

}  // namespace retrocheck::checkers::prove
