// Writes one slice (checkers) or material (chess) table as a file in our format (format.h),
// atomically: the bytes go to a temporary file beside the target, which is renamed over it only
// once complete.
#pragma once

#include <cstdint>
#include <filesystem>

#include "engine/core/result.h"
#include "tablebases/checkers/table.h"
#include "tablebases/chess/dtz.h"
#include "tablebases/chess/table.h"
#include "tablebases/store/format.h"

namespace retrocheck::tb::store {

struct WriteOptions {
    std::uint32_t block_size = kDefaultBlockSize;  // positions a block, 1..kMaxBlockSize
    int zstd_level = 5;
};

// The file's size in bytes, or an error naming the file and what failed (nothing is left
// behind under the final name or the temporary one).
Result<std::uint64_t> write_table(const SliceTable& table, const std::filesystem::path& path,
                                  const WriteOptions& options = {});
Result<std::uint64_t> write_table(const chess::MaterialTable& table,
                                  const std::filesystem::path& path,
                                  const WriteOptions& options = {});
Result<std::uint64_t> write_table(const chess::DtzTable& table, const std::filesystem::path& path,
                                  const WriteOptions& options = {});

}  // namespace retrocheck::tb::store
