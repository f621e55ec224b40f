// Checkers tables in our files, for the store's generic loading (store/game_files.h).
#pragma once

#include <memory>

#include "tablebases/checkers/game.h"
#include "tablebases/store/game_files.h"
#include "tablebases/store/reader.h"

template <>
struct retrocheck::tb::store::GameFiles<retrocheck::tb::CheckersGame> {
    static constexpr const char* kGame = "checkers";
    static bool holds(const TableFile& f) { return !f.chess(); }
    static Slice slice(const TableFile& f) { return f.slice(); }
    static Result<std::shared_ptr<SliceTable>> read(const TableFile& f) { return f.read_all(); }
    static int pieces(Slice s) { return s.pieces(); }
};
