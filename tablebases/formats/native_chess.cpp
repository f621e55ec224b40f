#include "tablebases/formats/native_chess.h"

#include <fmt/format.h>

#include "engine/chess/fen.h"
#include "tablebases/chess/dtz_game.h"
#include "tablebases/store/directory.h"

namespace retrocheck::tb::chess {

Result<std::shared_ptr<NativeChessTables>> NativeChessTables::open(
    const std::filesystem::path& dir) {
    const store::ChessMetricsHeld held = store::chess_metrics_in(dir);
    std::optional<MaterialTableSet> dtm;
    std::optional<DtzTableSet> dtz;
    if (held.dtm || !held.dtz) {  // neither: the DTM reader says what the folder lacks
        auto tables = store::load_directory<ChessGame>(dir);
        if (!tables) return Error{tables.error()};
        dtm = std::move(*tables);
    }
    if (held.dtz) {
        auto tables = store::load_directory<ChessDtzGame>(dir);
        if (!tables) return Error{tables.error()};
        dtz = std::move(*tables);
    }
    return std::make_shared<NativeChessTables>(dir, std::move(dtm), std::move(dtz));
}

NativeChessTables::NativeChessTables(std::filesystem::path dir, std::optional<MaterialTableSet> dtm,
                                     std::optional<DtzTableSet> dtz)
    : dir_(std::move(dir)), dtm_(std::move(dtm)), dtz_(std::move(dtz)) {
    if (dtm_)
        for (const auto& entry : dtm_->tables()) materials_.push_back(entry.first);
    else
        for (const auto& entry : dtz_->tables()) materials_.push_back(entry.first);
}

ChessProbe NativeChessTables::probe(const retrocheck::chess::Position& pos) const {
    ChessProbe p = probe_dtz(pos);
    p.dtz.reset();
    return p;
}

ChessProbe NativeChessTables::probe_dtz(const retrocheck::chess::Position& pos,
                                        std::vector<ChildDtz>* children) const {
    if (children) children->clear();
    if (pos.castling())
        return ChessProbe::missing("castling rights are not in our tables: " +
                                   retrocheck::chess::format_fen(pos));
    const Material m = Material::of(pos);
    const auto lacks = [&](const char* metric, const char* option) {
        return ChessProbe::missing(fmt::format(
            "{} holds no {} table of {} (build it with `retrocheck build chess --material {}{} "
            "--out {}`)",
            dir_.string(), metric, m.name(), m.name(), option, dir_.string()));
    };
    ChessProbe p;
    p.status = ChessProbeStatus::Ok;
    if (dtm_) {
        const auto v = dtm_->probe(pos);
        if (!v) return lacks("DTM", "");
        p.wdl = v->is_win() ? Wdl5::Win : v->is_loss() ? Wdl5::Loss : Wdl5::Draw;
        if (!v->is_draw()) p.dtm = v->plies();
    }
    if (dtz_) {
        const auto d = dtz_->probe(pos);
        if (!d) return lacks("DTZ50", " --metric dtz");
        p.wdl = d->wdl;
        p.dtz = d->dtz;
    }
    return p;
}

}  // namespace retrocheck::tb::chess
