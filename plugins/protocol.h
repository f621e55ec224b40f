// The wire between retrocheck and the plugin host process (plugins/host_main.cpp): fixed-size
// little-endian fields on a pair of pipes. The host first sends a Hello (what it loaded, or why
// it could not), then answers one Request at a time with a Reply.
#pragma once

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

// Blocking whole reads and writes on a descriptor; false at end of file or on an error.
bool write_all(int fd, const void* data, std::size_t size);
bool read_all(int fd, void* data, std::size_t size);

template <typename T>
bool put(int fd, T v) {
    return write_all(fd, &v, sizeof v);
}
template <typename T>
bool get(int fd, T& v) {
    return read_all(fd, &v, sizeof v);
}
bool put_text(int fd, const std::string& s);
// At most max_size bytes; longer is an error.
bool get_text(int fd, std::string& s, std::uint32_t max_size);

}  // namespace retrocheck::plugins::wire
