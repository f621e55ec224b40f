// The wire between retrocheck and the plugin host process (plugins/host_main.cpp): fixed-size
// native-endian fields on a pair of pipes (both ends are one machine). The host first says what
// it loaded (or why it could not), then answers one request at a time.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace retrocheck::plugins::wire {

// The host's descriptors: requests in, replies out (its stdout goes to stderr, so a plugin that
// prints cannot garble the protocol).
inline constexpr int kRequestFd = 3;
inline constexpr int kReplyFd = 4;

enum class Op : std::uint8_t { LegalMoves = 1, Perft = 2, Probe = 3 };

// Entry points a plugin offers (a bit each).
enum Entry : std::uint8_t { kLegalMoves = 1, kPerft = 2, kProbe = 4 };

// The first byte of everything the host sends.
enum class Message : std::uint8_t {
    Loaded = 0,   // the library is loaded: its ABI version, game, entry points and name follow
    Refused = 1,  // it could not be loaded: why follows
    Answer = 2,   // the entry point returned; its result follows
    Fatal = 3,    // the host's fatal-signal handler, just before it dies: a Fatal follows
};

// What the host saw as it died: the signal, whether the fault was at the stack's limit, and the
// address space in use (against its memory limit).
struct Fatal {
    std::int32_t signal = 0;
    std::uint8_t stack_overflow = 0;
    std::uint64_t stack_limit = 0;
    std::uint64_t memory_in_use = 0;
};

using Deadline = std::chrono::steady_clock::time_point;
inline constexpr Deadline kNoDeadline = Deadline::max();

// How a read ended.
enum class Read { Done, OutOfTime, Closed };

// Whole writes and reads on a descriptor; a write is false when the other end is gone. A read
// waits at most until the deadline.
bool write_all(int fd, const void* data, std::size_t size);
Read read_all(int fd, void* data, std::size_t size, Deadline deadline = kNoDeadline);

template <typename T>
bool put(int fd, T v) {
    return write_all(fd, &v, sizeof v);
}
template <typename T>
Read get(int fd, T& v, Deadline deadline = kNoDeadline) {
    return read_all(fd, &v, sizeof v, deadline);
}
bool put_text(int fd, const std::string& s);
// At most max_size bytes; a longer text closes the exchange (Read::Closed).
Read get_text(int fd, std::string& s, std::uint32_t max_size, Deadline deadline = kNoDeadline);

}  // namespace retrocheck::plugins::wire
