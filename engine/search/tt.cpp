#include "engine/search/tt.h"

#include <algorithm>
#include <bit>

namespace retrocheck::search {

TranspositionTable::TranspositionTable(std::size_t megabytes) {
    const std::size_t wanted = std::max<std::size_t>(megabytes, 1) * 1024 * 1024 / sizeof(Bucket);
    buckets_ = std::bit_floor(wanted);
    table_ = std::make_unique<Bucket[]>(buckets_);
}

void TranspositionTable::clear() {
    for (std::size_t i = 0; i < buckets_; ++i) table_[i] = Bucket{};
    generation_ = 0;
}

std::optional<TTEntry> TranspositionTable::probe(std::uint64_t key) const {
    // Key 0 is the empty entry's: such a position is simply never found.
    if (key == 0) return std::nullopt;
    for (const TTEntry& e : bucket(key).entries)
        if (e.key == key) return e;
    return std::nullopt;
}

void TranspositionTable::store(std::uint64_t key, Score score, int depth, Bound bound,
                               std::uint8_t move) {
    if (key == 0) return;
    Bucket& b = bucket(key);
    const auto worth = [this](const TTEntry& e) {
        const int age = (generation_ - e.generation()) & 63;
        return int{e.depth} - 8 * age;
    };
    TTEntry* victim = nullptr;
    for (TTEntry& e : b.entries) {
        if (e.key == key) {
            const bool keep_old =
                e.generation() == generation_ && e.depth > depth + 2 && bound != Bound::Exact;
            if (keep_old) return;
            if (move == kNoMove) move = e.move;  // keep a known best move
            victim = &e;
            break;
        }
    }
    if (!victim)
        for (TTEntry& e : b.entries)
            if (e.key == 0) {
                victim = &e;
                break;
            }
    if (!victim) {
        victim = &b.entries[0];
        for (TTEntry& e : b.entries)
            if (worth(e) < worth(*victim)) victim = &e;
    }
    victim->key = key;
    victim->score = score;
    victim->depth = static_cast<std::uint8_t>(depth);
    victim->gen_bound = static_cast<std::uint8_t>(generation_ << 2 | static_cast<unsigned>(bound));
    victim->move = move;
}

}  // namespace retrocheck::search
