// What `retrocheck audit` is asked, and what a game's audit gives back (apps/audit_run.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/metric.h"

namespace retrocheck::app {

struct AuditArgs {
    std::string format = "auto", path, db;  // db: our tables to compare with
    bool json = false;
    std::size_t max_examples = 20;
    int threads = 0;
    std::string junit, html;  // report files to write ("" for none)
    int dtz_pieces = 99;      // Syzygy: DTZ compared up to this many pieces
    std::string materials;    // chess: only these materials of the source ("KBBvKN,KQvKR")
    // Syzygy, Gaviota: the limits the libraries run under (in a child process): a call that
    // runs longer is stopped and reported with its position and file; the child's address
    // space (0: the machine's memory).
    double call_time = 2.0;    // seconds
    std::uint64_t memory = 0;  // bytes
};

// A finished walk: the report, the most pieces audited, the time it took, the source's metric
// (how its values are shown), and lines the report adds (what was judged and what not).
template <typename R>
struct AuditDoneOf {
    using Report = R;
    Report report;
    int pieces = 0;
    double seconds = 0;
    Metric metric = Metric::Wld;
    std::vector<std::string> notes;
};

}  // namespace retrocheck::app
