#include "tablebases/checkers/probe.h"

#include <system_error>

#include "tablebases/checkers/slice.h"
#include "tablebases/formats/cake.h"
#include "tablebases/formats/chinook.h"
#include "tablebases/probe/resolver.h"
#include "tablebases/store/file_source.h"
#include "tablebases/store/format.h"

namespace retrocheck::tb {

namespace {

// Decompressed blocks each of our files keeps (64 KiB each).
constexpr std::size_t kCacheBlocks = 256;

// A resolver that keeps the database it reads alive.
class OwningResolver final : public TableSource {
  public:
    explicit OwningResolver(std::shared_ptr<TableSource> db)
        : db_(std::move(db)), resolver_(*db_) {}
    ProbeResult probe(const checkers::Position& pos) const override { return resolver_.probe(pos); }
    bool has_distance() const override { return resolver_.has_distance(); }

  private:
    std::shared_ptr<TableSource> db_;
    CaptureResolver resolver_;
};

Database capture_free(std::shared_ptr<TableSource> db, int max_pieces) {
    auto full = std::make_shared<OwningResolver>(db);
    return Database{std::move(db), max_pieces, std::move(full)};
}

}  // namespace

std::vector<std::string> formats_in(const std::filesystem::path& dir) {
    bool native = false, chinook = false, cake = false;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        const std::filesystem::path& p = entry.path();
        if (p.extension() == store::kExtension && parse_slice(p.stem().string())) native = true;
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

Result<std::optional<Outcome>> look_up(const Database& db, const checkers::Position& pos) {
    const ProbeResult r = db.full->probe(pos);
    if (r.status == ProbeStatus::Ok) return std::optional<Outcome>(r.value);
    if (r.status == ProbeStatus::Corrupt) return Error{r.error};
    return std::optional<Outcome>();
}

Result<Database> open_tables(const std::string& format, const std::filesystem::path& path) {
    if (format == "chinook") {
        auto db = std::filesystem::is_directory(path)
                      ? formats::ChinookDatabase::open_directory(path)
                      : formats::ChinookDatabase::open(path);
        if (!db) return Error{db.error()};
        return capture_free(*db, (*db)->max_pieces());
    }
    if (format == "cake") {
        auto db = formats::CakeDatabase::open_directory(path);
        if (!db) return Error{db.error()};
        return capture_free(*db, (*db)->max_pieces());
    }
    if (format != "native") return Error{"unknown database format '" + format + "'"};
    auto source = store::FileSource::open(path, kCacheBlocks);
    if (!source) {
        const auto others = formats_in(path);
        if (!others.empty() && others.front() != "native")
            return Error{path.string() + " holds no retrocheck tables (*.rctb) but a " +
                         others.front() + " database: give --db-format " + others.front()};
        return Error{source.error()};
    }
    return Database{*source, (*source)->max_pieces(), *source};
}

}  // namespace retrocheck::tb
