// Probing chess tables, the public header (in the spirit of Fathom's tbprobe.h): a folder of
// tables of any format as one ChessTableSource (chess/source.h: probe() for WDL and
// DTM, probe_dtz() for DTZ), ours (native), Syzygy's through Fathom, Gaviota's through
// libgaviotatb. A folder holding one kind only is recognised by its files' names.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/result.h"
#include "tablebases/chess/source.h"

namespace retrocheck::tb::chess {

inline const std::vector<std::string> kFormats = {"native", "syzygy", "gaviota"};

// The chess formats whose files dir holds, by name (".rctb" files named by a material, ".rtbw"
// or ".rtbz", ".gtb.cp1"-".gtb.cp4"), in kFormats order; none for a folder that cannot be
// listed (the reader then says why).
std::vector<std::string> formats_in(const std::filesystem::path& dir);

// format: one of kFormats (formats_in() tells a folder's).
Result<std::shared_ptr<ChessTableSource>> open_tables(const std::string& format,
                                                      const std::filesystem::path& dir);

}  // namespace retrocheck::tb::chess
