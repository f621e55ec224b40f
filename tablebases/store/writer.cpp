#include "tablebases/store/writer.h"

#include <fcntl.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <cerrno>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "tablebases/checkers/index.h"

namespace retrocheck::tb::store {
namespace {

// One zstd context per thread, its parameters set once; compress2 keeps them between frames.
class Compressor {
  public:
    explicit Compressor(int level) : ctx_(ZSTD_createCCtx()) {
        if (!ctx_) return;
        ZSTD_CCtx_setParameter(ctx_, ZSTD_c_compressionLevel, level);
        ZSTD_CCtx_setParameter(ctx_, ZSTD_c_checksumFlag, 1);
        ZSTD_CCtx_setParameter(ctx_, ZSTD_c_contentSizeFlag, 1);
    }
    ~Compressor() { ZSTD_freeCCtx(ctx_); }
    Compressor(const Compressor&) = delete;
    Compressor& operator=(const Compressor&) = delete;

    Result<std::string> compress(const void* data, std::size_t n) {
        if (!ctx_) return Error{"zstd: out of memory"};
        std::string out(ZSTD_compressBound(n), '\0');
        const std::size_t size = ZSTD_compress2(ctx_, out.data(), out.size(), data, n);
        if (ZSTD_isError(size)) return Error{std::string("zstd: ") + ZSTD_getErrorName(size)};
        out.resize(size);
        return out;
    }

