// Tables in memory: the values of one slice (both sides to move) and a set of finished slices
// that a builder or a prober reads.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "engine/checkers/position.h"
#include "tablebases/index.h"
#include "tablebases/value.h"

namespace retrocheck::tb {

// Values of every position of a slice. Position i of the table is index i with Black to move,
// then index i with White to move (offset size()).
struct SliceTable {
    SliceIndex index;
    std::vector<Value> values;  // 2 * index.size()

    explicit SliceTable(Slice s) : index(s), values(2 * index.size(), kUnknown) {}

    std::uint64_t id(const checkers::Position& pos) const {
        return index.index(pos) + (pos.side_to_move() == checkers::Color::White ? index.size() : 0);
    }
    checkers::Position position(std::uint64_t id) const {
        const bool white = id >= index.size();
        return index.position(white ? id - index.size() : id,
                              white ? checkers::Color::White : checkers::Color::Black);
    }
};

class TableSet {
  public:
    void add(std::shared_ptr<const SliceTable> table) {
        tables_[table->index.slice()] = std::move(table);
    }
    const SliceTable* find(Slice s) const {
        const auto it = tables_.find(s);
        return it == tables_.end() ? nullptr : it->second.get();
    }
    // The value of pos, or nothing when its slice is not in the set.
    std::optional<Outcome> probe(const checkers::Position& pos) const {
        const SliceTable* t = find(slice_of(pos));
        if (!t) return std::nullopt;
        return decode(t->values[t->id(pos)]);
    }
    const std::map<Slice, std::shared_ptr<const SliceTable>>& tables() const { return tables_; }

  private:
    std::map<Slice, std::shared_ptr<const SliceTable>> tables_;
};

}  // namespace retrocheck::tb
