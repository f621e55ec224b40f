#include "tablebases/store/reader.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <tbb/parallel_for.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include <cerrno>
#include <cstring>

#include "tablebases/checkers/index.h"
#include "tablebases/chess/table.h"
#include "tablebases/store/format.h"

namespace retrocheck::tb::store {
namespace {

// Reads exactly n bytes at offset; false on a short read or an error.
bool read_at(int fd, std::uint64_t offset, std::size_t n, std::string& out) {
    out.resize(n);
    std::size_t done = 0;
    while (done < n) {
        const ssize_t got =
            ::pread(fd, out.data() + done, n - done, static_cast<off_t>(offset + done));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return false;
        done += static_cast<std::size_t>(got);
    }
    return true;
}

}  // namespace

TableFile::~TableFile() {
    if (fd_ >= 0) ::close(fd_);
}

Result<std::shared_ptr<TableFile>> TableFile::open(const std::filesystem::path& path,
                                                   std::size_t cache_blocks) {
    std::shared_ptr<TableFile> f(new TableFile(path));
    f->cache_blocks_ = std::max<std::size_t>(cache_blocks, 1);
    // Non-blocking, so that a FIFO named like a table is refused below instead of waiting for
    // a writer; a regular file reads the same either way.
    f->fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (f->fd_ < 0) return f->error(std::string("cannot open: ") + std::strerror(errno));
    struct stat st {};
    if (::fstat(f->fd_, &st) != 0) return f->error(std::strerror(errno));
    if (!S_ISREG(st.st_mode))
        return f->error(S_ISDIR(st.st_mode)    ? "a directory, not a table file"
                        : S_ISFIFO(st.st_mode) ? "a FIFO, not a table file"
                                               : "not a regular file, so not a table file");
    const auto size = static_cast<std::uint64_t>(st.st_size);

    std::string head;
    if (size < kHeaderSize || !read_at(f->fd_, 0, kHeaderSize, head))
        return f->error(
            fmt::format("truncated: {} bytes, shorter than the {}-byte header", size, kHeaderSize));
    if (std::string_view(head).substr(0, kMagic.size()) != kMagic)
        return f->error("not a retrocheck table: bad magic at offset 0");
    auto u32 = [&](std::size_t at) { return static_cast<std::uint32_t>(get_le(head, at, 4)); };
    const std::uint32_t version = u32(8);
    if (version < kOldestFormatVersion || version > kFormatVersion)
        return f->error(fmt::format("format version {} at offset 8, this reader knows {}-{}",
                                    version, kOldestFormatVersion, kFormatVersion));
    const std::uint32_t game = u32(12);
    if (game != kGameCheckers && (game != kGameChess || version < 2))
        return f->error(fmt::format("unknown game {} at offset 12", game));
    const bool chess = game == kGameChess;
    f->metric_ = u32(16);
    if (chess
            ? f->metric_ != kMetricDtm && f->metric_ != kMetricWideDtm && f->metric_ != kMetricDtz50
            : f->metric_ != kMetricDtw)
        return f->error(fmt::format("unknown metric {} at offset 16 for {}", u32(16),
                                    chess ? "chess" : "checkers"));
    const std::uint32_t scheme = chess ? kChessIndexScheme : kIndexScheme;
    if (u32(20) != scheme)
        return f->error(
            fmt::format("index scheme {} at offset 20, this reader knows {}", u32(20), scheme));
    f->block_size_ = u32(28);
    f->count_ = get_le(head, 32, 8);
    const std::uint64_t n_blocks = get_le(head, 40, 8);
    std::uint64_t expected = 0;
    f->game_ = game;
    // The one place a file's game decides what its header holds.
    if (chess) {
        const std::uint64_t key = get_le(head, 48, 8);
        const chess::Material m = chess::material_of_key(key);
        if (key >> 40 || u32(24) != 0 || m.pieces() < 3 || m.pieces() > kMaxPieces ||
            m.count[0][4] > 8 || m.count[1][4] > 8)
            return f->error(fmt::format("impossible chess material {:#x} at offset 48", key));
        f->key_ = key;
        f->name_ = "material " + m.name() + (f->metric_ == kMetricDtz50 ? " (DTZ)" : "");
        f->no_position_ = kUnknown;  // a one-byte DTM file's slot without a position
        expected = 2 * chess::MaterialIndex(m).size();
        if (f->count_ != expected)
            return f->error(fmt::format("position count {} at offset 32, but material {} has {}",
                                        f->count_, m.name(), expected));
    } else {
        const Slice s{static_cast<std::uint8_t>(head[24]), static_cast<std::uint8_t>(head[25]),
                      static_cast<std::uint8_t>(head[26]), static_cast<std::uint8_t>(head[27])};
        if (s.black_men + s.black_kings > 12 || s.white_men + s.white_kings > 12)
            return f->error(fmt::format("impossible slice {}/{}/{}/{} at offset 24", s.black_men,
                                        s.black_kings, s.white_men, s.white_kings));
        if (s.pieces() > kMaxPieces)
            return f->error(fmt::format("slice {} has {} pieces; tables go up to {}", name(s),
                                        s.pieces(), kMaxPieces));
        f->key_ = get_le(head, 24, 4);
        f->name_ = "slice " + name(s);
        expected = 2 * SliceIndex(s).size();
        if (f->count_ != expected)
            return f->error(fmt::format("position count {} at offset 32, but slice {} has {}",
                                        f->count_, name(s), expected));
    }
    if (f->block_size_ == 0 || f->block_size_ > kMaxBlockSize)
        return f->error(fmt::format("block size {} at offset 28 is outside 1-{}", f->block_size_,
                                    kMaxBlockSize));
    if (n_blocks != (f->count_ + f->block_size_ - 1) / f->block_size_)
        return f->error(
            fmt::format("block count {} at offset 40 does not fit {} positions in "
                        "blocks of {}",
                        n_blocks, f->count_, f->block_size_));
    const std::uint64_t start = data_start(n_blocks);
    std::string rest;
    if (size < start || !read_at(f->fd_, kHeaderSize, start - kHeaderSize, rest))
        return f->error(
            fmt::format("truncated: {} bytes, the header and block table need {}", size, start));
    const std::string table = head + rest;
    if (XXH3_64bits(table.data(), start - 8) != get_le(table, start - 8, 8))
        return f->error(fmt::format(
            "checksum of the header and block table (offset {}) does not match", start - 8));
    for (std::uint64_t b = 0; b <= n_blocks; ++b)
        f->offsets_.push_back(get_le(table, kHeaderSize + 8 * b, 8));
    for (std::uint64_t b = 0; b < n_blocks; ++b)
        f->hashes_.push_back(get_le(table, kHeaderSize + 8 * (n_blocks + 1) + 8 * b, 8));
    if (f->offsets_.front() != start)
        return f->error(
            fmt::format("first block at offset {}, expected {}", f->offsets_.front(), start));
    for (std::uint64_t b = 0; b < n_blocks; ++b)
        if (f->offsets_[b + 1] < f->offsets_[b])
            return f->error(fmt::format("block {} ends before it starts", b));
    if (f->offsets_.back() != size)
        return f->error(fmt::format("{}: the file has {} bytes, its block table says {}",
                                    size < f->offsets_.back() ? "truncated" : "trailing bytes",
                                    size, f->offsets_.back()));
    return f;
}

std::uint64_t TableFile::block_length(std::uint64_t b) const {
    return std::min<std::uint64_t>(block_size_, count_ - b * block_size_);
}

std::string TableFile::read_block(std::uint64_t b, void* out) const {
    const std::uint64_t begin = b * block_size_;
    const std::uint64_t n = block_length(b);
    const auto width = static_cast<std::uint64_t>(metric_width(metric_));
    std::string bytes;
    auto fail = [&](const std::string& what) { return error(what).message; };
    if (!read_at(fd_, offsets_[b], offsets_[b + 1] - offsets_[b], bytes))
        return fail(fmt::format("block {} at offset {}: read failed", b, offsets_[b]));
    if (XXH3_64bits(bytes.data(), bytes.size()) != hashes_[b])
        return fail(fmt::format("block {} at offset {}: checksum does not match", b, offsets_[b]));
    const std::size_t got = ZSTD_decompress(out, n * width, bytes.data(), bytes.size());
    if (ZSTD_isError(got))
        return fail(
            fmt::format("block {} at offset {}: zstd: {}", b, offsets_[b], ZSTD_getErrorName(got)));
    if (got != n * width)
        return fail(fmt::format("block {} at offset {}: {} bytes, expected {}", b, offsets_[b], got,
                                n * width));
    if (width == 2) return {};  // every 16-bit code is a value (dtz.h)
    const Value* values = static_cast<const Value*>(out);
    for (std::uint64_t i = 0; i < n; ++i)
        if (values[i] > kMaxPlies && values[i] != kDraw && values[i] != no_position_)
            return fail(fmt::format("block {}: position {} holds {}, not a value", b, begin + i,
                                    values[i]));
    return {};
}

std::string TableFile::expect_width(int width) const {
    if (metric_width(metric_) == width) return {};
    return error(fmt::format("holds {}-byte values (metric {}), read as {}-byte ones",
                             metric_width(metric_), metric_, width))
        .message;
}

Result<Value> TableFile::value(std::uint64_t id) const {
    if (std::string e = expect_width(1); !e.empty()) return Error{e};
    if (id >= count_) return error(fmt::format("position {} is outside 0-{}", id, count_ - 1));
    const std::uint64_t b = id / block_size_;
    const std::uint64_t at = id % block_size_;
    {
        std::lock_guard lock(mutex_);
        if (const auto hit = cached_.find(b); hit != cached_.end()) {
            cache_.splice(cache_.begin(), cache_, hit->second);
            return cache_.front().values[at];
        }
    }
    // Read and check outside the lock, so other threads' hits do not wait on this file; two
    // threads may load one block, and the second copy is dropped.
    std::vector<Value> values(block_length(b));
    if (std::string e = read_block(b, values.data()); !e.empty()) return Error{e};
    const Value v = values[at];
    std::lock_guard lock(mutex_);
    if (cached_.count(b)) return v;
    cache_.push_front({b, std::move(values)});
    cached_[b] = cache_.begin();
    if (cache_.size() > cache_blocks_) {
        cached_.erase(cache_.back().block);
        cache_.pop_back();
    }
    return v;
}

std::string TableFile::read_blocks(void* out) const {
    const auto width = static_cast<std::uint64_t>(metric_width(metric_));
    std::vector<std::string> errors(blocks());
    tbb::parallel_for(std::uint64_t{0}, blocks(), [&](std::uint64_t b) {
        errors[b] = read_block(b, static_cast<char*>(out) + b * block_size_ * width);
    });
    for (const std::string& e : errors)
        if (!e.empty()) return e;
    return {};
}

Result<bool> TableFile::read_values(Value* out) const {
    if (std::string e = expect_width(1); !e.empty()) return Error{e};
    if (std::string e = read_blocks(out); !e.empty()) return Error{e};
    return true;
}

Result<bool> TableFile::read_values(std::uint16_t* out) const {
    if (metric_width(metric_) == 2) {
        if (std::string e = read_blocks(out); !e.empty()) return Error{e};
        return true;
    }
    // One byte a position, widened in place from the back: value i's byte lies in the first
    // half of the buffer, at or before where its two bytes go.
    auto* bytes = reinterpret_cast<Value*>(out);
    if (std::string e = read_blocks(bytes); !e.empty()) return Error{e};
    for (std::uint64_t i = count_; i-- > 0;) out[i] = widened(bytes[i]);
    return true;
}

}  // namespace retrocheck::tb::store
