#include "tablebases/chess/probe.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "tablebases/chess/material.h"
#include "tablebases/formats/gaviota.h"
#include "tablebases/formats/native_chess.h"
#include "tablebases/formats/syzygy.h"
#include "tablebases/store/format.h"

namespace retrocheck::tb::chess {

namespace {

bool ends_with(const std::string& name, std::string_view suffix) {
    return name.size() > suffix.size() &&
           name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

std::vector<std::string> formats_in(const std::filesystem::path& dir) {
    bool found[3] = {false, false, false};
    std::error_code ec;
    std::filesystem::directory_iterator it(dir, ec);
    if (ec) return {};
    for (const auto& entry : it) {
        const std::string name = entry.path().filename().string();
        std::string stem = entry.path().stem().string();
        if (stem.ends_with(store::kDtzSuffix)) stem.resize(stem.size() - store::kDtzSuffix.size());
        if (entry.path().extension() == store::kExtension && Material::parse(stem))
            found[0] = true;
        else if (ends_with(name, ".rtbw") || ends_with(name, ".rtbz"))
            found[1] = true;
        else
            for (const char* s : {".gtb.cp1", ".gtb.cp2", ".gtb.cp3", ".gtb.cp4"})
                found[2] = found[2] || ends_with(name, s);
    }
    std::vector<std::string> out;
    for (std::size_t i = 0; i < 3; ++i)
        if (found[i]) out.push_back(kFormats[i]);
    return out;
}

Result<std::shared_ptr<ChessTableSource>> open_tables(const std::string& format,
                                                      const std::filesystem::path& dir) {
    const std::string& f = format;
    if (f == "syzygy") {
        auto s = SyzygyTables::open(dir);
        if (!s) return Error{s.error()};
        return std::shared_ptr<ChessTableSource>(*s);
    }
    if (f == "gaviota") {
        auto g = GaviotaTables::open(dir);
        if (!g) return Error{g.error()};
        return std::shared_ptr<ChessTableSource>(*g);
    }
    if (f != "native")
        return Error{fmt::format("{} is not a chess format ({})", f, fmt::join(kFormats, ", "))};
    auto n = NativeChessTables::open(dir);
    if (!n) return Error{n.error()};
    return std::shared_ptr<ChessTableSource>(*n);
}

}  // namespace retrocheck::tb::chess
