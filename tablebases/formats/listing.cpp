#include "tablebases/formats/listing.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <system_error>

namespace retrocheck::tb::chess {

Result<std::vector<TableFile>> list_table_files(const std::filesystem::path& dir,
                                                const std::vector<std::string>& suffixes) {
    std::error_code ec;
    if (!std::filesystem::exists(dir, ec)) return Error{dir.string() + ": no such directory"};
    if (!std::filesystem::is_directory(dir, ec)) return Error{dir.string() + ": not a directory"};
    std::vector<TableFile> out;
    std::filesystem::directory_iterator it(dir, ec);
    if (ec) return Error{dir.string() + ": " + ec.message()};
    for (const auto& entry : it) {
        const std::string name = entry.path().filename().string();
        for (const std::string& suffix : suffixes) {
            if (name.size() <= suffix.size() ||
                name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
                continue;
            if (!entry.is_regular_file(ec))
                return Error{entry.path().string() + ": not a regular file"};
            const std::uintmax_t size = entry.file_size(ec);
            if (ec) return Error{entry.path().string() + ": " + ec.message()};
            out.push_back(
                {entry.path(), name.substr(0, name.size() - suffix.size()), suffix, size});
            break;
        }
    }
    std::sort(out.begin(), out.end(),
              [](const TableFile& a, const TableFile& b) { return a.path < b.path; });
    return out;
}

Result<std::vector<std::uint32_t>> read_u32_le(const std::filesystem::path& file,
                                               std::uint64_t offset, std::size_t count) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return Error{file.string() + ": cannot be opened: " + std::strerror(errno)};
    std::vector<unsigned char> bytes(4 * count);
    in.seekg(static_cast<std::streamoff>(offset));
    in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (static_cast<std::size_t>(in.gcount()) != bytes.size())
        return Error{fmt::format("{}: too short: no {} bytes at offset {}", file.string(),
                                 bytes.size(), offset)};
    std::vector<std::uint32_t> out(count);
    for (std::size_t i = 0; i < count; ++i)
        out[i] = static_cast<std::uint32_t>(bytes[4 * i]) |
                 static_cast<std::uint32_t>(bytes[4 * i + 1]) << 8 |
                 static_cast<std::uint32_t>(bytes[4 * i + 2]) << 16 |
                 static_cast<std::uint32_t>(bytes[4 * i + 3]) << 24;
    return out;
}

Result<std::uint32_t> read_u32_le(const std::filesystem::path& file, std::uint64_t offset) {
    auto words = read_u32_le(file, offset, 1);
    if (!words) return Error{words.error()};
    return words->front();
}

}  // namespace retrocheck::tb::chess
