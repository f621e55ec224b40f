// A status line on stderr, redrawn a few times a second while long work runs, when stderr is a
// terminal (logs get only the lines the command prints itself).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

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

// "ETA 1m05s", a piece of a progress line.
std::string eta_text(std::uint64_t done, std::uint64_t total, double seconds);

// The process's peak resident memory in bytes (VmHWM), 0 when unknown.
std::uint64_t peak_memory_bytes();

// 1536 -> "1.5 KiB"
std::string bytes_text(std::uint64_t bytes);

}  // namespace retrocheck::app
