// Tables in memory: the values of one slice (both sides to move) and a set of finished slices
// that a builder or a prober reads.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "engine/checkers/position.h"
#include "tablebases/checkers/index.h"
#include "tablebases/value.h"

namespace retrocheck::tb {

// A position's place in its slice's table: its index i, plus the index's size when White moves.
inline std::uint64_t table_id(const SliceIndex& index, checkers::Color side, std::uint64_t i) {
    return i + (side == checkers::Color::White ? index.size() : 0);
}
inline std::uint64_t table_id(const SliceIndex& index, const checkers::Position& pos) {
    return table_id(index, pos.side_to_move(), index.index(pos));
}

// Values of every position of a slice. Position i of the table is index i with Black to move,
// then index i with White to move (offset size()).
struct SliceTable {
    SliceIndex index;
    std::vector<Value> values;  // 2 * index.size()

    explicit SliceTable(Slice s) : index(s), values(2 * index.size(), kUnknown) {}

    std::uint64_t id(const checkers::Position& pos) const { return table_id(index, pos); }
    checkers::Position position(std::uint64_t id) const {
        const bool white = id >= index.size();
        return index.position(white ? id - index.size() : id,
                              white ? checkers::Color::White : checkers::Color::Black);
    }
};

class TableSet {
  public:
    TableSet() : by_key_(kKeys, nullptr) {}

    void add(std::shared_ptr<const SliceTable> table) {
        const Slice s = table->index.slice();
        by_key_[key(s)] = table.get();
        tables_[s] = std::move(table);
    }
    void remove(Slice s) {
        by_key_[key(s)] = nullptr;
        tables_.erase(s);
    }
    const SliceTable* find(Slice s) const { return by_key_[key(s)]; }
    // The value of pos, or nothing when its slice is not in the set.
    std::optional<Outcome> probe(const checkers::Position& pos) const {
        const SliceTable* t = find(slice_of(pos));
        if (!t) return std::nullopt;
        return decode(t->values[t->id(pos)]);
    }
    const std::map<Slice, std::shared_ptr<const SliceTable>>& tables() const { return tables_; }

  private:
    // Each count is 0..12, so a slice is a four-digit number in base 13: probes look a table up
    // by that number instead of searching the map.
    static constexpr std::size_t kKeys = 13 * 13 * 13 * 13;
    static std::size_t key(Slice s) {
        return ((std::size_t{s.black_men} * 13 + s.black_kings) * 13 + s.white_men) * 13 +
               s.white_kings;
    }
    std::map<Slice, std::shared_ptr<const SliceTable>> tables_;
    std::vector<const SliceTable*> by_key_;
};

}  // namespace retrocheck::tb
