#include "engine/checkers/prove/store.h"

namespace retrocheck::checkers::prove {

namespace {
constexpr std::size_t kFirstSlots = std::size_t{1} << 12;
}

std::size_t ProofStore::slots_for(std::size_t positions) {
    std::size_t slots = kFirstSlots;
    while (slots * 7 < positions * 10) slots *= 2;
    return slots;
}

ProofStore::ProofStore() : slots_(kFirstSlots) { static_assert(sizeof(Slot) == kBytesPerSlot); }

const StoredNode* ProofStore::find(const Position& pos, std::uint64_t hash) const {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        const Slot& s = slots_[i];
        if (!s.used) return nullptr;
        if (s.holds(pos)) return &s.node;
    }
}

StoredNode* ProofStore::find(const Position& pos, std::uint64_t hash) {
    return const_cast<StoredNode*>(static_cast<const ProofStore&>(*this).find(pos, hash));
}

StoredNode& ProofStore::insert(const Position& pos, std::uint64_t hash) {
    if ((size_ + 1) * 10 > slots_.size() * 7) grow();
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        Slot& s = slots_[i];
        if (s.holds(pos)) return s.node;
        if (s.used) continue;
        s.black = pos.pieces(Color::Black);
        s.white = pos.pieces(Color::White);
        s.kings = pos.kings();
        s.side = static_cast<std::uint8_t>(pos.side_to_move());
        s.used = 1;
        s.node = StoredNode{};
        ++size_;
        return s.node;
    }
}

void ProofStore::grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    size_ = 0;
    for (const Slot& s : old)
        if (s.used) insert(s.position(), s.position().hash()) = s.node;
}

}  // namespace retrocheck::checkers::prove
