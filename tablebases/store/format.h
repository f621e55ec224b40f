// Our table file format, version 2: one file per slice (checkers) or material (chess) holding
// the value of every position, both sides to move, in index order (checkers: Black to move
// first, then White, see table.h; chess: White to move first, see chess/table.h).
//
// All integers are little-endian.
//
//   offset  size  field
//   0       8     magic "RCTBLFMT"
//   8       4     format version (2; version 1 is version 2 for checkers only, and still read)
//   12      4     game (1: English checkers, 2: chess)
//   16      4     metric: 1: DTW (checkers), 2: DTM (chess), one byte a position, the
//                 distance in plies as in value.h, 255 a draw, 254 (chess) a slot without a
//                 legal position; 4: DTM (chess) with a distance over 253 plies, two bytes a
//                 position, little-endian, 0xFFFF a draw, 0xFFFE a slot without a legal
//                 position (a DTM table is written with one byte whenever its values fit);
//                 3: DTZ50 (chess), two bytes a position, little-endian, the code of
//                 build/metric.h's Dtz50Metric (2k a loss, 2k + 1 a win, k plies to the
//                 zeroing move), 0xFFFF a draw, 0xFFFE a slot without a legal position
//   20      4     index scheme version (checkers: index.h; chess: kChessIndexScheme)
//   24      4     checkers slice: black men, black kings, white men, white kings, a byte
//                 each; 0 for chess
//   28      4     block size: positions per block (the last block may be shorter)
//   32      8     position count (2 x the slice's or material's size for one side to move)
//   40      8     block count (position count / block size, rounded up)
//   48      8     chess material: White's queens, rooks, bishops, knights, pawns, then
//                 Black's, a nibble each, the first the most significant of 40 bits;
//                 0 for checkers
//   56      8 x (blocks + 1)   block offsets from the start of the file; the last is the
//                              file size
//   ...     8 x blocks         XXH3-64 of each compressed block
//   ...     8     XXH3-64 of everything above (header, offsets, block hashes)
//   ...           the blocks: each one zstd frame with its content size and content
//                 checksum, holding block-size values
//
// A chess DTZ50 table is named <material>.dtz.rctb beside the DTM table <material>.rctb.
//
// A reader refuses a file whose magic, version, game, metric, index scheme, slice or material,
// position count, block geometry, table checksum, length, block hash or zstd frame is wrong,
// and says which. Writers write under a temporary name and rename, so a file with the final name is
// always complete.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace retrocheck::tb::store {

inline constexpr std::string_view kMagic = "RCTBLFMT";
inline constexpr std::uint32_t kFormatVersion = 2;
inline constexpr std::uint32_t kOldestFormatVersion = 1;
inline constexpr std::uint32_t kGameCheckers = 1;
inline constexpr std::uint32_t kGameChess = 2;
inline constexpr std::uint32_t kMetricDtw = 1;
inline constexpr std::uint32_t kMetricDtm = 2;
inline constexpr std::uint32_t kMetricDtz50 = 3;
inline constexpr std::uint32_t kMetricWideDtm = 4;
// Bytes a position of a metric's table.
constexpr int metric_width(std::uint32_t metric) {
    return metric == kMetricDtz50 || metric == kMetricWideDtm ? 2 : 1;
}
// The metric a file's values measure: kMetricWideDtm is DTM.
constexpr std::uint32_t measured_metric(std::uint32_t metric) {
    return metric == kMetricWideDtm ? kMetricDtm : metric;
}
// The slot numbering of tablebases/chess/index.h.
inline constexpr std::uint32_t kChessIndexScheme = 1;
inline constexpr std::uint32_t kDefaultBlockSize = 1 << 16;
inline constexpr std::uint32_t kMaxBlockSize = 1 << 24;
inline constexpr std::size_t kHeaderSize = 56;
// The most pieces a table of ours may hold (the index is checked up to 8).
inline constexpr int kMaxPieces = 8;
inline constexpr std::string_view kExtension = ".rctb";
inline constexpr std::string_view kDtzSuffix = ".dtz";  // KQvK.dtz.rctb

// Bytes before the first block of a file with n_blocks blocks.
constexpr std::uint64_t data_start(std::uint64_t n_blocks) {
    return kHeaderSize + 8 * (n_blocks + 1) + 8 * n_blocks + 8;
}

// Little-endian integers in a byte string.
inline void put_le(std::string& out, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}
inline std::uint64_t get_le(std::string_view in, std::size_t at, int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v |= std::uint64_t{static_cast<unsigned char>(in[at + static_cast<std::size_t>(i)])}
             << (8 * i);
    return v;
}

}  // namespace retrocheck::tb::store
