// A whole (small) file into memory, or an error naming it.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include "engine/core/result.h"

namespace retrocheck::tb::formats {

inline Result<std::string> read_whole_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{path.string() + ": cannot open"};
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) return Error{path.string() + ": read failed"};
    return bytes;
}

}  // namespace retrocheck::tb::formats
