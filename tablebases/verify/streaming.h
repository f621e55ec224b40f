// The verifier over a directory too large to hold at once: slice by slice in build order, each
// with only the tables its checks read in memory (store/window.h: the slice, its mirror's slice
// and its successors), the report the one verify() gives with every table in memory. A slice
// with violations is walked again with every slice its causes can lead to (classify_window), so
// that findings and consequences are told apart as with the whole set; only a broken set pays
// for that.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

#include "engine/core/result.h"
#include "tablebases/store/window.h"
#include "tablebases/verify/verifier.h"

namespace retrocheck::tb {

// One slice of the window's directory verified: its part of the report (verify_part). With
// `classified` false, the slice's walk with its window alone: its violations are the whole set's,
// its findings may not be (their causes can lie beyond the window).
template <TableGame G>
Result<VerifyReport<G>> verify_slice(store::TableWindow<G>& window, const typename G::Slice& s,
                                     std::size_t max_examples,
                                     std::atomic<std::uint64_t>* progress = nullptr,
                                     bool classified = true) {
    if (auto e = window.focus(store::verify_window<G>(s))) return *e;
    VerifyReport<G> part = verify_part(window.tables(), max_examples, progress, {s});
    if (part.violations == 0 || !classified) return part;
    if (auto e = window.focus(store::classify_window<G>(s))) return *e;
    return verify_part(window.tables(), max_examples, nullptr, {s});
}

// Every slice of the window's directory; `each(slice, table)`, when given, sees each table
// once verified (while it is in memory).
template <TableGame G>
Result<VerifyReport<G>> verify_streaming(
    store::TableWindow<G>& window, std::size_t max_examples,
    std::atomic<std::uint64_t>* progress = nullptr,
    const std::function<void(const typename G::Slice&, const typename G::StoredTable&)>& each =
        {}) {
    VerifyReport<G> report;
    for (const auto& s : window.slices()) {
        auto part = verify_slice(window, s, max_examples, progress);
        if (!part) return Error{part.error()};
        if (each) each(s, *window.tables().find(s));
        join_part(report, std::move(part).value(), max_examples);
    }
    finish_report(report, max_examples);
    return report;
}

}  // namespace retrocheck::tb
