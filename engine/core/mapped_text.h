// A file's text in bounded memory: a regular file is mapped (its pages are the file's, read on
// demand and dropped under pressure, never copied), anything else (a pipe, /dev/stdin) is first
// spooled into an unlinked temporary file and mapped from there. The commands that read bulk
// input (PDN games, FENs) read it through this, twice if they must check all of it before they
// start: memory does not grow with the input.
#pragma once

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/result.h"

namespace retrocheck {

class MappedText {
  public:
    MappedText() = default;
    MappedText(const MappedText&) = delete;
    MappedText& operator=(const MappedText&) = delete;
    MappedText(MappedText&& o) noexcept : data_(o.data_), size_(o.size_) { o.data_ = nullptr; }
    ~MappedText() {
        if (data_ && size_) ::munmap(data_, size_);
    }

    std::string_view text() const {
        return data_ ? std::string_view(static_cast<const char*>(data_), size_)
                     : std::string_view();
    }

    // path's text; an error names the path and the system's reason. A directory is refused.
    static Result<MappedText> open(const std::filesystem::path& path) {
        const auto failed = [&](const char* what) {
            return Error{path.string() + ": " + what + ": " + std::strerror(errno)};
        };
        std::error_code ec;
        if (std::filesystem::is_directory(path, ec))
            return Error{path.string() + ": is a directory, not a file"};
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) return failed("cannot open");
        struct stat st {};
        if (::fstat(fd, &st) != 0) {
            ::close(fd);
            return failed("cannot read");
        }
        if (S_ISREG(st.st_mode)) {
            auto mapped = map(fd, static_cast<std::size_t>(st.st_size));
            ::close(fd);
            if (!mapped) return failed("cannot read");
            return std::move(*mapped);
        }
        // Not a regular file: spooled to disk, in blocks.
        std::FILE* spool = std::tmpfile();
        if (!spool) {
            ::close(fd);
            return failed("cannot make a temporary file for it");
        }
        char buf[1 << 16];
        std::size_t total = 0;
        for (;;) {
            const ssize_t n = ::read(fd, buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) {
                ::close(fd);
                std::fclose(spool);
                return failed("cannot read");
            }
            if (n == 0) break;
            if (std::fwrite(buf, 1, static_cast<std::size_t>(n), spool) !=
                static_cast<std::size_t>(n)) {
                ::close(fd);
                std::fclose(spool);
                return failed("cannot spool it to a temporary file");
            }
            total += static_cast<std::size_t>(n);
        }
        ::close(fd);
        std::fflush(spool);
        auto mapped = map(::fileno(spool), total);
        std::fclose(spool);
        if (!mapped) return failed("cannot read");
        return std::move(*mapped);
    }

  private:
    static std::optional<MappedText> map(int fd, std::size_t size) {
        MappedText t;
        t.size_ = size;
        if (size == 0) return t;
        void* p = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (p == MAP_FAILED) return std::nullopt;
        t.data_ = p;
        return t;
    }

    void* data_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace retrocheck
