// Test support shared by the resolver tests, the resolver property and the resolver fuzz
// target: the resolver against full tables, and the contract over sources with gaps.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <functional>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <string>

#include "engine/checkers/diagram.h"
#include "tablebases/probe/resolver.h"

namespace retrocheck::tb::testing {

// Raises `largest` to `value` if that is larger, from any thread.
inline void keep_largest(std::atomic<std::uint64_t>& largest, std::uint64_t value) {
    for (std::uint64_t seen = largest; value > seen;)
        if (largest.compare_exchange_weak(seen, value)) break;
}

struct ResolverCheck {
    std::uint64_t checked = 0, wrong = 0, largest_work = 0;
    std::string first;  // the first mismatch: both values and the position
};

// Resolves positions of the slices of `truth` that `want` accepts, in parallel: all of them, or
// `sample` random ones a slice. Compares win/draw/loss only when the resolver's source has no
// distances.
inline ResolverCheck check_resolver(const CaptureResolver& resolver, const TableSet& truth,
                                    const std::function<bool(Slice)>& want,
                                    std::uint64_t sample = 0) {
    std::atomic<std::uint64_t> checked{0}, wrong{0}, largest{0};
    std::mutex mutex;
    std::string first;
    for (const auto& entry : truth.tables()) {
        if (!want(entry.first)) continue;
        const SliceTable* table = entry.second.get();
        const std::uint64_t n = sample ? sample : table->values.size();
        tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, n, 1024), [&](const auto& r) {
            std::mt19937_64 rng(r.begin() + 17);
            for (std::uint64_t i = r.begin(); i != r.end(); ++i) {
                const std::uint64_t id = sample ? rng() % table->values.size() : i;
                const checkers::Position pos = table->position(id);
                std::uint64_t work = 0;
                const ProbeResult got = resolver.resolve(pos, work);
                ++checked;
                keep_largest(largest, work);
                Outcome expected = decode(table->values[id]);
                if (!resolver.has_distance()) expected = expected.wld_only();
                if (got.status == ProbeStatus::Ok && got.value == expected) continue;
                if (wrong++ > 0) continue;
                std::lock_guard lock(mutex);
                first = "resolver: " + std::string(to_string(got.status)) + " " +
                        got.value.to_string() + " " + got.error +
                        ", table: " + expected.to_string() + "\n" + checkers::describe(pos);
            }
        });
    }
    return {checked, wrong, largest, first};
}

// The resolver's contract over the capture-free export of `full` with the slices `gaps` taken
// out: it ends within its bound, never gives a value other than the table's, and answers every
// position the tables cover when nothing is taken out. The broken promise, if any.
inline std::optional<std::string> check_with_gaps(const TableSet& full,
                                                  const checkers::Position& pos,
                                                  const std::set<Slice>& gaps,
                                                  std::uint64_t& work) {
    const MemorySource source(full);
    const CaptureFreeSource capture_free(source);
    const GappySource gappy(capture_free, gaps);
    const ResolverLimits limits;
    work = 0;
    const ProbeResult r = CaptureResolver(gappy, limits).resolve(pos, work);
    if (r.status == ProbeStatus::TooMuchWork || work > limits.max_work)
        return "work " + std::to_string(work) + " over the bound on\n" + checkers::describe(pos);
    const auto truth = full.probe(pos);
    if (!truth) return std::nullopt;
    if (r.status == ProbeStatus::Ok && r.value != *truth)
        return "resolver " + r.value.to_string() + ", table " + truth->to_string() + " for\n" +
               checkers::describe(pos);
    const ProbeResult plain = CaptureResolver(capture_free, limits).probe(pos);
    if (plain.status != ProbeStatus::Ok)
        return std::string(to_string(plain.status)) + " without gaps: " + plain.error + "\n" +
               checkers::describe(pos);
    return std::nullopt;
}

}  // namespace retrocheck::tb::testing
