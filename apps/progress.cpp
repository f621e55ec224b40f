#include "apps/progress.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

namespace retrocheck::app {

ProgressLine::ProgressLine(std::function<std::string()> line) : line_(std::move(line)) {
    if (!::isatty(STDERR_FILENO)) return;
    thread_ = std::thread([this] {
        std::unique_lock lock(mutex_);
        while (!wake_.wait_for(lock, std::chrono::milliseconds(250), [this] { return stop_; }))
            fmt::print(stderr, "\r\033[K{}", line_());
        fmt::print(stderr, "\r\033[K");
    });
}

ProgressLine::~ProgressLine() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

std::string eta_text(std::uint64_t done, std::uint64_t total, double seconds) {
    if (done == 0 || seconds <= 0 || done >= total) return "ETA --";
    const auto left =
        static_cast<long>(seconds * static_cast<double>(total - done) / static_cast<double>(done));
    return left >= 60 ? fmt::format("ETA {}m{:02}s", left / 60, left % 60)
                      : fmt::format("ETA {}s", left);
}

std::uint64_t peak_memory_bytes() {
    std::ifstream status("/proc/self/status");
    std::string key;
    while (status >> key) {
        if (key == "VmHWM:") {
            std::uint64_t kib = 0;
            status >> kib;
            return kib * 1024;
        }
        status.ignore(1 << 12, '\n');
    }
    return 0;
}

std::string bytes_text(std::uint64_t bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = static_cast<double>(bytes);
    int u = 0;
    while (v >= 1024 && u < 4) {
        v /= 1024;
        ++u;
    }
    return u == 0 ? fmt::format("{} B", bytes) : fmt::format("{:.1f} {}", v, units[u]);
}

}  // namespace retrocheck::app
