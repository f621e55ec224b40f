// Chess tables in our files, for the store's generic loading (store/game_files.h): the
// header's key is the material's (material.h).
#pragma once

#include <memory>

#include "tablebases/chess/game.h"
#include "tablebases/store/format.h"
#include "tablebases/store/game_files.h"
#include "tablebases/store/reader.h"

template <>
struct retrocheck::tb::store::GameFiles<retrocheck::tb::chess::ChessGame> {
    static constexpr const char* kGame = "chess";
    static bool holds(const TableFile& f) { return f.game() == kGameChess; }
    static chess::Material slice(const TableFile& f) { return chess::material_of_key(f.key()); }
    static Result<std::shared_ptr<chess::MaterialTable>> read(const TableFile& f) {
        return read_table(f, std::make_shared<chess::MaterialTable>(slice(f)));
    }
    static int pieces(const chess::Material& m) { return m.pieces(); }
};
