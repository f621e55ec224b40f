// Wall time on the steady clock, as every timing report gives it.
#pragma once

#include <chrono>

namespace retrocheck {

// Seconds since t0.
inline double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace retrocheck
