#include "tablebases/store/directory.h"

#include <algorithm>
#include <system_error>

#include "tablebases/checkers/files.h"
#include "tablebases/chess/files.h"
#include "tablebases/store/format.h"

namespace retrocheck::tb::store {
namespace {

// Whether f's header holds the slice its name says.
template <typename G>
bool header_holds(const TableFile& f, const typename G::Slice& s) {
    return GameFiles<G>::holds(f) && GameFiles<G>::slice(f) == s;
}

}  // namespace

std::filesystem::path table_path(const std::filesystem::path& dir, Slice slice) {
    return dir / (name(slice) + std::string(kExtension));
}

std::filesystem::path table_path(const std::filesystem::path& dir, const chess::Material& m) {
    return dir / (m.name() + std::string(kExtension));
}

std::filesystem::path dtz_table_path(const std::filesystem::path& dir, const chess::Material& m) {
    return dir / (m.name() + std::string(kDtzSuffix) + std::string(kExtension));
}

ChessMetricsHeld chess_metrics_in(const std::filesystem::path& dir) {
    ChessMetricsHeld held;
    std::error_code ec;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::filesystem::path& p = it->path();
        if (p.extension() != kExtension) continue;
        std::string stem = p.stem().string();
        const bool dtz = stem.ends_with(kDtzSuffix);
        if (dtz) stem.resize(stem.size() - kDtzSuffix.size());
        if (!chess::Material::parse(stem)) continue;
        (dtz ? held.dtz : held.dtm) = true;
    }
    return held;
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
        std::string stem = p.stem().string();
        const bool dtz = stem.ends_with(kDtzSuffix);
        if (dtz) stem.resize(stem.size() - kDtzSuffix.size());
        const auto slice = dtz ? std::nullopt : parse_slice(stem);
        const auto material = chess::Material::parse(stem);
        if (!slice && !material)
            return Error{p.string() +
                         ": not a table name (expected a checkers slice like bm1bk0wm0wk1.rctb "
                         "or a chess material like KQvKR.rctb or KQvKR.dtz.rctb)"};
        auto file = TableFile::open(p, cache_blocks);
        if (!file) return Error{file.error()};
        const TableFile& f = **file;
        if (slice ? !header_holds<CheckersGame>(f, *slice)
            : dtz ? !header_holds<chess::ChessDtzGame>(f, *material)
                  : !header_holds<chess::ChessGame>(f, *material))
            return Error{p.string() + ": the header holds " + f.table_name()};
        if (!files.empty() && files.front()->game() != f.game())
            return Error{dir.string() + ": holds both checkers and chess tables (" +
                         files.front()->path().filename().string() + ", " + p.filename().string() +
                         ")"};
        files.push_back(std::move(file).value());
    }
    if (files.empty()) return Error{dir.string() + ": no table files (*.rctb) here"};
    std::sort(files.begin(), files.end(),
              [](const auto& a, const auto& b) { return a->path() < b->path(); });
    return files;
}

template <typename G>
Result<std::vector<std::shared_ptr<TableFile>>> open_game_directory(
    const std::filesystem::path& dir, std::size_t cache_blocks) {
    using Files = GameFiles<G>;
    auto files = open_directory(dir, cache_blocks);
    if (!files) return Error{files.error()};
    if (files->front()->game() != Files::kGameId)
        return Error{dir.string() + ": " + files->front()->path().filename().string() +
                     " is another game's table; this asks for " + Files::kGame + " tables"};
    auto list = std::move(files).value();
    std::erase_if(list, [](const auto& f) { return !Files::holds(*f); });
    if (list.empty()) return Error{dir.string() + ": holds no " + Files::kTables};
    std::sort(list.begin(), list.end(),
              [](const auto& a, const auto& b) { return Files::slice(*a) < Files::slice(*b); });
    return list;
}

template <typename G>
Result<typename G::Tables> load_directory(const std::filesystem::path& dir, int max_pieces) {
    using Files = GameFiles<G>;
    auto files = open_game_directory<G>(dir);
    if (!files) return Error{files.error()};
    typename G::Tables set;
    for (const auto& f : *files) {
        if (Files::pieces(Files::slice(*f)) > max_pieces) continue;
        auto table = Files::read(*f);
        if (!table) return Error{table.error()};
        set.add(std::move(table).value());
    }
    std::vector<typename G::Slice> held;
    for (const auto& entry : set.tables()) held.push_back(entry.first);
    if (const auto gap = closure_gap<G>(dir, held, [&](const auto& s) { return set.find(s); }))
        return *gap;
    return set;
}

template Result<std::vector<std::shared_ptr<TableFile>>> open_game_directory<CheckersGame>(
    const std::filesystem::path&, std::size_t);
template Result<std::vector<std::shared_ptr<TableFile>>> open_game_directory<chess::ChessGame>(
    const std::filesystem::path&, std::size_t);
template Result<std::vector<std::shared_ptr<TableFile>>> open_game_directory<chess::ChessDtzGame>(
    const std::filesystem::path&, std::size_t);
template Result<TableSet> load_directory<CheckersGame>(const std::filesystem::path&, int);
template Result<chess::DtzTableSet> load_directory<chess::ChessDtzGame>(
    const std::filesystem::path&, int);
template Result<chess::MaterialTableSet> load_directory<chess::ChessGame>(
    const std::filesystem::path&, int);

}  // namespace retrocheck::tb::store
