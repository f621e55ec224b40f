// A deliberately plain chess DTM solver, the reference the chess tablebase builders will be
// checked against: no index and no symmetry (a material's table is every placement of its
// pieces on the 64 squares, both sides to move), no retrograde moves, only forward moves and
// value iteration in sweeps of one ply. Sweep k assigns exactly the values k: a win in k (k
// odd) has a child lost in k-1, a loss in k (k even) has only won children, the longest k-1.
// So no position ever keeps a longer mate than it has (the seeds' first-pass bug), whatever
// the distances of the captures and promotions that leave the material. Each position's legal
// moves are generated once, before the sweeps (a child's slot, or the value of a child in a
// finished material); a sweep then only reads values.
//
// Tables model no castling, no en passant right, no 50-move rule and no repetition (CHESS.md).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/position.h"

namespace retrocheck::oracle::chess {

// DTM in plies (odd: the side to move wins, even: it loses; 0 is checkmate), or these.
inline constexpr std::uint8_t kDraw = 255;
inline constexpr std::uint8_t kIllegal = 254;

struct SideStats {
    std::uint64_t wins = 0, draws = 0, losses = 0;
    int longest_win = 0;              // plies, 0 when there is no win
    std::uint64_t longest_count = 0;  // positions with that longest win
    std::string longest_fen;          // one of them
};

struct MaterialStats {
    SideStats side[2];  // [0] White to move, [1] Black to move
};

struct SolveOptions {
    bool queen_only = false;  // promote to a queen only (a deliberately wrong rule, for tests)
};

class ValueIteration {
  public:
    // Solves `material` ("KQvK", "KPvK": White's pieces, 'v', Black's; kings first, then
    // Q R B N P) and, first, every material a capture or promotion leads to.
    explicit ValueIteration(std::string_view material, SolveOptions options = {});

    // The value of a legal position without castling rights whose material was solved; the
    // en passant right is ignored.
    std::optional<std::uint8_t> value(const retrocheck::chess::Position& pos) const;

    // The materials solved: the one asked for and every one a move leads to, recursively.
    std::vector<std::string> materials() const;

    // Legal positions counted once per symmetry class (8 without pawns, the file mirror with
    // them: CHESS.md's convention) or, with by_class false, every placement.
    MaterialStats stats(std::string_view material, bool by_class) const;

    struct Table {
        std::vector<retrocheck::chess::Piece> pieces;  // the material's order
        std::vector<std::uint8_t> values;              // [side * 64^n + sum of square_i * 64^i]
    };

  private:
    const Table& solve(const std::string& material);
    SolveOptions options_;
    std::map<std::string, Table> tables_;
};

}  // namespace retrocheck::oracle::chess
