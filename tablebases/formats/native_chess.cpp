#include "tablebases/formats/native_chess.h"

#include <fmt/format.h>

#include "engine/chess/fen.h"
#include "tablebases/store/directory.h"

namespace retrocheck::tb::chess {

Result<std::shared_ptr<NativeChessTables>> NativeChessTables::open(
    const std::filesystem::path& dir) {
    auto tables = store::load_directory<tb::chess::ChessGame>(dir);
    if (!tables) return Error{tables.error()};
    return std::make_shared<NativeChessTables>(dir, std::move(*tables));
}

NativeChessTables::NativeChessTables(std::filesystem::path dir, MaterialTableSet tables)
    : dir_(std::move(dir)), tables_(std::move(tables)) {
    for (const auto& entry : tables_.tables()) materials_.push_back(entry.first);
}

ChessProbe NativeChessTables::probe(const retrocheck::chess::Position& pos) const {
    if (pos.castling())
        return ChessProbe::missing("castling rights are not in our tables: " +
                                   retrocheck::chess::format_fen(pos));
    const auto v = tables_.probe(pos);
    if (!v)
        return ChessProbe::missing(fmt::format(
            "{} holds no {} (build it with `retrocheck build "
            "chess --material {} --out {}`)",
            dir_.string(), Material::of(pos).name(), Material::of(pos).name(), dir_.string()));
    ChessProbe p;
    p.status = ChessProbeStatus::Ok;
    p.wdl = v->is_win() ? Wdl5::Win : v->is_loss() ? Wdl5::Loss : Wdl5::Draw;
    if (!v->is_draw()) p.dtm = v->plies();
    return p;
}

}  // namespace retrocheck::tb::chess
