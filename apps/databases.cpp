#include "apps/databases.h"

#include <optional>
#include <system_error>

#include "tablebases/formats/cake.h"
#include "tablebases/formats/chinook.h"
#include "tablebases/store/file_source.h"

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

// Which third-party format a directory holds, if any: a Chinook data file beside its .idx, or
// Cake's db<n>.idx / db<n>.cpr pairs.
std::optional<std::string> other_format(const std::filesystem::path& dir) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        const std::filesystem::path& p = entry.path();
        if (p.extension() == ".cpr") return "cake";
        if (p.extension() == ".idx" && std::filesystem::exists(p.parent_path() / p.stem(), ec))
            return "chinook";
    }
    return std::nullopt;
}

}  // namespace

Result<std::optional<Outcome>> look_up(const Database& db, const checkers::Position& pos) {
    const tb::ProbeResult r = db.full->probe(pos);
    if (r.status == tb::ProbeStatus::Ok) return std::optional<Outcome>(r.value);
    if (r.status == tb::ProbeStatus::Corrupt) return Error{r.error};
    return std::optional<Outcome>();
}

void add_db_format_option(CLI::App* cmd, std::string& format) {
    cmd->add_option("--db-format", format,
                    "Format of the tables: native (ours), chinook or cake (read through the "
                    "capture resolver)")
        ->check(CLI::IsMember(kDatabaseFormats));
}

Result<Database> open_database(const std::string& format, const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        return Error{path.string() + ": " +
                     (ec ? ec.message()
                         : std::make_error_code(std::errc::no_such_file_or_directory).message())};
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
        if (const auto other = other_format(path))
            return Error{path.string() + " holds no retrocheck tables (*.rctb) but a " + *other +
                         " database: give --db-format " + *other};
        return Error{source.error()};
    }
    return Database{*source, (*source)->max_pieces(), *source};
}

}  // namespace retrocheck::app
