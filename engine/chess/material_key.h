// A material key: how many pieces of each colour and type (kings aside) a position holds,
// packed four bits a count, ten counts, the most significant first: White's queens, rooks,
// bishops, knights and pawns, then Black's. It is exact (two materials never share a key), kept
// incrementally by the position as pieces come and go, and is the one key by which endgame
// knowledge (endgames/registry.h) and tables (our files' headers, tablebases/chess/table.h) are
// found.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/chess/types.h"

namespace retrocheck::chess {

using MaterialKey = std::uint64_t;

inline constexpr int kMaterialKeyBits = 40;  // ten counts of four bits

// The bit where the count of c's pieces of type t (not a king) starts.
constexpr int material_shift(Color c, PieceType t) {
    // Queen, rook, bishop, knight, pawn: 0..4 from the most significant nibble of a side.
    const int order = t == PieceType::Pawn ? 4 : 4 - index_of(t);
    return 4 * (9 - (5 * index_of(c) + order));
}

// What one piece adds to the key (kings add nothing).
constexpr MaterialKey material_unit(Piece p) {
    if (p.type == PieceType::King) return 0;
    return MaterialKey{1} << material_shift(p.color, p.type);
}

constexpr int count_of(MaterialKey k, Color c, PieceType t) {
    if (t == PieceType::King) return 1;
    return static_cast<int>(k >> material_shift(c, t) & 15u);
}

// The key with the colours swapped.
constexpr MaterialKey colours_swapped(MaterialKey k) {
    constexpr MaterialKey kSide = (MaterialKey{1} << 20) - 1;
    return (k & kSide) << 20 | (k >> 20 & kSide);
}
static_assert(material_shift(Color::White, PieceType::Queen) == 36);
static_assert(material_shift(Color::Black, PieceType::Pawn) == 0);

// The key of a material named as Position::material() writes it ("KRvK", "KBNvK", "KPvKR"): the
// first side White's. Nothing when the name is not such a material (each side a king first, then
// Q R B N P letters, no count above 15).
std::optional<MaterialKey> material_key_of(std::string_view name);

// "KRvK" for the key (White's side first), as Position::material() would write it.
std::string material_name(MaterialKey k);

}  // namespace retrocheck::chess
