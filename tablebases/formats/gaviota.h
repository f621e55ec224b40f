// Gaviota DTM tables (kqkr.gtb.cp4: LZMA; .cp1 .cp2 .cp3 the other compressions) read through
// Debian's libgaviotatb (gtb-probe.h): the library decodes the files; this reader checks what
// it does not before it is trusted.
//
// open() refuses, naming the file: a directory that mixes compression schemes, a header whose
// scheme byte disagrees with the name, a block index that does not end at the file's size (a
// truncated or padded file) or does not run forward, a material whose captures or promotions
// lead to a material the directory lacks (the audit values children through them), and a file
// the library cannot decode when it is first probed. A probe the library fails is Corrupt (the
// directory covers the position) or Missing (it does not), never a value.
//
// The library keeps its paths, files and cache in globals, so at most one GaviotaTables is alive
// in a process: open() refuses a second one until the first is destroyed. Probes are safe from
// several threads because the reader serializes them: the library's own locking is not enough
// (two threads at once get wrong values and "illegal" answers for legal positions).
//
// Values are DTM in plies for the side to move (the files store them for the mating side).
#pragma once

#include <filesystem>
#include <memory>

#include "engine/core/result.h"
#include "tablebases/chess/source.h"

namespace retrocheck::tb::chess {

class GaviotaTables final : public ChessTableSource {
  public:
    static Result<std::shared_ptr<GaviotaTables>> open(const std::filesystem::path& dir);
    ~GaviotaTables() override;
    GaviotaTables(const GaviotaTables&) = delete;
    GaviotaTables& operator=(const GaviotaTables&) = delete;

    std::string format() const override { return "gaviota"; }
    const std::vector<Material>& materials() const override { return materials_; }
    ChessProbe probe(const retrocheck::chess::Position& pos) const override;
    bool has_dtm() const override { return true; }

    // The file that holds a material ("kqkr.gtb.cp4" for KRvKQ too).
    std::filesystem::path file_of(const Material& m) const;

  private:
    GaviotaTables() = default;
    Result<bool> first_probes(const Material& m) const;

    std::filesystem::path dir_;
    std::string suffix_;  // ".gtb.cp4"
    std::vector<Material> materials_;
    std::vector<std::string> names_;  // materials_' file stems
    const char** paths_ = nullptr;    // the library's path list
};

// The stem of the files that hold m: "kqkr" for KQvKR and for KRvKQ.
std::string gaviota_stem(const Material& m);
// "kqkr" for KQvKR; nothing for a name that is not a Gaviota material.
std::optional<Material> gaviota_material(const std::string& stem);

}  // namespace retrocheck::tb::chess
