// Our chess tables as a ChessTableSource: what probe, audit and the other table readers ask of
// Syzygy and Gaviota files, asked of ours (WDL and DTM, no DTZ), so that one path serves the
// three formats.
#pragma once

#include <filesystem>
#include <memory>

#include "engine/core/result.h"
#include "tablebases/chess/source.h"
#include "tablebases/chess/table.h"

namespace retrocheck::tb::chess {

class NativeChessTables final : public ChessTableSource {
  public:
    // Every table of dir, each block checked (store::load_chess_directory).
    static Result<std::shared_ptr<NativeChessTables>> open(const std::filesystem::path& dir);
    NativeChessTables(std::filesystem::path dir, MaterialTableSet tables);

    std::string format() const override { return "native"; }
    const std::vector<Material>& materials() const override { return materials_; }
    // A material the set lacks is Missing, naming it and the folder.
    ChessProbe probe(const retrocheck::chess::Position& pos) const override;
    bool has_dtm() const override { return true; }

    const MaterialTableSet& tables() const { return tables_; }

  private:
    std::filesystem::path dir_;
    MaterialTableSet tables_;
    std::vector<Material> materials_;
};

}  // namespace retrocheck::tb::chess
