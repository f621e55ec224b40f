// A directory of our table files as a TableSource: headers are read when it opens, blocks when
// probes need them (each file keeps a small cache of blocks).
#pragma once

#include <filesystem>
#include <map>
#include <memory>

#include "engine/core/result.h"
#include "tablebases/checkers/table.h"
#include "tablebases/probe/source.h"
#include "tablebases/store/reader.h"

namespace retrocheck::tb::store {

class FileSource final : public TableSource {
  public:
    // cache_blocks: decompressed blocks each file keeps (64 KiB each by default).
    static Result<std::shared_ptr<FileSource>> open(const std::filesystem::path& dir,
                                                    std::size_t cache_blocks = 16);
    ProbeResult probe(const checkers::Position& pos) const override;
    // The most pieces of any slice held.
    int max_pieces() const { return files_.empty() ? 0 : files_.rbegin()->first.pieces(); }

  private:
    struct Held {
        std::shared_ptr<TableFile> file;
        SliceIndex index;
    };
    std::map<Slice, Held> files_;  // build order: most pieces last
};

}  // namespace retrocheck::tb::store
