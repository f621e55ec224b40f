// Reading a whole (small) file at a boundary: the error names the path and the system's reason
// ("No such file or directory"), and a directory given where a file is expected is refused
// rather than read as empty.
#pragma once

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>

#include "engine/core/result.h"

namespace retrocheck {

inline Result<std::string> read_text_file(const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return Error{path.string() + ": is a directory, not a file"};
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"),
                                                            &std::fclose);
    if (!f) return Error{path.string() + ": cannot open: " + std::strerror(errno)};
    std::string bytes;
    char buf[1 << 16];
    std::size_t got = 0;
    while ((got = std::fread(buf, 1, sizeof buf, f.get())) > 0) bytes.append(buf, got);
    if (std::ferror(f.get()))
        return Error{path.string() + ": cannot read: " + std::strerror(errno)};
    return bytes;
}

// read_text_file for a file a table format stores: anything but a regular file (a FIFO, which
// would wait for a writer; a device) is refused by name, never opened.
inline Result<std::string> read_regular_file(const std::filesystem::path& path) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (!ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status) &&
        !std::filesystem::is_directory(status))
        return Error{path.string() + ": not a regular file"};
    return read_text_file(path);
}

}  // namespace retrocheck
