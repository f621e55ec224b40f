// What both plain chess oracles (value_iteration.h: DTM; dtz50.h: Syzygy's DTZ under the
// 50-move rule) solve over: every placement of a material's pieces on the 64 squares, both sides
// to move, with no symmetry and no retrograde move; and each position's legal moves, generated
// once, as a graph a sweep only reads. The oracles keep this index apart from the tablebases' (a
// shared mistake would pass both).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/position.h"

namespace retrocheck::oracle::chess {

using retrocheck::chess::Piece;
using retrocheck::chess::Position;
using retrocheck::chess::Square;

// "KQvKR": White's pieces, 'v', Black's; kings first, then Q R B N P. Throws on a bad name.
std::vector<Piece> pieces_of(std::string_view material);
std::string material_of(std::vector<Piece> pieces);
// Every material one move can lead to: a capture, a promotion, or both.
std::set<std::string> successors(const std::vector<Piece>& pieces);

std::size_t power64(std::size_t n);
// The slots of a material: 2 * 64^pieces ([side * 64^n + sum of square_i * 64^i]).
inline std::size_t slots(const std::vector<Piece>& pieces) { return 2 * power64(pieces.size()); }
// The position a slot stands for, or nothing when it is not one: two pieces on a square,
// identical pieces out of order (each position has one slot), a pawn on rank 1 or 8, the side
// not to move in check.
std::optional<Position> decode(const std::vector<Piece>& pieces, std::size_t slot);
// The slot of a position of this material (its en passant right ignored).
std::size_t encode(const std::vector<Piece>& pieces, const Position& pos);
// The 8 symmetries of the square (k 0-7: bit 0 mirrors files, bit 1 ranks, bit 2 the diagonal).
Square transform(Square s, int k);

// One legal move: to a slot of this material (its value read afresh at every sweep), to an
// en passant node (a child with an en passant right, valued through its own moves: CHESS.md),
// or to a child in a finished material, whose value the oracle put in the payload. `zeroing`:
// a capture or a pawn move (a promotion and every move out of the material are both).
struct Edge {
    enum Kind : std::uint32_t { Slot = 0, EnPassant = 1, Fixed = 2 };
    std::uint32_t bits = 0;
    static Edge make(Kind k, bool zeroing, std::uint32_t payload) {
        return {static_cast<std::uint32_t>(k) << 30 | (zeroing ? 1u << 29 : 0u) | payload};
    }
    Kind kind() const { return static_cast<Kind>(bits >> 30); }
    bool zeroing() const { return bits >> 29 & 1u; }
    std::uint32_t payload() const { return bits & ((1u << 29) - 1); }
};

struct Node {
    std::uint32_t slot = 0;            // a legal position's; unused for an en passant node
    std::uint32_t begin = 0, end = 0;  // its edges
    bool in_check = false;
};

// The legal positions of a range of slots and their moves.
struct MoveGraph {
    std::vector<Node> nodes;       // the range's legal positions, by slot
    std::vector<Node> en_passant;  // their children with an en passant right
    std::vector<Edge> edges;
};

struct GraphOptions {
    bool queen_only = false;  // promote to a queen only (a deliberately wrong rule, for tests)
};

// The graphs of every slot of the material, in ranges of 2^14 slots, built in parallel.
// `fixed(child)` gives the payload of a move to a finished material.
std::vector<MoveGraph> move_graphs(const std::vector<Piece>& pieces,
                                   const std::function<std::uint32_t(const Position&)>& fixed,
                                   GraphOptions options = {});
inline constexpr std::size_t kGraphRange = std::size_t{1} << 14;

}  // namespace retrocheck::oracle::chess
