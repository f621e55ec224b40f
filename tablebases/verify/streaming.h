// The verifier over a directory too large to hold at once: slice by slice in build order, each
// with only the tables its checks read in memory (store/window.h: the slice, its mirror's slice
// and its successors), the report the one verify() gives with every table in memory. A slice
// with violations is walked again with every slice its causes can lead to (classify_window), so
// that findings and consequences are told apart as with the whole set; only a broken set pays
// for that. The rules are the game's own, or another metric's (OwnRules, below).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/core/result.h"
#include "tablebases/store/window.h"
#include "tablebases/verify/verifier.h"

namespace retrocheck::tb {

// The rules a window's tables are held to: a game's own (verify_part), or another metric's
// tables held to theirs (chess DTZ50: chess/dtz_verify.h's Dtz50Rules). Game: whose slices,
// mirrors and successors the windows follow; Report: what a part gives.
template <TableGame G>
struct OwnRules {
    using Game = G;
    using Report = VerifyReport<G>;
    Report operator()(const typename G::Tables& tables, std::size_t max_examples,
                      std::atomic<std::uint64_t>* progress,
                      const std::vector<typename G::Slice>& only) const {
        return verify_part(tables, max_examples, progress, only);
    }
};

// One slice of the window's directory verified: its part of the report (verify_part). With
// `classified` false, the slice's walk with its window alone: its violations are the whole set's,
// its findings may not be (their causes can lie beyond the window).
template <typename W, typename Rules = OwnRules<W>>
Result<typename Rules::Report> verify_slice(store::TableWindow<W>& window,
                                            const typename W::Slice& s, std::size_t max_examples,
                                            std::atomic<std::uint64_t>* progress = nullptr,
                                            bool classified = true, const Rules& rules = {}) {
    using G = typename Rules::Game;
    if (auto e = window.focus(store::verify_window<G>(s))) return *e;
    typename Rules::Report part = rules(window.tables(), max_examples, progress, {s});
    if (part.violations == 0 || !classified) return part;
    if (auto e = window.focus(store::classify_window<G>(s))) return *e;
    return rules(window.tables(), max_examples, nullptr, {s});
}

// Every slice of the window's directory; `each(slice, table)`, when given, sees each table
// once verified (while it is in memory).
template <typename W, typename Rules = OwnRules<W>>
Result<typename Rules::Report> verify_streaming(
    store::TableWindow<W>& window, std::size_t max_examples,
    std::atomic<std::uint64_t>* progress = nullptr,
    const std::function<void(const typename W::Slice&, const typename W::StoredTable&)>& each = {},
    const Rules& rules = {}) {
    typename Rules::Report report;
    for (const auto& s : window.slices()) {
        auto part = verify_slice(window, s, max_examples, progress, true, rules);
        if (!part) return Error{part.error()};
        if (each) each(s, *window.tables().find(s));
        join_part(report, std::move(part).value(), max_examples);
    }
    finish_report(report, max_examples);
    return report;
}

}  // namespace retrocheck::tb
