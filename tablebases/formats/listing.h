// Listing a directory of third-party chess table files, for the readers' checks before a
// library sees them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/core/result.h"

namespace retrocheck::tb::chess {

struct TableFile {
    std::filesystem::path path;
    std::string stem;       // the name without the suffix: "KQvKR", "kqkr"
    std::string extension;  // the suffix it matched: ".rtbw", ".gtb.cp4"
    std::uintmax_t size = 0;
};

// The regular files of dir whose names end in one of `suffixes`, sorted by name. An error naming
// dir when it does not exist or cannot be read, or is not a directory.
Result<std::vector<TableFile>> list_table_files(const std::filesystem::path& dir,
                                                const std::vector<std::string>& suffixes);

// `count` little-endian 32-bit words from byte `offset` of a file; an error naming the file when
// it cannot be read or is too short.
Result<std::vector<std::uint32_t>> read_u32_le(const std::filesystem::path& file,
                                               std::uint64_t offset, std::size_t count);
Result<std::uint32_t> read_u32_le(const std::filesystem::path& file, std::uint64_t offset);

}  // namespace retrocheck::tb::chess
