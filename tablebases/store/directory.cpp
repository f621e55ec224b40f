#include "tablebases/store/directory.h"

#include <algorithm>
#include <system_error>

#include "tablebases/store/format.h"

namespace retrocheck::tb::store {

std::filesystem::path table_path(const std::filesystem::path& dir, Slice slice) {
    return dir / (name(slice) + std::string(kExtension));
}

std::filesystem::path table_path(const std::filesystem::path& dir, const chess::Material& m) {
    return dir / (m.name() + std::string(kExtension));
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
        const std::string stem = p.stem().string();
        const auto slice = parse_slice(stem);
        const auto material = chess::Material::parse(stem);
        if (!slice && !material)
            return Error{p.string() +
                         ": not a table name (expected a checkers slice like bm1bk0wm0wk1.rctb "
                         "or a chess material like KQvKR.rctb)"};
        auto file = TableFile::open(p, cache_blocks);
        if (!file) return Error{file.error()};
        const TableFile& f = **file;
        if (slice ? f.chess() || f.slice() != *slice : !f.chess() || f.material() != *material)
            return Error{p.string() + ": the header holds " + f.table_name()};
        if (!files.empty() && files.front()->chess() != f.chess())
            return Error{dir.string() + ": holds both checkers and chess tables (" +
                         files.front()->path().filename().string() + ", " + p.filename().string() +
                         ")"};
        files.push_back(std::move(file).value());
    }
    if (files.empty()) return Error{dir.string() + ": no table files (*.rctb) here"};
    std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) {
        return a->chess() ? a->material() < b->material() : a->slice() < b->slice();
    });
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
    if (files->front()->chess())
        return Error{dir.string() + ": holds chess tables; this asks for checkers ones"};
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

std::optional<chess::Material> missing_successor(const chess::Material& m,
                                                 const chess::MaterialTableSet& have) {
    for (const chess::Material& t : m.successors())
        if (t.pieces() > 2 && !have.find(t)) return t;
    return std::nullopt;
}

Result<chess::MaterialTableSet> load_chess_directory(const std::filesystem::path& dir,
                                                     int max_pieces) {
    auto files = open_directory(dir);
    if (!files) return Error{files.error()};
    if (!files->front()->chess())
        return Error{dir.string() + ": holds checkers tables; this asks for chess ones"};
    chess::MaterialTableSet set;
    for (const auto& f : *files) {
        if (f->material().pieces() > max_pieces) continue;
        auto table = f->read_material();
        if (!table) return Error{table.error()};
        set.add(std::move(table).value());
    }
    for (const auto& [m, table] : set.tables())
        if (const auto gap = missing_successor(m, set))
            return Error{dir.string() + ": material " + m.name() + " needs " + gap->name() +
                         ", which is missing (" + table_path(dir, *gap).filename().string() + ")"};
    return set;
}

}  // namespace retrocheck::tb::store
