#include "apps/databases.h"

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

}  // namespace

Result<Database> open_database(const std::string& format, const std::filesystem::path& path) {
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
    if (!source) return Error{source.error()};
    return Database{*source, (*source)->max_pieces(), *source};
}

}  // namespace retrocheck::app
