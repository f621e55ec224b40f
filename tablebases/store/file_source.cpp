#include "tablebases/store/file_source.h"

#include "tablebases/checkers/files.h"
#include "tablebases/store/directory.h"

namespace retrocheck::tb::store {

Result<std::shared_ptr<FileSource>> FileSource::open(const std::filesystem::path& dir,
                                                     std::size_t cache_blocks) {
    auto files = open_game_directory<CheckersGame>(dir, cache_blocks);
    if (!files) return Error{files.error()};
    auto source = std::make_shared<FileSource>();
    for (auto& f : *files) {
        const Slice s = GameFiles<CheckersGame>::slice(*f);
        source->files_.emplace(s, Held{f, SliceIndex(s)});
    }
    return source;
}

ProbeResult FileSource::probe(const checkers::Position& pos) const {
    const auto it = files_.find(slice_of(pos));
    if (it == files_.end()) return {};
    const auto v = it->second.file->value(table_id(it->second.index, pos));
    if (!v) return {ProbeStatus::Corrupt, Outcome::draw(), v.error()};
    return ProbeResult::ok(decode(*v));
}

}  // namespace retrocheck::tb::store
