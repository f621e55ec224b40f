#include "apps/progress.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "apps/output.h"
#include "engine/core/text.h"

namespace retrocheck::app {

namespace {

bool quiet = false;
// Held while a progress line or a line above it is written: the two never interleave.
std::mutex& drawing() {
    static std::mutex m;
    return m;
}
bool drawn = false;  // a progress line stands on the terminal

// How often the line is drawn: RETROCHECK_PROGRESS_MS (1-10000), else 250 ms.
std::chrono::milliseconds interval() {
    const char* v = std::getenv("RETROCHECK_PROGRESS_MS");
    const long ms = v ? std::strtol(v, nullptr, 10) : 0;
    return std::chrono::milliseconds(ms >= 1 && ms <= 10000 ? ms : 250);
}

}  // namespace

std::string duration_text(long seconds) {
    if (seconds >= 86400) return fmt::format("{}d{:02}h", seconds / 86400, seconds % 86400 / 3600);
    if (seconds >= 3600) return fmt::format("{}h{:02}m", seconds / 3600, seconds % 3600 / 60);
    return seconds >= 60 ? fmt::format("{}m{:02}s", seconds / 60, seconds % 60)
                         : fmt::format("{}s", seconds);
}

void set_progress_quiet(bool q) { quiet = q; }

void write_above_progress(std::FILE* to, const std::string& text) {
    std::lock_guard lock(drawing());
    if (drawn) std::fputs("\r\033[K", stderr);
    drawn = false;
    std::fputs(text.c_str(), to);
    std::fflush(to);
}

ProgressLine::ProgressLine(std::function<std::string()> line) : line_(std::move(line)) {
    if (quiet || !::isatty(STDERR_FILENO)) return;
    thread_ = std::thread([this] {
        const auto every = interval();
        std::unique_lock lock(mutex_);
        while (!wake_.wait_for(lock, every, [this] { return stop_; })) {
            const std::string text = line_();
            std::lock_guard draw(drawing());
            fmt::print(stderr, "\r\033[K{}", text);
            drawn = true;
        }
        std::lock_guard draw(drawing());
        fmt::print(stderr, "\r\033[K");
        drawn = false;
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
    return "ETA " + duration_text(static_cast<long>(seconds * static_cast<double>(total - done) /
                                                    static_cast<double>(done)));
}

std::string counted_progress(std::string_view what, std::uint64_t done, std::uint64_t total,
                             std::string_view units, double seconds) {
    return fmt::format("{} {} of {} {}, {}, {}", what, grouped(done), grouped(total), units,
                       rate_text(per_second(done, seconds), units), eta_text(done, total, seconds));
}

std::string budget_eta_text(double seconds, double budget, bool at_most) {
    const long left = std::max(0L, static_cast<long>(budget - seconds + 0.999));
    return (at_most ? "ETA at most " : "ETA ") + duration_text(left);
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
