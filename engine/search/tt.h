// The transposition table: buckets of four 16-byte entries (one 64-byte cache line), sized in
// MiB (rounded down to a power of two of buckets).
//
// Replacement, within the bucket the key hashes to:
//   1. an entry with the same key is overwritten, unless it comes from the current search,
//      is deeper by more than 2 plies and the new entry is not exact;
//   2. otherwise an empty entry is used;
//   3. otherwise the entry with the least worth is replaced, worth being depth minus 8 per
//      search (generation) since it was written: old and shallow entries go first.
// Table values are stored at kTableDepth, deeper than any search, so they stay.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "engine/search/score.h"

namespace retrocheck::search {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTEntry {
    std::uint64_t key = 0;
    Score score = 0;             // relative to the node (to_tt)
    std::uint8_t depth = 0;      // remaining depth searched; kTableDepth for table values
    std::uint8_t gen_bound = 0;  // generation << 2 | bound
    std::uint8_t move = 0xFF;    // index of the best move in generation order; 0xFF none
    std::uint8_t pad = 0;

    Bound bound() const { return static_cast<Bound>(gen_bound & 3u); }
    std::uint8_t generation() const { return static_cast<std::uint8_t>(gen_bound >> 2); }
};
static_assert(sizeof(TTEntry) == 16);

inline constexpr std::uint8_t kTableDepth = 255;
inline constexpr std::uint8_t kNoMove = 0xFF;

class TranspositionTable {
  public:
    explicit TranspositionTable(std::size_t megabytes);

    // The entry for key, if the table holds one.
    std::optional<TTEntry> probe(std::uint64_t key) const;
    void store(std::uint64_t key, Score score, int depth, Bound bound, std::uint8_t move);

    // A new search: older entries lose worth.
    void new_search() { generation_ = static_cast<std::uint8_t>((generation_ + 1) & 63u); }
    void clear();
    std::size_t bytes() const { return buckets_ * sizeof(Bucket); }

  private:
    struct alignas(64) Bucket {
        TTEntry entries[4];
    };
    Bucket& bucket(std::uint64_t key) const { return table_[key & (buckets_ - 1)]; }

    std::size_t buckets_ = 0;
    std::unique_ptr<Bucket[]> table_;
    std::uint8_t generation_ = 0;
};

}  // namespace retrocheck::search
