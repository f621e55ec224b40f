// Our chess tables as a ChessTableSource: what probe, audit and the other table readers ask of
// Syzygy and Gaviota files, asked of ours, so that one path serves the three formats. A folder
// may hold DTM tables (KQvK.rctb: WDL and DTM), DTZ50 tables (KQvK.dtz.rctb: Syzygy's five
// results and DTZ) or both; their tables are read as probes need them.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>

#include "engine/core/result.h"
#include "tablebases/chess/dtz.h"
#include "tablebases/chess/dtz_game.h"
#include "tablebases/chess/game.h"
#include "tablebases/chess/source.h"
#include "tablebases/chess/table.h"

namespace retrocheck::tb::chess {

class NativeChessTables final : public ChessTableSource {
  public:
    // The table files of dir of each metric it holds, opened with their headers checked and the
    // set checked closed under moves. A table is read (each block checked) when a probe first
    // needs it, with those its moves lead to, and stays: a probe into a 5-piece set reads a few
    // tables, not the set.
    static Result<std::shared_ptr<NativeChessTables>> open(const std::filesystem::path& dir);

    std::string format() const override { return "native"; }
    const std::vector<Material>& materials() const override { return materials_; }
    // With DTZ50 tables, Syzygy's five results at a halfmove clock of 0 (the FEN's clock is
    // not read, as Syzygy's WDL probe does not), else win, draw or loss; DTM where held. A
    // material the sets lack is Missing, naming it and the folder; a table that cannot be read
    // is Corrupt, naming its file.
    ChessProbe probe(const retrocheck::chess::Position& pos) const override;
    // probe() with DTZ; the children's DTZ are not given (callers probe the children).
    ChessProbe probe_dtz(const retrocheck::chess::Position& pos,
                         std::vector<ChildDtz>* children = nullptr) const override;
    bool has_dtm() const override { return dtm_ != nullptr; }
    bool has_dtz() const override { return dtz_ != nullptr; }

    // One metric's tables, read as probes need them (safe from several threads).
    template <typename G>
    class OnDemand;

  private:
    NativeChessTables() = default;

    std::filesystem::path dir_;
    std::shared_ptr<OnDemand<ChessGame>> dtm_;
    std::shared_ptr<OnDemand<ChessDtzGame>> dtz_;
    std::vector<Material> materials_;
};

}  // namespace retrocheck::tb::chess
