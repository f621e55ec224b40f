// Checkers tables in our files, for the store's generic loading (store/game_files.h): the
// header's key is the slice's four counts, a byte each.
#pragma once

#include <memory>

#include "tablebases/checkers/game.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/format.h"
#include "tablebases/store/game_files.h"
#include "tablebases/store/reader.h"

template <>
struct retrocheck::tb::store::GameFiles<retrocheck::tb::CheckersGame> {
    static constexpr const char* kGame = "checkers";
    static constexpr std::uint32_t kGameId = kGameCheckers;
    static constexpr const char* kTables = "checkers tables (bm1bk0wm0wk1.rctb)";
    static bool holds(const TableFile& f) { return f.game() == kGameCheckers; }
    static std::filesystem::path path(const std::filesystem::path& dir, Slice s) {
        return table_path(dir, s);
    }
    static Slice slice(const TableFile& f) {
        const auto byte = [&](int i) { return static_cast<std::uint8_t>(f.key() >> (8 * i)); };
        return Slice{byte(0), byte(1), byte(2), byte(3)};
    }
    static Result<std::shared_ptr<SliceTable>> read(const TableFile& f) {
        return read_table(f, std::make_shared<SliceTable>(slice(f)));
    }
    static int pieces(Slice s) { return s.pieces(); }
};