  private:
    ZSTD_CCtx* ctx_;
};

// Writes all of bytes to fd at `at`, leaving the file offset alone; an error message on failure.
std::string write_all(int fd, std::string_view bytes, off_t at) {
    while (!bytes.empty()) {
        const ssize_t n = ::pwrite(fd, bytes.data(), bytes.size(), at);
        if (n < 0) {
            if (errno == EINTR) continue;
            return std::strerror(errno);
        }
        bytes.remove_prefix(static_cast<std::size_t>(n));
        at += n;
    }
    return {};
}

// Compressed bytes a writer holds at once: a batch of blocks, but at least four a thread.
constexpr std::uint64_t kBatchBytes = 4ull << 20;

// The fields that tell one table from another.
struct Identity {
    std::uint32_t game, metric, scheme, slice;
    std::uint64_t material;
    std::string name;
    int pieces;
};

// The values as they are.
struct AsTheyAre {
    template <typename Code>
    Code operator()(Code v) const {
        return v;
    }
};

// Codes of one byte or two (little-endian: the host's order, checked below), each written as
// store(code) (a Stored), a block at a time.
template <typename Stored, typename Code, typename Store = AsTheyAre>
Result<std::uint64_t> write_values(const Identity& id, const std::vector<Code>& values,
                                   const std::filesystem::path& path, const WriteOptions& options,
                                   Store store = {}) {
    static_assert(std::endian::native == std::endian::little && sizeof(Stored) <= 2);
    const std::string where = path.string();
    if (options.block_size == 0 || options.block_size > kMaxBlockSize)
        return Error{where + ": block size " + std::to_string(options.block_size) +
                     " is outside 1-" + std::to_string(kMaxBlockSize)};
    if (id.pieces > kMaxPieces)
        return Error{where + ": " + id.name + " has more than " + std::to_string(kMaxPieces) +
                     " pieces"};
    const std::uint64_t count = values.size();
    const std::uint64_t n_blocks = (count + options.block_size - 1) / options.block_size;
    const std::filesystem::path tmp = path.string() + ".tmp-" + std::to_string(::getpid());
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return Error{tmp.string() + ": cannot create: " + std::strerror(errno)};
    // A failure: the file closed (if still open) and removed, the error naming the table's path.
    const auto give_up = [&](const std::string& failure) -> Result<std::uint64_t> {
        if (fd >= 0) ::close(fd);
        std::error_code ignored;
        std::filesystem::remove(tmp, ignored);
        return Error{where + ": " + failure};
    };

    // The blocks compressed in parallel a batch at a time and written in order after the
    // header's room: the writer holds one batch of compressed blocks beside the values, not the
    // whole file's (which can be as large as the values).
    const std::uint64_t batch = std::max<std::uint64_t>(
        kBatchBytes / (std::uint64_t{options.block_size} * sizeof(Stored)),
        4 * static_cast<std::uint64_t>(tbb::this_task_arena::max_concurrency()));
    std::vector<std::uint64_t> offsets{data_start(n_blocks)}, hashes;
    tbb::enumerable_thread_specific<Compressor> compressors(options.zstd_level);
    tbb::enumerable_thread_specific<std::vector<Stored>> buffers;
    for (std::uint64_t first = 0; first < n_blocks; first += batch) {
        const std::uint64_t last = std::min(n_blocks, first + batch);
        std::vector<std::string> blocks(last - first), errors(last - first);
        tbb::parallel_for(first, last, [&](std::uint64_t b) {
            const std::uint64_t begin = b * options.block_size;
            const std::uint64_t n = std::min<std::uint64_t>(options.block_size, count - begin);
            const Stored* block = nullptr;
            if constexpr (std::is_same_v<Stored, Code> && std::is_same_v<Store, AsTheyAre>) {
                block = values.data() + begin;
            } else {
                std::vector<Stored>& buffer = buffers.local();
                buffer.resize(n);
                std::transform(values.begin() + static_cast<std::ptrdiff_t>(begin),
                               values.begin() + static_cast<std::ptrdiff_t>(begin + n),
                               buffer.begin(), store);
                block = buffer.data();
            }
            auto c = compressors.local().compress(block, n * sizeof(Stored));
            if (c)
                blocks[b - first] = std::move(c).value();
            else
                errors[b - first] = c.error();
        });
        for (const std::string& e : errors)
            if (!e.empty()) return give_up(e);
        for (const std::string& b : blocks) {
            if (std::string failure = write_all(fd, b, static_cast<off_t>(offsets.back()));
                !failure.empty())
                return give_up(failure);
            offsets.push_back(offsets.back() + b.size());
            hashes.push_back(XXH3_64bits(b.data(), b.size()));
        }
    }

    std::string head;
    head.append(kMagic);
    put_le(head, kFormatVersion, 4);
    put_le(head, id.game, 4);
    put_le(head, id.metric, 4);
    put_le(head, id.scheme, 4);
    put_le(head, id.slice, 4);
    put_le(head, options.block_size, 4);
    put_le(head, count, 8);
    put_le(head, n_blocks, 8);
    put_le(head, id.material, 8);
    for (const std::uint64_t o : offsets) put_le(head, o, 8);
    for (const std::uint64_t h : hashes) put_le(head, h, 8);
    put_le(head, XXH3_64bits(head.data(), head.size()), 8);
    assert(head.size() == data_start(n_blocks));
    if (std::string failure = write_all(fd, head, 0); !failure.empty()) return give_up(failure);
    if (::fsync(fd) != 0) return give_up(std::strerror(errno));
    const int closed = ::close(fd);
    fd = -1;
    if (closed != 0) return give_up(std::strerror(errno));
    if (std::rename(tmp.c_str(), path.c_str()) != 0)
        return give_up(std::string("cannot rename into place: ") + std::strerror(errno));
    return offsets.back();
}

}  // namespace

Result<std::uint64_t> write_table(const SliceTable& table, const std::filesystem::path& path,
                                  const WriteOptions& options) {
    const Slice s = table.index.slice();
    const std::uint32_t slice = s.black_men | s.black_kings << 8 | s.white_men << 16 |
                                static_cast<std::uint32_t>(s.white_kings) << 24;
    return write_values<Value>(
        {kGameCheckers, kMetricDtw, kIndexScheme, slice, 0, "slice " + name(s), s.pieces()},
        table.values, path, options);
}

Result<std::uint64_t> write_table(const chess::MaterialTable& table,
                                  const std::filesystem::path& path, const WriteOptions& options) {
    const chess::Material& m = table.material();
    Identity id{kGameChess,
                kMetricDtm,
                kChessIndexScheme,
                0,
                chess::material_key(m),
                "material " + m.name(),
                m.pieces()};
    if (!std::all_of(table.values.begin(), table.values.end(), fits_a_byte)) {
        id.metric = kMetricWideDtm;
        return write_values<chess::ChessValue>(id, table.values, path, options);
    }
    return write_values<Value>(id, table.values, path, options, narrowed);
}

Result<std::uint64_t> write_table(const chess::DtzTable& table, const std::filesystem::path& path,
                                  const WriteOptions& options) {
    const chess::Material& m = table.material();
    return write_values<chess::DtzCode>(
        {kGameChess, kMetricDtz50, kChessIndexScheme, 0, chess::material_key(m),
         "material " + m.name() + " (DTZ)", m.pieces()},
        table.values, path, options);
}

}  // namespace retrocheck::tb::store
