// Reads one table file of our format (format.h). Opening checks the header, the block table and
// its checksum and the file's length; each block is checked (XXH3 of its bytes, then zstd's own
// frame checksum) when it is read. Every refusal names the file and what is wrong.
#pragma once

#include <cstdint>
#include <filesystem>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/core/result.h"
#include "tablebases/value.h"

namespace retrocheck::tb::store {

class TableFile {
  public:
    static Result<std::shared_ptr<TableFile>> open(const std::filesystem::path& path,
                                                   std::size_t cache_blocks = 16);
    ~TableFile();
    TableFile(const TableFile&) = delete;
    TableFile& operator=(const TableFile&) = delete;

    const std::filesystem::path& path() const { return path_; }
    // What the header says the file holds, whatever the game: the game (kGameCheckers,
    // kGameChess: format.h), the game's key of the table's slice (its files.h turns it into
    // one), "slice bm1bk0wm0wk1" or "material KQvKR", and the number of slots.
    std::uint32_t game() const { return game_; }
    std::uint64_t key() const { return key_; }
    const std::string& table_name() const { return name_; }
    std::uint64_t size() const { return count_; }
    // kMetricDtw, kMetricDtm, kMetricWideDtm or kMetricDtz50 (format.h).
    std::uint32_t metric() const { return metric_; }
    std::uint64_t blocks() const { return offsets_.size() - 1; }

    // The value of slot id (the game's index numbering), through a small cache of whole
    // blocks; a DTW or DTM file's. Safe to call from several threads.
    Result<Value> value(std::uint64_t id) const;
    // Every block, checked, into out (size() values): a whole table of one-byte values (DTW, or
    // DTM that fits a byte).
    Result<bool> read_values(Value* out) const;
    // The same for a table of two-byte codes: DTZ50 or DTM (WideValue, a one-byte DTM file's
    // values widened, 254 and 255 to kUnknownOf and kDrawOf).
    Result<bool> read_values(std::uint16_t* out) const;

  private:
    explicit TableFile(std::filesystem::path path) : path_(std::move(path)) {}
    std::uint64_t block_length(std::uint64_t b) const;
    // Reads, checks and decompresses block b into out; the error, or "" when all is well.
    std::string read_block(std::uint64_t b, void* out) const;
    // Every block into out (count_ values of the metric's width); the first error, or "".
    std::string read_blocks(void* out) const;
    // An error unless the file's values are `width` bytes each.
    std::string expect_width(int width) const;
    Error error(const std::string& what) const { return Error{path_.string() + ": " + what}; }

    std::filesystem::path path_;
    int fd_ = -1;
    std::uint32_t game_ = 0;
    std::uint64_t key_ = 0;
    std::uint32_t metric_ = 0;
    std::string name_;
    Value no_position_ = kDraw;  // a value a slot may hold besides distances and kDraw
    std::uint64_t count_ = 0;
    std::uint32_t block_size_ = 0;
    std::vector<std::uint64_t> offsets_, hashes_;

    struct Cached {
        std::uint64_t block;
        std::vector<Value> values;
    };
    std::size_t cache_blocks_;
    mutable std::mutex mutex_;
    mutable std::list<Cached> cache_;  // most recently used first
    mutable std::unordered_map<std::uint64_t, std::list<Cached>::iterator> cached_;
};

}  // namespace retrocheck::tb::store
