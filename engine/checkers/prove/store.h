// The prover's store: what df-pn knows of each position it met, in one open-addressing table
// (linear probing, 48 bytes a position) keyed by the whole position, so a hash collision never
// mixes two positions up.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/checkers/position.h"
#include "engine/checkers/prove/proof_number.h"

namespace retrocheck::checkers::prove {

struct StoredNode {
    ProofNumber pn = 1, dn = 1;
    // A disproof resting on repetitions of its last anchor_depth ancestors (-1: on none), whose
    // positions hash to anchor_key.
    std::uint64_t anchor_key = 0;
    std::uint32_t work = 0;  // nodes spent below it (saturating), for garbage collection
    std::int16_t anchor_depth = -1;
    std::int16_t path_ply = -1;  // its ply while it is on the search's current path
    bool proven() const { return pn == 0; }
    bool disproven() const { return dn == 0; }
    bool solved() const { return pn == 0 || dn == 0; }
};

class ProofStore {
  public:
    // At most 70% of the slots are used: a store for n positions takes 48 bytes times
    // slots_for(n), the power of two at least n / 0.7.
    static constexpr std::size_t kBytesPerSlot = 48;
    static std::size_t slots_for(std::size_t positions);

    ProofStore();

    // The node of pos (hash: pos.hash()), or null.
    StoredNode* find(const Position& pos, std::uint64_t hash);
    const StoredNode* find(const Position& pos, std::uint64_t hash) const;
    // The node of pos, added with default numbers when absent. A pointer stays valid until the
    // next insert or retain.
    StoredNode& insert(const Position& pos, std::uint64_t hash);

    std::size_t size() const { return size_; }
    // Keeps the nodes keep(pos, node) says to keep, drops the rest.
    template <typename Keep>
    void retain(const Keep& keep) {
        std::vector<Slot> old;
        old.swap(slots_);
        slots_.assign(old.size(), Slot{});
        size_ = 0;
        for (const Slot& s : old)
            if (s.used && keep(s.position(), s.node))
                insert(s.position(), s.position().hash()) = s.node;
    }
    template <typename F>
    void for_each(const F& f) const {
        for (const Slot& s : slots_)
            if (s.used) f(s.position(), s.node);
    }

  private:
    struct Slot {
        std::uint32_t black = 0, white = 0, kings = 0;
        std::uint8_t side = 0, used = 0;
        StoredNode node;
        Position position() const {
            return Position::from_bitboards(black, white, kings, static_cast<Color>(side));
        }
        bool holds(const Position& p) const {
            return used && black == p.pieces(Color::Black) && white == p.pieces(Color::White) &&
                   kings == p.kings() && side == static_cast<std::uint8_t>(p.side_to_move());
        }
    };
    void grow();

    std::vector<Slot> slots_;
    std::size_t size_ = 0;
};
static_assert(sizeof(StoredNode) == 32);

}  // namespace retrocheck::checkers::prove
