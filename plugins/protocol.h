// The wire between retrocheck and the plugin host process (plugins/host_main.cpp): fixed-size
// native-endian fields on a pair of pipes (both ends are one machine). The host first says what
// it loaded (or why it could not), then answers one request at a time.
//
// Every request carries a tag, and its answer repeats it with the length of its body, so that an
// answer that is not to the call under way (a process the plugin forked answering too) is
// recognised and skipped whole, and bytes that are not a message are recognised as such.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstring>
#include <string>

namespace retrocheck::plugins::wire {

// The host's descriptors: requests in, replies out (its stdout goes to stderr, so a plugin that
// prints cannot garble the protocol).
inline constexpr int kRequestFd = 3;
inline constexpr int kReplyFd = 4;

enum class Op : std::uint8_t { LegalMoves = 1, Perft = 2, Probe = 3, ProbeChess = 4 };

// Entry points a plugin offers (a bit each).
enum Entry : std::uint8_t { kLegalMoves = 1, kPerft = 2, kProbe = 4, kProbeChess = 8 };

// The first byte of everything the host sends.
enum class Message : std::uint8_t {
    Loaded = 0,   // the library is loaded: its ABI version, game, entry points, name, the
                  // probe's declared metric and capture policy (ABI 2) and the chess probe's
                  // declared values (ABI 3; 0 for a version 2 table) follow
    Refused = 1,  // it could not be loaded: why follows
    Answer = 2,   // the entry point returned: the request's tag, the processes the call left
                  // running (killed by the host), and the body as text follow
    Fatal = 3,    // the host's fatal-signal handler, just before it dies: a Fatal follows
};

// The longest answer body the host may send (a move list and its count): far more than any
// position's moves, and a bound on what a garbled length makes retrocheck hold.
inline constexpr std::uint32_t kMaxBody = 16u << 20;

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

// A message's body, built field by field and sent with one write, or read back field by field;
// a get past its end is false (a body of the wrong size).
class Body {
  public:
    template <typename T>
    void put(T v) {
        bytes_.append(reinterpret_cast<const char*>(&v), sizeof v);
    }
    void put_text(const std::string& s) {
        put(static_cast<std::uint32_t>(s.size()));
        bytes_ += s;
    }
    template <typename T>
    bool get(T& v) {
        if (bytes_.size() - at_ < sizeof v) return false;
        std::memcpy(&v, bytes_.data() + at_, sizeof v);
        at_ += sizeof v;
        return true;
    }
    bool get_text(std::string& s) {
        std::uint32_t n = 0;
        if (!get(n) || bytes_.size() - at_ < n) return false;
        s.assign(bytes_, at_, n);
        at_ += n;
        return true;
    }
    // Every byte read.
    bool done() const { return at_ == bytes_.size(); }

    const std::string& bytes() const { return bytes_; }
    std::string& bytes() { return bytes_; }

  private:
    std::string bytes_;
    std::size_t at_ = 0;
};

}  // namespace retrocheck::plugins::wire
