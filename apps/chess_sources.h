// Chess tables of any format as one ChessTableSource: ours (native), Syzygy through Fathom,
// Gaviota through libgaviotatb. A folder holding one kind only is recognised by its files' names.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/result.h"
#include "tablebases/formats/chess_source.h"

namespace retrocheck::app {

inline const std::vector<std::string> kChessFormats = {"native", "syzygy", "gaviota"};

// The chess formats whose files dir holds, by name (".rctb" files named by a material, ".rtbw"
// or ".rtbz", ".gtb.cp1"-".gtb.cp4"), in kChessFormats order; none for a folder that cannot be
// listed (the reader then says why).
std::vector<std::string> chess_formats_in(const std::filesystem::path& dir);

// format: one of kChessFormats (apps/databases.h's recognise_tables() tells a folder's).
Result<std::shared_ptr<tb::chess::ChessTableSource>> open_chess_source(
    const std::string& format, const std::filesystem::path& dir);

}  // namespace retrocheck::app
