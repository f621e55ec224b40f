#include "apps/databases.h"

#include <optional>
#include <system_error>

#include <fmt/format.h>

#include "apps/chess_sources.h"
#include "tablebases/formats/cake.h"
#include "tablebases/formats/chinook.h"
#include "tablebases/checkers/slice.h"
#include "tablebases/store/file_source.h"
#include "tablebases/store/format.h"

namespace retrocheck::app {

namespace {

// Decompressed blocks each of our files keeps (64 KiB each).
constexpr std::size_t kCacheBlocks = 256;

// A resolver that keeps the database it reads alive.
class OwningResolver final : public tb::TableSource {
  public:
    explicit OwningResolver(std::shared_ptr<tb::TableSource> db)
        : db_(std::move(db)), resolver_(*db_) {}
    tb::ProbeResult probe(const checkers::Position& pos) const override {
        return resolver_.probe(pos);
    }
    bool has_distance() const override { return resolver_.has_distance(); }

  private:
    std::shared_ptr<tb::TableSource> db_;
    tb::CaptureResolver resolver_;
};

Database capture_free(std::shared_ptr<tb::TableSource> db, int max_pieces) {
    auto full = std::make_shared<OwningResolver>(db);
    return Database{std::move(db), max_pieces, std::move(full)};
}

// The checkers formats a directory's files show: our files named by a slice, a Chinook data
// file beside its .idx, Cake's db<n>.idx / db<n>.cpr pairs.
std::vector<std::string> checkers_formats_in(const std::filesystem::path& dir) {
    bool native = false, chinook = false, cake = false;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        const std::filesystem::path& p = entry.path();
        if (p.extension() == tb::store::kExtension && tb::parse_slice(p.stem().string()))
            native = true;
        if (p.extension() == ".cpr") cake = true;
        if (p.extension() == ".idx" && std::filesystem::exists(p.parent_path() / p.stem(), ec))
            chinook = true;
    }
    std::vector<std::string> out;
    if (native) out.push_back("native");
    if (chinook) out.push_back("chinook");
    if (cake) out.push_back("cake");
    return out;
}

}  // namespace

Result<TableKind> recognise_tables(const std::string& given, const std::filesystem::path& path) {
    const std::vector<std::string> chess = chess_formats_in(path);
    if (given == "syzygy" || given == "gaviota") return TableKind{"chess", given};
    if (given == "chinook" || given == "cake") return TableKind{"checkers", given};
    const bool chess_native = !chess.empty() && chess.front() == "native";
    if (given == "native") return TableKind{chess_native ? "chess" : "checkers", "native"};
    std::error_code ec;
    if (std::filesystem::is_regular_file(path, ec)) return TableKind{"checkers", "chinook"};
    std::vector<TableKind> kinds;
    for (const auto& f : checkers_formats_in(path)) kinds.push_back({"checkers", f});
    for (const auto& f : chess) kinds.push_back({"chess", f});
    if (kinds.size() > 1) {
        std::string names;
        for (const TableKind& k : kinds)
            names += (names.empty() ? "" : ", ") + k.game + " " + k.format;
        return Error{
            fmt::format("{} holds tables of {} kinds ({}): name the one to read with "
                        "--db-format",
                        path.string(), kinds.size(), names)};
    }
    return kinds.empty() ? TableKind{"checkers", "native"} : kinds.front();
}

Result<std::optional<Outcome>> look_up(const Database& db, const checkers::Position& pos) {
    const tb::ProbeResult r = db.full->probe(pos);
    if (r.status == tb::ProbeStatus::Ok) return std::optional<Outcome>(r.value);
    if (r.status == tb::ProbeStatus::Corrupt) return Error{r.error};
    return std::optional<Outcome>();
}

void add_db_format_option(CLI::App* cmd, std::string& format) {
    cmd->add_option("--db-format", format,
                    "Format of the tables: auto (recognised by the files' names), native (ours), "
                    "chinook or cake (read through the capture resolver)")
        ->check(CLI::IsMember(kDatabaseFormats));
}

void add_table_format_option(CLI::App* cmd, std::string& format, const std::string& names) {
    cmd->add_option(names, format,
                    "Format of the tables: auto (recognised by the files' names), native (ours, "
                    "either game), chinook or cake (checkers, read through the capture resolver), "
                    "syzygy or gaviota (chess)")
        ->check(CLI::IsMember(kTableFormats));
}

Result<Database> open_database(const std::string& given, const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        return Error{path.string() + ": " +
                     (ec ? ec.message()
                         : std::make_error_code(std::errc::no_such_file_or_directory).message())};
    const auto kind = recognise_tables(given, path);
    if (!kind) return Error{kind.error()};
    if (kind->game == "chess")
        return Error{fmt::format("{} holds chess tables ({}); this command reads checkers tables",
                                 path.string(), kind->format)};
    const std::string& format = kind->format;
    if (format == "chinook") {
        auto db = std::filesystem::is_directory(path)
                      ? tb::formats::ChinookDatabase::open_directory(path)
                      : tb::formats::ChinookDatabase::open(path);
        if (!db) return Error{db.error()};
        return capture_free(*db, (*db)->max_pieces());
    }
    if (format == "cake") {
        auto db = tb::formats::CakeDatabase::open_directory(path);
        if (!db) return Error{db.error()};
        return capture_free(*db, (*db)->max_pieces());
    }
    if (format != "native") return Error{"unknown database format '" + format + "'"};
    auto source = tb::store::FileSource::open(path, kCacheBlocks);
    if (!source) {
        const auto others = checkers_formats_in(path);
        if (given == "native" && !others.empty() && others.front() != "native")
            return Error{path.string() + " holds no retrocheck tables (*.rctb) but a " +
                         others.front() + " database: give --db-format " + others.front()};
        return Error{source.error()};
    }
    return Database{*source, (*source)->max_pieces(), *source};
}

}  // namespace retrocheck::app
