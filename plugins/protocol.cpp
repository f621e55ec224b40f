#include "plugins/protocol.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>

namespace retrocheck::plugins::wire {

bool write_all(int fd, const void* data, std::size_t size) {
    const char* p = static_cast<const char*>(data);
    while (size > 0) {
        const ssize_t n = ::write(fd, p, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        p += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

Read read_all(int fd, void* data, std::size_t size, Deadline deadline) {
    char* p = static_cast<char*>(data);
    while (size > 0) {
        if (deadline != kNoDeadline) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) return Read::OutOfTime;
            pollfd pfd{fd, POLLIN, 0};
            const int r = ::poll(&pfd, 1, static_cast<int>(left.count()) + 1);
            if (r < 0 && errno != EINTR) return Read::Closed;
            if (r <= 0) continue;  // interrupted or not yet: the clock above decides
        }
        const ssize_t n = ::read(fd, p, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return Read::Closed;
        p += n;
        size -= static_cast<std::size_t>(n);
    }
    return Read::Done;
}

bool put_text(int fd, const std::string& s) {
    return put(fd, static_cast<std::uint32_t>(s.size())) && write_all(fd, s.data(), s.size());
}

Read get_text(int fd, std::string& s, std::uint32_t max_size, Deadline deadline) {
    std::uint32_t size = 0;
    if (const Read r = get(fd, size, deadline); r != Read::Done) return r;
    if (size > max_size) return Read::Closed;
    s.resize(size);
    return read_all(fd, s.data(), size, deadline);
}

}  // namespace retrocheck::plugins::wire
