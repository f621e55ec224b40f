#include "plugins/protocol.h"

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

bool read_all(int fd, void* data, std::size_t size) {
    char* p = static_cast<char*>(data);
    while (size > 0) {
        const ssize_t n = ::read(fd, p, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        p += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

bool put_text(int fd, const std::string& s) {
    return put(fd, static_cast<std::uint32_t>(s.size())) && write_all(fd, s.data(), s.size());
}

bool get_text(int fd, std::string& s, std::uint32_t max_size) {
    std::uint32_t size = 0;
    if (!get(fd, size) || size > max_size) return false;
    s.resize(size);
    return read_all(fd, s.data(), size);
}

}  // namespace retrocheck::plugins::wire
