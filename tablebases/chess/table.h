// Chess tables in memory: the values of one material (both sides to move) and a set of finished
// materials that a builder, a verifier or a prober reads, for either metric (metric.h): DTM
// tables hold a WideValue a slot (value.h), DTZ50 tables a 16-bit code (dtz.h).
//
// Slot i of a material's table is index slot i with White to move, then (offset size()) with
// Black to move. A slot that holds no legal position (broken in the index, or the side not to
// move in check) holds the metric's kUnknown (kNoPosition for DTM).
#pragma once

#include <bit>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "engine/chess/position.h"
#include "engine/core/outcome.h"
#include "tablebases/build/metric.h"
#include "tablebases/chess/index.h"
#include "tablebases/chess/material.h"
#include "tablebases/value.h"

namespace retrocheck::tb::chess {

// A chess DTM slot: the plies to mate, a draw or a slot without a position (value.h).
using ChessValue = WideValue;
// In a finished chess table: a slot without a position. (While a table builds, the same code
// means "not settled yet", kUnknown.)
inline constexpr ChessValue kNoPosition = kUnknownOf<ChessValue>;

// A position's slot in its material's table.
inline std::uint64_t table_id(const MaterialIndex& index, const retrocheck::chess::Position& pos) {
    return index.index(pos) + (pos.side_to_move() == Color::White ? 0 : index.size());
}

// Whether an index slot's position is legal: the side not to move is not in check (the index
// already keeps the kings apart and pawns off the first and last ranks).
bool legal_slot(const retrocheck::chess::Position& pos);
// legal_slot() as MaterialIndex::for_each_position's filter: the slots of one prefix differ in
// the last piece alone, so what the others do to the waiting king is worked out once.
class LegalSlots {
  public:
    // The pieces but the last (`last`, still to be placed).
    void prefix(const retrocheck::chess::Position& pos, retrocheck::chess::Piece last);
    // legal_slot() of the prefix's position with the last piece on the empty square `at`.
    bool with(retrocheck::chess::Square at) const {
        return (blocks_ & retrocheck::chess::bit(at)) && !(checks_ & retrocheck::chess::bit(at));
    }
    bool whole(const retrocheck::chess::Position& pos) const { return legal_slot(pos); }

  private:
    // Where the last piece must stand to block the one check the others give (every square
    // without one, none with a check it cannot block), and where it would give check itself.
    retrocheck::chess::Bitboard blocks_ = 0, checks_ = 0;
};

template <typename Metric>
struct MaterialTableOf {
    using Code = typename Metric::Code;
    MaterialIndex index;
    std::vector<Code> values;  // 2 * index.size()

    explicit MaterialTableOf(Material m) : index(m), values(2 * index.size(), Metric::kUnknown) {}
    // values must hold 2 * index.size() codes.
    MaterialTableOf(Material m, std::vector<Code> v) : index(m), values(std::move(v)) {}

    const Material& material() const { return index.material(); }
    std::uint64_t id(const retrocheck::chess::Position& pos) const { return table_id(index, pos); }
    // The position of slot id, or nothing for a broken slot (the side not to move may be in
    // check: values say kNoPosition there).
    std::optional<retrocheck::chess::Position> position(std::uint64_t id) const {
        const bool black = id >= index.size();
        return index.position(black ? id - index.size() : id, black ? Color::Black : Color::White);
    }
};
using MaterialTable = MaterialTableOf<WideDtmMetric>;

// A 40-bit number for a material, a nibble a count in Material::count order, the first the
// most significant (for hashing, and in our files' headers): the position's own key
// (engine/chess/material_key.h), and back.
std::uint64_t material_key(const Material& m);
// material_key(Material::of(pos)), kept by the position (the probes' hot path).
inline std::uint64_t material_key(const retrocheck::chess::Position& pos) {
    return pos.material_key();
}
Material material_of_key(std::uint64_t key);

// Finished tables of one metric by material.
template <typename Table>
class TableSetOf {
  public:
    void add(std::shared_ptr<const Table> table) {
        const Material m = table->material();
        const Table* added = table.get();
        tables_[m] = std::move(table);
        if (2 * tables_.size() > slots_.size())
            rehash();
        else
            place(added);
    }
    void remove(const Material& m) {
        tables_.erase(m);
        rehash();
    }
    const Table* find(const Material& m) const { return find_key(material_key(m)); }
    // The table of pos's material.
    const Table* find(const retrocheck::chess::Position& pos) const {
        return find_key(material_key(pos));
    }
    const std::map<Material, std::shared_ptr<const Table>>& tables() const { return tables_; }

    // The code pos's slot holds (its en passant right ignored), read through the colour flip's
    // table when its material has none: the flipped position has the same value. Nothing when
    // neither is in the set.
    std::optional<typename Table::Code> stored_code(const retrocheck::chess::Position& pos) const {
        const std::uint64_t key = material_key(pos);
        if (const Table* t = find_key(key)) return t->values[t->id(pos)];
        // The flip's key first: a set without it (a build's group of successors) answers
        // without building the flipped position.
        const Table* t = find_key(retrocheck::chess::colours_swapped(key));
        if (!t) return std::nullopt;
        const retrocheck::chess::Position flipped = pos.flipped();
        return t->values[t->id(flipped)];
    }

  protected:
    const Table* find_key(std::uint64_t key) const { return slots_[slot_of(key)].table; }

  private:
    // Open addressing by material key, linear probing: a verifier or builder looks up a table for
    // every child of every position, and a hash map's lookup was a quarter of a verify's time.
    struct Slot {
        std::uint64_t key = kEmpty;
        const Table* table = nullptr;
    };
    static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};  // no material has this key
    // The slot holding key, or the empty one where it would go.
    std::size_t slot_of(std::uint64_t key) const {
        const std::size_t mask = slots_.size() - 1;
        std::size_t i = (key * 0x9E3779B97F4A7C15ULL) >> shift_;
        while (slots_[i].key != key && slots_[i].key != kEmpty) i = (i + 1) & mask;
        return i;
    }
    void place(const Table* table) {
        const std::uint64_t key = material_key(table->material());
        slots_[slot_of(key)] = {key, table};
    }
    void rehash() {
        std::size_t size = 16;
        while (size < 2 * tables_.size()) size *= 2;
        slots_.assign(size, Slot{});
        shift_ = 64 - std::countr_zero(size);
        for (const auto& entry : tables_) place(entry.second.get());
    }

    std::map<Material, std::shared_ptr<const Table>> tables_;
    std::vector<Slot> slots_ = std::vector<Slot>(16);  // a power of two, at most half full
    int shift_ = 60;                                   // 64 - log2(slots_.size())
};

class MaterialTableSet : public TableSetOf<MaterialTable> {
  public:
    // The value of a legal position without castling rights, or nothing when neither its
    // material nor its colour flip is in the set. A position with an en passant right is valued by
    // its own moves: the better of its stored value and its en passant captures (only the captures
    // when the stored position has no other move). KvK is a draw without a table.
    std::optional<Outcome> probe(const retrocheck::chess::Position& pos) const;
    // The stored value of pos's slot (its en passant right ignored), or nothing when neither its
    // material nor its colour flip is in the set.
    std::optional<Outcome> probe_stored(const retrocheck::chess::Position& pos) const;
};

}  // namespace retrocheck::tb::chess
