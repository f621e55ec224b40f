// Where positions' values lie in a set of checkers tables (CheckersGame::locate), with a memory
// of the men it ranked last. A position's index is its men's part and its kings' (index.h);
// consecutive slots of a walk differ in their kings only, and so do their mirrors and the
// children their men's steps make, so most lookups find their men's part remembered and rank
// the kings alone. One a thread: the verifier's batches each keep their own.
#pragma once

#include <array>
#include <cstdint>

#include "engine/checkers/movegen_impl.h"
#include "engine/checkers/position.h"
#include "tablebases/checkers/table.h"
#include "tablebases/value.h"

namespace retrocheck::tb {

class SlotLocator {
  public:
    // The slot of p, nullptr when its slice is not in the set: locate()'s answer.
    const Value* operator()(const TableSet& set, const checkers::Position& p) {
        return slot(entry(set, p), p);
    }

    // f(slot) for each child of p (a position of the set), in for_each_child's order: a king's
    // step is ranked from p's men part, every other child as operator() ranks it.
    template <typename F>
    void children(const TableSet& set, const checkers::Position& p, F&& f) {
        const Entry parent = entry(set, p);  // a copy: the children's lookups may replace it
        const auto each = [&](const checkers::Position& c) {
            const bool king_step = c.men(checkers::Color::Black) == parent.black &&
                                   c.men(checkers::Color::White) == parent.white &&
                                   kings_of(c) == parent.kings;
            f(king_step ? slot(parent, c) : (*this)(set, c));
        };
        if (p.side_to_move() == checkers::Color::Black)
            checkers::detail::for_each_child<checkers::Color::Black>(p, each);
        else
            checkers::detail::for_each_child<checkers::Color::White>(p, each);
    }

  private:
    struct Entry {
        const TableSet* set = nullptr;
        checkers::Bitboard black = 0, white = 0;
        int kings = -1;  // the kings' counts, Black's << 8 | White's
        const SliceTable* table = nullptr;
        SliceIndex::MenPart men{};
    };

    static int kings_of(const checkers::Position& p) {
        return checkers::popcount(p.kings(checkers::Color::Black)) << 8 |
               checkers::popcount(p.kings(checkers::Color::White));
    }

    // The remembered men's part of p's men (and its table), ranked now if it is not there.
    const Entry& entry(const TableSet& set, const checkers::Position& p) {
        const checkers::Bitboard black = p.men(checkers::Color::Black);
        const checkers::Bitboard white = p.men(checkers::Color::White);
        const int kings = kings_of(p);
        const std::uint32_t hash =
            (black * 0x9E3779B1u) ^ (white * 0x85EBCA77u) ^ static_cast<std::uint32_t>(kings);
        Entry& e = memo_[hash >> (32 - kBits)];
        if (e.set != &set || e.black != black || e.white != white || e.kings != kings) {
            e.set = &set;
            e.black = black;
            e.white = white;
            e.kings = kings;
            e.table = set.find(slice_of(p));
            if (e.table) e.men = e.table->index.men_part(p);
        }
        return e;
    }

    // p's slot, p having e's men.
    static const Value* slot(const Entry& e, const checkers::Position& p) {
        if (!e.table) return nullptr;
        const SliceIndex& index = e.table->index;
        return &e.table->values[table_id(
            index, p.side_to_move(),
            index.index(e.men, p.kings(checkers::Color::Black), p.kings(checkers::Color::White)))];
    }

    static constexpr int kBits = 6;
    std::array<Entry, std::size_t{1} << kBits> memo_{};
};

}  // namespace retrocheck::tb
