// Where probes get values from: an in-memory table set, a directory of our files, and (later)
// third-party formats and the capture resolver over them.
#pragma once

#include <set>
#include <string>

#include "engine/checkers/position.h"
#include "engine/core/outcome.h"
#include "tablebases/checkers/table.h"

namespace retrocheck::tb {

enum class ProbeStatus {
    Ok,           // value holds the position's value
    NotStored,    // the source covers the slice but omits this position (capture-free formats)
    Missing,      // the source does not cover the position's slice
    Corrupt,      // the source could not be read; error says why
    TooMuchWork,  // a resolver hit its bound on work before it could answer
};

const char* to_string(ProbeStatus s);

struct ProbeResult {
    ProbeStatus status = ProbeStatus::Missing;
    Outcome value = Outcome::draw();  // with Ok; without a distance from WLD-only sources
    std::string error;

    static ProbeResult ok(Outcome v) { return {ProbeStatus::Ok, v, {}}; }
};

class TableSource {
  public:
    virtual ~TableSource() = default;
    virtual ProbeResult probe(const checkers::Position& pos) const = 0;
    // Whether Ok values carry distances (DTW) or only win, draw or loss.
    virtual bool has_distance() const { return true; }
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

// Another source with every position where either side has a capture left out (NotStored):
// what Chinook-style databases hold, made from a complete source.
class CaptureFreeSource final : public TableSource {
  public:
    explicit CaptureFreeSource(const TableSource& full) : full_(full) {}
    ProbeResult probe(const checkers::Position& pos) const override;
    bool has_distance() const override { return full_.has_distance(); }

  private:
    const TableSource& full_;
};

// Another source with some slices taken away (Missing): coverage gaps, for testing that a
// resolver reports them instead of guessing.
class GappySource final : public TableSource {
  public:
    GappySource(const TableSource& inner, std::set<Slice> gaps)
        : inner_(inner), gaps_(std::move(gaps)) {}
    ProbeResult probe(const checkers::Position& pos) const override {
        if (gaps_.count(slice_of(pos))) return {};
        return inner_.probe(pos);
    }
    bool has_distance() const override { return inner_.has_distance(); }

  private:
    const TableSource& inner_;
    std::set<Slice> gaps_;
};

}  // namespace retrocheck::tb
