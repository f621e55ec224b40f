// A chess material: how many queens, rooks, bishops, knights and pawns each side has beside its
// king ("KQvKR"). Captures lead to materials with fewer pieces and promotions to materials with
// fewer pawns, so building in order of (pieces, pawns) ascending finds every material a move can
// lead to already finished.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/position.h"
#include "engine/core/result.h"

namespace retrocheck::tb::chess {

using retrocheck::chess::Color;
using retrocheck::chess::PieceType;

struct Material {
    // [colour][Queen, Rook, Bishop, Knight, Pawn]
    std::array<std::array<std::uint8_t, 5>, 2> count{};

    // White's pieces, then Black's, each side's king first, in Syzygy's spelling ("KQvKR"),
    // Gaviota's ("kqkr") or plain ("KQKR").
    static Result<Material> parse(std::string_view text);
    // A comma-separated list of them ("KQRvKR, KPvK").
    static Result<std::vector<Material>> parse_list(std::string_view text);
    static Material of(const retrocheck::chess::Position& pos);

    int pieces() const;  // kings included
    int pawns() const;
    std::string name() const;
    Material flipped() const { return {{count[1], count[0]}}; }
    // The colouring a table of this material or its colour flip is built, stored and named by,
    // Syzygy's: the side with more pieces, then the one whose pieces (in Q R B N P order) are
    // stronger, is White. A material and its flip have one table; the other is read through it.
    Material canonical() const;
    bool is_canonical() const { return canonical() == *this; }
    // The materials one move leads to: a capture, a promotion (to any of the four), or both.
    std::vector<Material> successors() const;

    // Build order: fewer pieces first, then fewer pawns, then by name.
    friend std::strong_ordering operator<=>(const Material& a, const Material& b);
    friend bool operator==(const Material& a, const Material& b) = default;
};

// Every material with 3 to max_pieces pieces (KvK is always a draw), in build order: both
// colourings of each (the indexes are checked on every one).
std::vector<Material> materials_up_to(int max_pieces);
// The tables those are read through: each material's canonical colouring once, in build order.
std::vector<Material> canonical_materials(const std::vector<Material>& materials);

}  // namespace retrocheck::tb::chess
