// What the example resolvers read: our table files in the directory that RETROCHECK_AGAINST
// names (check-probe sets it to its --against directory), seen as a capture-free database like
// Chinook's: a position where either side has a capture is not stored, so a probe must resolve
// it from the positions it leads to.
#pragma once

#include <cstdlib>
#include <memory>
#include <optional>

#include "engine/checkers/notation.h"
#include "retrocheck/plugin.h"
#include "tablebases/probe/source.h"
#include "tablebases/store/file_source.h"

namespace example {

using retrocheck::Outcome;
using retrocheck::checkers::Position;
namespace tb = retrocheck::tb;

struct Database {
    std::shared_ptr<tb::store::FileSource> files;
    std::unique_ptr<tb::CaptureFreeSource> capture_free;  // over files
};

// Opened at the first probe; nothing when RETROCHECK_AGAINST is unset or holds no tables.
inline const Database* database() {
    static const std::optional<Database> db = []() -> std::optional<Database> {
        const char* dir = std::getenv("RETROCHECK_AGAINST");
        if (dir == nullptr) return std::nullopt;
        auto files = tb::store::FileSource::open(dir);
        if (!files) return std::nullopt;
        Database d{*files, nullptr};
        d.capture_free = std::make_unique<tb::CaptureFreeSource>(*d.files);
        return d;
    }();
    return db ? &*db : nullptr;
}

inline rc_probe_result status_only(rc_probe_status status) { return {status, RC_DRAW, -1}; }

inline rc_probe_result value_result(const Outcome& v) {
    const int32_t wld = v.is_win() ? RC_WIN : v.is_loss() ? RC_LOSS : RC_DRAW;
    return {RC_PROBE_OK, wld, v.has_distance() ? v.plies() : -1};
}

}  // namespace example
