#include "tablebases/store/directory.h"

#include <algorithm>
#include <system_error>

#include "tablebases/checkers/files.h"
#include "tablebases/chess/files.h"
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

namespace {

// The first slice that moves from s lead to and `have` does not hold, if any.
template <TableGame G>
std::optional<typename G::Slice> missing(const typename G::Slice& s,
                                         const typename G::Tables& have) {
    for (const auto& t : G::successors(s))
        if (!have.find(t)) return t;
    return std::nullopt;
}

// Every table of the game G in dir, each block checked, closed under moves.
template <TableGame G>
Result<typename G::Tables> load(const std::filesystem::path& dir, int max_pieces) {
    using Files = GameFiles<G>;
    auto files = open_directory(dir);
    if (!files) return Error{files.error()};
    if (!Files::holds(*files->front()))
        return Error{dir.string() + ": " + files->front()->path().filename().string() +
                     " is another game's table; this asks for " + Files::kGame + " tables"};
    typename G::Tables set;
    for (const auto& f : *files) {
        if (Files::pieces(Files::slice(*f)) > max_pieces) continue;
        auto table = Files::read(*f);
        if (!table) return Error{table.error()};
        set.add(std::move(table).value());
    }
    for (const auto& [slice, table] : set.tables())
        if (const auto gap = missing<G>(slice, set))
            return Error{dir.string() + ": " + G::name(slice) + " needs " + G::name(*gap) +
                         ", which is missing (" + table_path(dir, *gap).filename().string() + ")"};
    return set;
}

}  // namespace

std::optional<Slice> missing_successor(Slice s, const TableSet& have) {
    return missing<CheckersGame>(s, have);
}

Result<TableSet> load_directory(const std::filesystem::path& dir, int max_pieces) {
    return load<CheckersGame>(dir, max_pieces);
}

std::optional<chess::Material> missing_successor(const chess::Material& m,
                                                 const chess::MaterialTableSet& have) {
    return missing<chess::ChessGame>(m, have);
}

Result<chess::MaterialTableSet> load_chess_directory(const std::filesystem::path& dir,
                                                     int max_pieces) {
    return load<chess::ChessGame>(dir, max_pieces);
}

}  // namespace retrocheck::tb::store
