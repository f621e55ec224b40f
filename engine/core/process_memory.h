// The process's own memory as the kernel and the allocator see it (Linux, glibc).
#pragma once

#include <cstdint>
#include <fstream>
#include <string>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace retrocheck {

// A size line of /proc/self/status ("VmHWM:", "VmRSS:") in bytes, 0 when unknown.
inline std::uint64_t status_bytes(const std::string& wanted) {
    std::ifstream status("/proc/self/status");
    std::string key;
    while (status >> key) {
        if (key == wanted) {
            std::uint64_t kib = 0;
            status >> kib;
            return kib * 1024;
        }
        status.ignore(1 << 12, '\n');
    }
    return 0;
}

// The process's peak resident memory in bytes (VmHWM), 0 when unknown.
inline std::uint64_t peak_memory_bytes() { return status_bytes("VmHWM:"); }
// The process's resident memory now (VmRSS), 0 when unknown.
inline std::uint64_t resident_memory_bytes() { return status_bytes("VmRSS:"); }

// Gives the allocator's free pages back to the system (glibc's malloc_trim). Memory that tables
// leaving memory and an earlier slice's work freed stays resident in malloc's arenas (64 MiB in
// one of a 5-piece chess build's threads) and counts against a build's budget until then.
inline void return_free_memory() {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

}  // namespace retrocheck
