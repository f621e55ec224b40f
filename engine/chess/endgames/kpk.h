// King and pawn against king as a bitbase: one bit a position, set when the side with the pawn
// wins. It is made from a KPvK table (tablebases/chess/kpk_bitbase.h makes it from ours), so the
// evaluation's knowledge is the table's, in 64 KiB.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "engine/chess/position.h"
#include "engine/search/score.h"

namespace retrocheck::chess::endgames {

class KpkBitbase {
  public:
    // white_wins(pos) for every legal KPvK position with White's pawn, either side to move.
    static KpkBitbase from(const std::function<bool(const Position&)>& white_wins);

    // pos: a KPvK position with White's pawn.
    bool white_wins(const Position& pos) const;
    std::uint64_t wins() const;

  private:
    static std::size_t index(Color side, Square white_king, Square black_king, Square pawn) {
        return ((slot(side) * 64 + slot(white_king)) * 64 + slot(black_king)) * 64 + slot(pawn);
    }
    std::vector<std::uint64_t> bits_ = std::vector<std::uint64_t>(2 * 64 * 64);
};

// KPvK for the side to move: a known win (the further the pawn, the more) where the bitbase says
// the pawn wins, else a draw.
search::Score evaluate_kpk(const Position& pos, Color strong, const KpkBitbase& bitbase);

}  // namespace retrocheck::chess::endgames
