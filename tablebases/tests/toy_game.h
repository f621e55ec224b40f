// A third game, tiny, to prove that a game adds files only (ARCHITECTURE.md, "A new game"):
// "line", on a row of 8 squares. Each side has a few tokens; a move steps one of the mover's
// tokens one square left or right, onto an empty square or onto an opponent's token, which it
// captures. A side without a move (no token left, or every token boxed in) loses.
//
// A slice is the number of tokens of each side; a capture leaves it for the slice with one
// opponent's token fewer. The colour flip swaps the sides and reverses the row. The table of a
// slice has a slot for every pair of bitboards with either side to move; the slots whose
// bitboards do not hold the slice's tokens hold no position (nothing the generic paths may
// count or value).
#pragma once

#include <bit>
#include <compare>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/outcome.h"
#include "tablebases/build/method.h"
#include "tablebases/game.h"
#include "tablebases/value.h"

namespace retrocheck::tb::toy {

struct Move {
    std::uint8_t from = 0, to = 0;
    bool capture = false;
    friend bool operator==(const Move&, const Move&) = default;
};

struct Position {
    std::uint8_t white = 0, black = 0;  // bit s: a token on square s (0..7)
    bool white_to_move = true;

    std::uint8_t mine() const { return white_to_move ? white : black; }
    std::uint8_t theirs() const { return white_to_move ? black : white; }
    Position after(const Move& m) const {
        Position p = *this;
        std::uint8_t& me = white_to_move ? p.white : p.black;
        std::uint8_t& them = white_to_move ? p.black : p.white;
        me = static_cast<std::uint8_t>((me & ~(1u << m.from)) | (1u << m.to));
        them = static_cast<std::uint8_t>(them & ~(1u << m.to));
        p.white_to_move = !white_to_move;
        return p;
    }
    // The colours swapped and the row reversed.
    Position flipped() const {
        const auto reversed = [](std::uint8_t b) {
            std::uint8_t r = 0;
            for (int s = 0; s < 8; ++s)
                if (b & (1u << s)) r = static_cast<std::uint8_t>(r | (1u << (7 - s)));
            return r;
        };
        return {reversed(black), reversed(white), !white_to_move};
    }
    friend bool operator==(const Position&, const Position&) = default;
};

inline std::vector<Move> legal_moves(const Position& p) {
    std::vector<Move> out;
    for (int s = 0; s < 8; ++s) {
        if (!(p.mine() & (1u << s))) continue;
        for (const int to : {s - 1, s + 1}) {
            if (to < 0 || to > 7 || (p.mine() & (1u << to))) continue;
            out.push_back({static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(to),
                           (p.theirs() & (1u << to)) != 0});
        }
    }
    return out;
}

struct Slice {
    std::uint8_t white = 0, black = 0;
    int tokens() const { return white + black; }
    // Build order: fewer tokens first.
    friend auto operator<=>(const Slice& a, const Slice& b) {
        if (auto c = a.tokens() <=> b.tokens(); c != 0) return c;
        if (auto c = a.white <=> b.white; c != 0) return c;
        return a.black <=> b.black;
    }
    friend bool operator==(const Slice&, const Slice&) = default;
};

inline Slice slice_of(const Position& p) {
    return {static_cast<std::uint8_t>(std::popcount(p.white)),
            static_cast<std::uint8_t>(std::popcount(p.black))};
}

struct Table {
    static constexpr std::uint64_t kHalf = 256 * 256;  // the slots of one side to move
    Slice slice;
    std::vector<Value> values = std::vector<Value>(2 * kHalf, kUnknown);

    explicit Table(Slice s) : slice(s) {}
    std::uint64_t id(const Position& p) const {
        return (p.white_to_move ? 0 : kHalf) + p.white * 256u + p.black;
    }
    std::optional<Position> position(std::uint64_t id) const {
        const auto white = static_cast<std::uint8_t>((id % kHalf) >> 8);
        const auto black = static_cast<std::uint8_t>(id % 256);
        const Position p{white, black, id < kHalf};
        if ((white & black) || !(slice_of(p) == slice)) return std::nullopt;
        return p;
    }
};

class Tables {
  public:
    void add(std::shared_ptr<const Table> t) { tables_[t->slice] = std::move(t); }
    const Table* find(const Slice& s) const {
        const auto it = tables_.find(s);
        return it == tables_.end() ? nullptr : it->second.get();
    }
    std::optional<Outcome> probe(const Position& p) const {
        const Table* t = find(slice_of(p));
        if (!t || t->values[t->id(p)] == kUnknown) return std::nullopt;
        return decode(t->values[t->id(p)]);
    }
    const std::map<Slice, std::shared_ptr<const Table>>& tables() const { return tables_; }

