// Cake's WLD database (../shared/formats/CAKE.md): pairs db<n>.idx / db<n>.cpr, one per piece
// count, both sides to move in a canonical orientation, capture positions undefined.
//
// As a TableSource it answers win, draw or loss (no distances) for positions where neither
// side has a capture, NotStored for the others, and Missing outside its coverage (a piece
// count without its pair, a slice the index lacks). Opening parses every index and walks every
// data slice once, so malformed indexes, truncated data files and block references out of
// range are refused with their file, line or offset before any probe.
#pragma once

#include <array>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/result.h"
#include "tablebases/formats/squares.h"
#include "tablebases/probe/source.h"

namespace retrocheck::tb::formats {

struct CakeSlice {
    // black men, black kings, white men, white kings, black and white leading ranks, colour
    // (0: Black to move, 1: White).
    std::array<int, 7> key{};
    bool uniform = true;
    char value = '=';  // uniform slices
    std::uint64_t first_block = 0, start_byte = 0;
    std::vector<std::uint64_t> block_indices;  // first index of each block after the first
    int line = 0;
};

Result<std::vector<CakeSlice>> parse_cake_index(std::string_view text, const std::string& file);

class CakeDatabase final : public TableSource {
  public:
    // Every db<n>.idx / db<n>.cpr pair in dir.
    static Result<std::shared_ptr<CakeDatabase>> open_directory(const std::filesystem::path& dir);

    // One pair from its files' contents (messages name them db<pieces>.idx / .cpr).
    static Result<std::shared_ptr<CakeDatabase>> from_bytes(int pieces, std::string_view index_text,
                                                            std::string data_bytes);

    ProbeResult probe(const checkers::Position& pos) const override;
    bool has_distance() const override { return false; }
    ProbeResult raw(const checkers::Position& pos) const;
    // The byte behind raw(pos): an error for uniform slices, which have none.
    Result<StoredByte> locate(const checkers::Position& pos) const;
    int max_pieces() const { return max_pieces_; }

  private:
    struct Loaded;
    struct Pair {
        std::filesystem::path cpr;
        std::string data;
        std::map<std::array<int, 7>, std::shared_ptr<Loaded>> slices;
    };
    CakeDatabase() = default;
    struct Found {
        const Pair* pair;
        const Loaded* slice;
        std::uint64_t index;
    };
    Result<Found> find(const checkers::Position& pos) const;
    Result<StoredByte> decode(const Found& f) const;
    static Result<Pair> pair_from_bytes(std::string_view text, std::string data,
                                        const std::filesystem::path& idx,
                                        const std::filesystem::path& cpr);
    // An error message, or "" when the pair's slices all have n pieces.
    std::string add(int n, Pair pair, const std::filesystem::path& idx);
    static Result<Pair> load_pair(const std::filesystem::path& idx,
                                  const std::filesystem::path& cpr);

    std::map<int, Pair> pairs_;  // by piece count
    int max_pieces_ = 0;
};

}  // namespace retrocheck::tb::formats
