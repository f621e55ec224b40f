// Where probes get values from: an in-memory table set, a directory of our files, and (later)
// third-party formats and the capture resolver over them.
#pragma once

#include <string>

#include "engine/checkers/position.h"
#include "engine/core/outcome.h"
#include "tablebases/table.h"

namespace retrocheck::tb {

enum class ProbeStatus {
    Ok,         // value holds the position's value
    NotStored,  // the source covers the slice but omits this position (capture-free formats)
    Missing,    // the source does not cover the position's slice
    Corrupt,    // the source could not be read; error says why
};

struct ProbeResult {
    ProbeStatus status = ProbeStatus::Missing;
    Outcome value = Outcome::draw();
    std::string error;

    static ProbeResult ok(Outcome v) { return {ProbeStatus::Ok, v, {}}; }
};

class TableSource {
  public:
    virtual ~TableSource() = default;
    virtual ProbeResult probe(const checkers::Position& pos) const = 0;
};

// A TableSet as a source: Ok or Missing.
class MemorySource final : public TableSource {
  public:
    explicit MemorySource(const TableSet& tables) : tables_(tables) {}
    ProbeResult probe(const checkers::Position& pos) const override {
        const auto v = tables_.probe(pos);
        return v ? ProbeResult::ok(*v) : ProbeResult{};
    }

  private:
    const TableSet& tables_;
};

}  // namespace retrocheck::tb
