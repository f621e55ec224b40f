// Syzygy tables (WDL .rtbw, DTZ .rtbz) read through Fathom, Debian's libfathom (tbprobe.h): the
// library decodes the files; this reader checks what it does not before it is trusted.
//
// open() refuses, naming the file: a size that is not 16 more than a multiple of 64 (the trailing
// checksum; a truncated or padded file), a magic number that is not Syzygy's, a material with one
// of its two files, a material whose captures or promotions lead to a material the directory
// lacks (Fathom resolves captures through those tables), and a table Fathom cannot load when it
// is first probed. A probe that Fathom fails is Corrupt (the directory covers the position) or
// Missing (it does not), never a value.
//
// Fathom keeps its tables in globals (one path at a time), so at most one SyzygyTables is alive
// in a process: open() refuses a second one until the first is destroyed. Probes of the live one
// are safe from several threads (Fathom locks while it loads a table; everything else is read
// only).
//
// probe() is tb_probe_wdl; probe_dtz() is tb_probe_root, whose DTZ is the position's own, from
// the table or, for the side to move the file does not store, Fathom's one-ply search. The
// 50-move counter is 0 and castling rights are refused (Fathom answers neither). The root probe
// also values every move (its results array): for a move that does not zero, -(child's DTZ)
// one ply further from zero (1 for a mate), which probe_dtz() hands back as the child's DTZ.
//
// stored_dtz() reads the number a DTZ file holds for one position through Fathom's own table
// reader, probe_table() of tbprobe.c: Debian's libfathom exports it, though tbprobe.h does not
// declare it, and it is the one call that reads a DTZ entry without a search (a root probe
// searches every move, 30 to 60 table reads a position). The reader decodes the file (its
// pairs, its value map, plies or full moves); the number it returns is turned into plies as
// Fathom's probe_dtz does (1 + n for a win, 101 + n for a cursed win, negated for losses).
// open() checks the call against tb_probe_wdl on each material's first positions before it is
// trusted (the declaration below must match the library's layout of a position).
#pragma once

#include <filesystem>
#include <memory>

#include "engine/core/result.h"
#include "tablebases/chess/source.h"

namespace retrocheck::tb::chess {

class SyzygyTables final : public ChessTableSource {
  public:
    static Result<std::shared_ptr<SyzygyTables>> open(const std::filesystem::path& dir);
    ~SyzygyTables() override;
    SyzygyTables(const SyzygyTables&) = delete;
    SyzygyTables& operator=(const SyzygyTables&) = delete;

    std::string format() const override { return "syzygy"; }
    const std::vector<Material>& materials() const override { return materials_; }
    ChessProbe probe(const retrocheck::chess::Position& pos) const override;
    ChessProbe probe_dtz(const retrocheck::chess::Position& pos,
                         std::vector<ChildDtz>* children = nullptr) const override;
    StoredDtz stored_dtz(const retrocheck::chess::Position& pos, Wdl5 wdl) const override;
    bool has_dtz() const override { return true; }

    // The file a material is stored in ("KQvKR.rtbw" for KRvKQ too).
    std::filesystem::path file_of(const Material& m, bool dtz) const;

  private:
    SyzygyTables() = default;
    // Missing when the directory does not cover pos's material, else nothing.
    std::optional<ChessProbe> refuse(const retrocheck::chess::Position& pos) const;
    // Probes a few positions of m, so that Fathom loads its files now: an error naming the file
    // it cannot read.
    Result<bool> first_probes(const Material& m) const;

    std::filesystem::path dir_;
    std::vector<Material> materials_;
};

// The name Syzygy gives a material: the stronger side first (more pieces, then the stronger
// pieces, Q R B N P), so KRvKQ is stored as KQvKR.
std::string syzygy_name(const Material& m);

}  // namespace retrocheck::tb::chess
