// Chess tables in our files, for the store's generic loading (store/game_files.h): the
// header's key is the material's (material.h), its metric DTM (KQvK.rctb) or DTZ50
// (KQvK.dtz.rctb).
#pragma once

#include <memory>

#include "tablebases/chess/dtz_game.h"
#include "tablebases/chess/game.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/format.h"
#include "tablebases/store/game_files.h"
#include "tablebases/store/reader.h"

namespace retrocheck::tb::store {

// What the two metrics' files share.
template <std::uint32_t kMetric>
struct ChessFiles {
    static constexpr const char* kGame = "chess";
    static constexpr std::uint32_t kGameId = kGameChess;
    static bool holds(const TableFile& f) {
        return f.game() == kGameChess && measured_metric(f.metric()) == kMetric;
    }
    static chess::Material slice(const TableFile& f) { return chess::material_of_key(f.key()); }
    static int pieces(const chess::Material& m) { return m.pieces(); }
};

template <>
struct GameFiles<chess::ChessGame> : ChessFiles<kMetricDtm> {
    static constexpr const char* kTables = "chess DTM tables (KQvK.rctb)";
    static std::filesystem::path path(const std::filesystem::path& dir, const chess::Material& m) {
        return table_path(dir, m);
    }
    static Result<std::shared_ptr<chess::MaterialTable>> read(const TableFile& f) {
        return read_table(f, std::make_shared<chess::MaterialTable>(slice(f)));
    }
};

template <>
struct GameFiles<chess::ChessDtzGame> : ChessFiles<kMetricDtz50> {
    static constexpr const char* kTables = "chess DTZ tables (KQvK.dtz.rctb)";
    static std::filesystem::path path(const std::filesystem::path& dir, const chess::Material& m) {
        return dtz_table_path(dir, m);
    }
    static Result<std::shared_ptr<chess::DtzTable>> read(const TableFile& f) {
        return read_table(f, std::make_shared<chess::DtzTable>(slice(f)));
    }
};

}  // namespace retrocheck::tb::store
