// Endgame knowledge dispatched by material key: one lookup in the registry picks the specialised
// evaluator of a position's material, so knowledge costs one hash probe and nothing elsewhere.
// The registry is filled by registering one evaluator per signature ("KRvK": the stronger side
// first); each is found for both colourings.
#pragma once

#include <functional>
#include <memory>
#include <string_view>
#include <unordered_map>

#include "engine/chess/material_key.h"
#include "engine/chess/position.h"
#include "engine/search/score.h"

namespace retrocheck::chess::endgames {

class KpkBitbase;

// The value of a won ending the evaluation knows to be won: above any material balance the
// general evaluation gives, well below every exact score (search/score.h).
inline constexpr search::Score kKnownWin = 10'000;

// A specialised evaluation: the score for the side to move, given which side is the stronger
// (the one the signature names first).
using Evaluator = std::function<search::Score(const Position& pos, Color strong)>;

class Registry {
  public:
    // Registers f for the signature's material and its colour flip. The signature must be a
    // material name (material_key.h) and not registered yet.
    void add(std::string_view signature, Evaluator f);

    struct Entry {
        Evaluator evaluate;
        Color strong = Color::White;
    };
    // The evaluator of the material, or null.
    const Entry* find(MaterialKey key) const {
        const auto it = entries_.find(key);
        return it == entries_.end() ? nullptr : &it->second;
    }
    std::size_t size() const { return entries_.size(); }

    // KRvK, KQvK (drive the king to the edge and mate), KBNvK (to a corner of the bishop's
    // colour), KBvK, KNvK and KNNvK (drawn), and KPvK when a bitbase is given.
    static Registry standard(std::shared_ptr<const KpkBitbase> kpk = nullptr);

  private:
    std::unordered_map<MaterialKey, Entry> entries_;
};

}  // namespace retrocheck::chess::endgames