  private:
    std::map<Slice, std::shared_ptr<const Table>> tables_;
};

// The game's model of the concept: nothing else in tablebases/ knows about it.
struct ToyGame {
    using Position = toy::Position;
    using Move = toy::Move;
    using Slice = toy::Slice;
    using Table = toy::Table;
    using StoredTable = toy::Table;
    using Tables = toy::Tables;
    static constexpr bool kSharedSlots = false;

    static Slice slice_of(const Position& p) { return toy::slice_of(p); }
    static std::string name(const Slice& s) {
        return "W" + std::to_string(s.white) + "B" + std::to_string(s.black);
    }
    static std::vector<Slice> successors(const Slice& s) {
        std::vector<Slice> out;
        if (s.white) out.push_back({static_cast<std::uint8_t>(s.white - 1), s.black});
        if (s.black) out.push_back({s.white, static_cast<std::uint8_t>(s.black - 1)});
        return out;
    }
    static Slice mirror_slice(const Slice& s) { return {s.black, s.white}; }
    static bool lost_without_moves(const Position&) { return true; }
    static Table make_table(const Slice& s) { return Table(s); }
    static StoredTable finish(Table&& t, BuildStats*) { return std::move(t); }
    template <typename F>
    static void for_each_slot(const Table& t, std::uint64_t begin, std::uint64_t end, F&& f) {
        for (std::uint64_t id = begin; id != end; ++id) {
            const auto p = t.position(id);
            f(id, p ? &*p : nullptr);
        }
    }
    static Position settled_position(const Table& t, std::uint64_t id) { return *t.position(id); }
    static bool may_share_slots(const Table&, const Position&) { return false; }
    template <typename In, typename Exit>
    static void for_each_move(const Position& p, In&& in_slice, Exit&& exit) {
        for (const Move& m : toy::legal_moves(p)) {
            const Position child = p.after(m);
            if (m.capture)
                exit(child);
            else
                in_slice([&] { return child; });
        }
    }
    template <typename Exit>
    static int for_each_exit(const Position& p, Exit&& exit) {
        return exits_by_moves<ToyGame>(p, exit);
    }
    // The quiet moves taken back: the side that just moved steps a token back onto an empty
    // square.
    template <typename F>
    static void for_each_parent_slot(const Table& t, const Position& p, std::uint64_t, F&& f) {
        const std::uint8_t mover = p.white_to_move ? p.black : p.white;
        const std::uint8_t empty = static_cast<std::uint8_t>(~(p.white | p.black));
        for (int s = 0; s < 8; ++s) {
            if (!(mover & (1u << s))) continue;
            for (const int from : {s - 1, s + 1}) {
                if (from < 0 || from > 7 || !(empty & (1u << from))) continue;
                Position parent = p;
                std::uint8_t& moved = p.white_to_move ? parent.black : parent.white;
                moved = static_cast<std::uint8_t>((moved & ~(1u << s)) | (1u << from));
                parent.white_to_move = !p.white_to_move;
                f(t.id(parent), [parent] { return parent; });
            }
        }
    }

    static std::vector<Move> legal_moves(const Position& p) { return toy::legal_moves(p); }
    template <typename F>
    static void for_each_child(const Position& p, F&& f) {
        for (const Move& m : toy::legal_moves(p)) f(p.after(m));
    }
    static NoMoveRule no_move(const Position&) { return {Outcome::loss(0), "no-move-is-loss-0"}; }
    static Lookup lookup(const Tables& set, const Position& p) {
        const Table* t = set.find(toy::slice_of(p));
        if (!t) return {};
        const Value v = t->values[t->id(p)];
        if (v == kUnknown) return {Lookup::Status::NoValue};
        return {Lookup::Status::Valued, decode(v)};
    }
    static std::optional<Position> slot_position(const StoredTable& t, std::uint64_t id) {
        return t.position(id);
    }
    static bool legal_slot(const Position&) { return true; }
    // "W..B.... w": the row from square 0 (W a white token, B a black one), then the side to
    // move.
    static std::string fen(const Position& p) {
        std::string s;
        for (int q = 0; q < 8; ++q)
            s += (p.white & (1u << q)) ? 'W' : (p.black & (1u << q)) ? 'B' : '.';
        return s + (p.white_to_move ? " w" : " b");
    }
    static std::string diagram(const Position& p) {
        return "|" + fen(p).substr(0, 8) + "|\n" + (p.white_to_move ? "White" : "Black") +
               " to move\n";
    }
    static std::string move_name(const Position&, const Move& m) {
        return std::to_string(m.from) + (m.capture ? "x" : "-") + std::to_string(m.to);
    }
};

static_assert(TableGame<ToyGame>);

}  // namespace retrocheck::tb::toy

template <>
struct retrocheck::tb::GameOfTables<retrocheck::tb::toy::Tables> {
    using type = retrocheck::tb::toy::ToyGame;
};
