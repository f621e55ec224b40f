// Chess tables in our files, for the store's generic loading (store/game_files.h).
#pragma once

#include <memory>

#include "tablebases/chess/game.h"
#include "tablebases/store/game_files.h"
#include "tablebases/store/reader.h"

template <>
struct retrocheck::tb::store::GameFiles<retrocheck::tb::chess::ChessGame> {
    static constexpr const char* kGame = "chess";
    static bool holds(const TableFile& f) { return f.chess(); }
    static chess::Material slice(const TableFile& f) { return f.material(); }
    static Result<std::shared_ptr<chess::MaterialTable>> read(const TableFile& f) {
        return f.read_material();
    }
    static int pieces(const chess::Material& m) { return m.pieces(); }
};
