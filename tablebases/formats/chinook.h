// Chinook's WLD database (../shared/formats/CHINOOK.md): an ASCII index of slices and a data
// file of 1024-byte blocks, Black to move only, capture positions undefined.
//
// As a TableSource it answers win, draw or loss (no distances) for positions where neither
// side has a capture, NotStored for the others, and Missing outside its coverage (2 to its
// largest piece count, at least one piece a side). Opening parses and checks the index and
// walks every data slice once, so a malformed index, a truncated data file or a block
// reference out of range is refused with its file, line or offset before any probe.
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

struct ChinookSlice {
    // Header digits: black kings, white kings, black men, white men, black and white leading
    // ranks (BASE<bk><wk><bm><wm>.<rb><rw>).
    std::array<int, 6> key{};
    char value = '=';  // the uniform value, or the dominant one of a data slice
    bool uniform = true;
    // Data slices: (first index, file offset) for the start and each further block, then the
    // end (E line): index covered and exclusive end offset.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> blocks;
    std::uint64_t end_index = 0, end_offset = 0;
    int line = 0;  // of the header in the index file
};

// Parses an index file's text; errors name `file` and the line.
Result<std::vector<ChinookSlice>> parse_chinook_index(std::string_view text,
                                                      const std::string& file);

class ChinookDatabase final : public TableSource {
  public:
    // `data` and `data`.idx.
    static Result<std::shared_ptr<ChinookDatabase>> open(const std::filesystem::path& data);
    // The same from the files' contents (data names the data file in messages).
    static Result<std::shared_ptr<ChinookDatabase>> from_bytes(std::string_view index_text,
                                                               std::string data_bytes,
                                                               const std::filesystem::path& data);
    // The one data file in dir that has a .idx beside it.
    static Result<std::shared_ptr<ChinookDatabase>> open_directory(
        const std::filesystem::path& dir);

    ProbeResult probe(const checkers::Position& pos) const override;
    bool has_distance() const override { return false; }

    // The stored value as the reference reader decodes it, capture positions included.
    ProbeResult raw(const checkers::Position& pos) const;
    // The byte behind raw(pos): an error for uniform slices, which have none.
    Result<StoredByte> locate(const checkers::Position& pos) const;
    int max_pieces() const { return max_pieces_; }
    std::size_t slices() const { return slices_.size(); }

  private:
    struct Loaded;
    ChinookDatabase() = default;
    Result<StoredByte> decode(const Loaded& s, std::uint64_t index) const;
    // The slice and index of pos, or a Missing result.
    Result<std::pair<const Loaded*, std::uint64_t>> find(const checkers::Position& pos) const;

    std::filesystem::path data_path_;
    std::string data_;
    std::map<std::array<int, 6>, std::shared_ptr<Loaded>> slices_;
    int max_pieces_ = 0;
};

}  // namespace retrocheck::tb::formats
