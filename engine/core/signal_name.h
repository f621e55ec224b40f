// "SIGSEGV" for a signal number, for messages about a process a signal ended.
#pragma once

#include <cstring>
#include <string>

namespace retrocheck {

inline std::string signal_name(int sig) {
    const char* abbrev = sigabbrev_np(sig);
    return abbrev ? std::string("SIG") + abbrev : "signal " + std::to_string(sig);
}

}  // namespace retrocheck
