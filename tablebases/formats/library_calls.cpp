#include "tablebases/formats/library_calls.h"

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <new>
#include <type_traits>

namespace retrocheck::tb::chess {

struct LibraryCallRecord {
    std::atomic<int> active{0};
    std::atomic<std::int64_t> started{0};  // steady-clock nanoseconds (CLOCK_MONOTONIC: shared
                                           // by the processes of one machine)
    const char* library = nullptr;  // "Fathom": string literals, the same address after fork()
    const char* call = nullptr;     // "tb_probe_root"
    retrocheck::chess::Position position;
};

namespace {

static_assert(std::is_trivially_copyable_v<retrocheck::chess::Position>,
              "a record is read by another process: the position must be plain bytes");

// More threads than any machine this runs on; a thread beyond them writes no record.
constexpr std::size_t kRecords = 1024;

struct Records {
    std::atomic<std::size_t> next{0};
    LibraryCallRecord record[kRecords];
};

// The shared mapping, made once: MAP_SHARED, so a child's writes reach its parent. Falls back to
// process memory if the mapping cannot be made (nothing then survives a crash, but probes work).
Records& records() {
    static Records* r = [] {
        void* p = mmap(nullptr, sizeof(Records), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                       -1, 0);
        if (p == MAP_FAILED) return new Records();
        return new (p) Records();
    }();
    return *r;
}

std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

LibraryCallRecord* my_record() {
    thread_local LibraryCallRecord* mine = [] {
        const std::size_t i = records().next.fetch_add(1, std::memory_order_relaxed);
        return i < kRecords ? &records().record[i] : nullptr;
    }();
    return mine;
}

}  // namespace

void library_calls_shared() { records(); }

LibraryCall::LibraryCall(const char* library, const char* call,
                         const retrocheck::chess::Position& pos)
    : record_(my_record()) {
    if (!record_) return;
    record_->library = library;
    record_->call = call;
    record_->position = pos;
    record_->started.store(now_ns(), std::memory_order_relaxed);
    record_->active.store(1, std::memory_order_release);
}

LibraryCall::~LibraryCall() {
    if (record_) record_->active.store(0, std::memory_order_release);
}

std::vector<LibraryCallSnapshot> library_calls_in_progress() {
    Records& r = records();
    std::vector<LibraryCallSnapshot> out;
    const std::int64_t now = now_ns();
    const std::size_t n = std::min(r.next.load(std::memory_order_acquire), kRecords);
    for (std::size_t i = 0; i < n; ++i)
        if (r.record[i].active.load(std::memory_order_acquire))
            out.push_back({r.record[i].library, r.record[i].call, r.record[i].position,
                           static_cast<double>(now - r.record[i].started.load()) / 1e9});
    // The longest first: a call that hangs, not one that had just begun beside it.
    std::sort(out.begin(), out.end(),
              [](const auto& a, const auto& b) { return a.seconds > b.seconds; });
    return out;
}

bool library_call_overdue(double seconds) {
    Records& r = records();
    const std::int64_t now = now_ns(), limit = static_cast<std::int64_t>(seconds * 1e9);
    const std::size_t n = std::min(r.next.load(std::memory_order_acquire), kRecords);
    for (std::size_t i = 0; i < n; ++i)
        if (r.record[i].active.load(std::memory_order_acquire) &&
            now - r.record[i].started.load(std::memory_order_relaxed) > limit)
            return true;
    return false;
}

}  // namespace retrocheck::tb::chess
