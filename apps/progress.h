// A status line on stderr, redrawn a few times a second while long work runs, when stderr is a
// terminal and the output is not --json (logs get only the lines the command prints itself).
// Every line says how much is done, at what rate, and an ETA. RETROCHECK_PROGRESS_MS sets how
// often it is drawn (default 250).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "engine/core/process_memory.h"  // peak_memory_bytes, return_free_memory

namespace retrocheck::app {

class ProgressLine {
  public:
    // `line` is called from the drawing thread; it must only read atomics.
    explicit ProgressLine(std::function<std::string()> line);
    ~ProgressLine();  // clears the line
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

  private:
    std::function<std::string()> line_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stop_ = false;
    std::thread thread_;
};

// Whether progress lines are drawn at all: not under --json (set by main), and only on a
// terminal.
void set_progress_quiet(bool quiet);

// Writes text (whole lines) to `to` above the progress line: the line is cleared first and drawn
// again at its next tick. Never throws; stdout is flushed.
void write_above_progress(std::FILE* to, const std::string& text);

// "2d03h", "5h12m", "1m05s", "6s".
std::string duration_text(long seconds);

// "ETA 1m05s", a piece of a progress line: from the work done of total in `seconds`.
std::string eta_text(std::uint64_t done, std::uint64_t total, double seconds);
// A counted job's progress line: "verify 1,234 of 5,678 slots, 1.2M slots/s, ETA 4s".
std::string counted_progress(std::string_view what, std::uint64_t done, std::uint64_t total,
                             std::string_view units, double seconds);
// The same for work that ends with a time budget: "ETA 6s" when it ends there
// (`at_most` false), "ETA at most 4m55s" when it may end sooner.
std::string budget_eta_text(double seconds, double budget, bool at_most);

// 1536 -> "1.5 KiB"
std::string bytes_text(std::uint64_t bytes);

}  // namespace retrocheck::app
