// What the example resolvers read: our table files in the directory that RETROCHECK_AGAINST
// names (check-probe sets it to its --db directory), seen as a capture-free database like
// Chinook's: a position where either side has a capture is not stored, so a probe must resolve
// it from the positions it leads to.
#pragma once

#include <cstdlib>
#include <memory>
#include <optional>

#include "engine/checkers/movegen.h"
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

// Win, draw or loss for the side to move (what the seed's resolvers compute), or the status
// that stopped them.
struct Answer {
    rc_probe_status status = RC_PROBE_OK;
    retrocheck::Wld wld = retrocheck::Wld::Draw;
};

// The answer where the recursion of the seed's resolvers stops: a position without moves (a
// loss), or one where neither side can capture (the database's value). Nothing elsewhere.
inline std::optional<Answer> settled(const Position& pos, bool has_moves, const Database& db) {
    if (!has_moves) return Answer{RC_PROBE_OK, retrocheck::Wld::Loss};
    if (retrocheck::checkers::either_side_can_capture(pos)) return std::nullopt;
    const tb::ProbeResult r = db.files->probe(pos);
    if (r.status == tb::ProbeStatus::Missing) return Answer{RC_PROBE_MISSING};
    if (r.status != tb::ProbeStatus::Ok) return Answer{RC_PROBE_ERROR};
    return Answer{RC_PROBE_OK, r.value.wld()};
}

// The plugin's result for the seed's resolvers' answer.
inline rc_probe_result answer_result(const Answer& a) {
    if (a.status != RC_PROBE_OK) return status_only(a.status);
    return value_result(Outcome::of(a.wld));
}

// A probe's frame: the FEN read (an error when it is not a position), the database opened (its
// tables missing when RETROCHECK_AGAINST names none), then resolve(position, database).
template <typename Resolve>
rc_probe_result probe_fen(const char* fen, Resolve resolve) {
    const auto pos = retrocheck::checkers::parse_fen(fen);
    if (!pos) return status_only(RC_PROBE_ERROR);
    const Database* db = database();
    if (db == nullptr) return status_only(RC_PROBE_MISSING);
    return resolve(*pos, *db);
}

}  // namespace example
