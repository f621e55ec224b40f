// Zobrist keys: one per piece and square, one for Black to move, one per castling-rights set
// and one per en passant file. Fixed at compile time, so hashes are the same in every run.
#pragma once

#include <array>
#include <cstdint>

#include "engine/chess/types.h"

namespace retrocheck::chess::zobrist {

struct Keys {
    std::array<std::array<std::uint64_t, kSquares>, 12> piece{};  // [colour * 6 + type][square]
    std::uint64_t black_to_move = 0;
    std::array<std::uint64_t, 16> castling{};
    std::array<std::uint64_t, 8> en_passant{};  // by file
};

constexpr Keys make_keys() {
    Keys k;
    std::uint64_t s = 0x2545F4914F6CDD1Dull;
    auto next = [&s] {  // splitmix64
        s += 0x9E3779B97F4A7C15ull;
        std::uint64_t z = s;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    };
    for (auto& row : k.piece)
        for (auto& key : row) key = next();
    k.black_to_move = next();
    for (auto& key : k.castling) key = next();
    k.castling[0] = 0;
    for (auto& key : k.en_passant) key = next();
    return k;
}

inline constexpr Keys kKeys = make_keys();

constexpr std::uint64_t piece(Piece p, Square s) {
    return kKeys.piece[static_cast<std::size_t>(index_of(p.color) * 6 + index_of(p.type))]
                      [static_cast<std::size_t>(index_of(s))];
}

}  // namespace retrocheck::chess::zobrist
