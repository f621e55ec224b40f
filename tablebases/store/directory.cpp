#include "tablebases/store/directory.h"

#include <algorithm>
#include <system_error>

#include "tablebases/store/format.h"

namespace retrocheck::tb::store {

std::filesystem::path table_path(const std::filesystem::path& dir, Slice slice) {
    return dir / (name(slice) + std::string(kExtension));
}

Result<std::vector<std::shared_ptr<TableFile>>> open_directory(const std::filesystem::path& dir,
                                                               std::size_t cache_blocks) {
    std::error_code ec;
    std::filesystem::directory_iterator it(dir, ec);
    if (ec) return Error{dir.string() + ": cannot read the directory: " + ec.message()};
    std::vector<std::shared_ptr<TableFile>> files;
    for (const auto& entry : it) {
        const std::filesystem::path& p = entry.path();
        if (p.extension() != kExtension) continue;
        const auto slice = parse_slice(p.stem().string());
        if (!slice)
            return Error{p.string() + ": not a slice name (expected like bm1bk0wm0wk1.rctb)"};
        auto file = TableFile::open(p, cache_blocks);
        if (!file) return Error{file.error()};
        if ((*file)->slice() != *slice)
            return Error{p.string() + ": the header holds slice " + name((*file)->slice())};
        files.push_back(std::move(file).value());
    }
    if (files.empty()) return Error{dir.string() + ": no table files (*.rctb) here"};
    std::sort(files.begin(), files.end(),
              [](const auto& a, const auto& b) { return a->slice() < b->slice(); });
    return files;
}

std::optional<Slice> missing_successor(Slice s, const TableSet& have) {
    for (const Slice& t : successors(s))
        if (!have.find(t)) return t;
    return std::nullopt;
}

Result<TableSet> load_directory(const std::filesystem::path& dir, int max_pieces) {
    auto files = open_directory(dir);
    if (!files) return Error{files.error()};
    TableSet set;
    for (const auto& f : *files) {
        if (f->slice().pieces() > max_pieces) continue;
        auto table = f->read_all();
        if (!table) return Error{table.error()};
        set.add(std::move(table).value());
    }
    for (const auto& [slice, table] : set.tables())
        if (const auto gap = missing_successor(slice, set))
            return Error{dir.string() + ": slice " + name(slice) + " needs " + name(*gap) +
                         ", which is missing (" + table_path(dir, *gap).filename().string() + ")"};
    return set;
}

}  // namespace retrocheck::tb::store
