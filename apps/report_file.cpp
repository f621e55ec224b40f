#include "apps/report_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace retrocheck::app {

// Text for XML attributes and elements: the five entities, and no control characters but tab
// and newline (XML 1.0 cannot hold them).
namespace {

// The text with every byte sequence that is not UTF-8 (and the non-characters U+FFFE and U+FFFF,
// which XML cannot hold) replaced by U+FFFD: a plugin's answers are whatever bytes it wrote.
std::string valid_utf8(const std::string& s) {
    static const std::string kReplacement = "\xEF\xBF\xBD";
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        std::size_t n = b < 0x80           ? 1
                        : (b >> 5) == 0x6  ? 2
                        : (b >> 4) == 0xE  ? 3
                        : (b >> 3) == 0x1E ? 4
                                           : 0;
        std::uint32_t cp = n == 1 ? b : n == 2 ? (b & 0x1Fu) : n == 3 ? (b & 0x0Fu) : (b & 0x07u);
        bool ok = n > 0 && i + n <= s.size();
        for (std::size_t k = 1; ok && k < n; ++k) {
            const auto c = static_cast<unsigned char>(s[i + k]);
            ok = (c >> 6) == 0x2;
            cp = (cp << 6) | (c & 0x3Fu);
        }
        // Overlong forms, surrogates, beyond U+10FFFF, and the two non-characters.
        ok = ok && !(n == 2 && cp < 0x80) && !(n == 3 && cp < 0x800) && !(n == 4 && cp < 0x10000) &&
             !(cp >= 0xD800 && cp <= 0xDFFF) && cp <= 0x10FFFF && cp != 0xFFFE && cp != 0xFFFF;
        if (ok) {
            out.append(s, i, n);
            i += n;
        } else {
            out += kReplacement;
            ++i;
        }
    }
    return out;
}

}  // namespace

std::string xml_escaped(const std::string& text) {
    const std::string s = valid_utf8(text);
    std::string out;
    out.reserve(s.size());
    for (const char c : s) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&apos;";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t')
                    out += ' ';
                else
                    out += c;
        }
    }
    return out;
}

namespace {

// The file a path names once its symbolic links are followed (the last one may dangle), or the
// path itself when it is not a link.
std::filesystem::path link_target(const std::filesystem::path& path) {
    std::filesystem::path p = path;
    std::error_code ec;
    for (int hops = 0; hops < 40 && std::filesystem::is_symlink(p, ec); ++hops) {
        const std::filesystem::path to = std::filesystem::read_symlink(p, ec);
        if (ec) break;
        p = to.is_absolute() ? to : p.parent_path() / to;
    }
    return p;
}

// Writes text through an open descriptor to what is not a regular file.
Result<bool> write_through(const std::string& path, const std::string& text,
                           const std::string& what) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return Error{path + ": cannot write " + what + ": " +
                     (errno == ENXIO ? std::string("a FIFO that no process reads")
                                     : std::string(std::strerror(errno)))};
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const std::string why = n < 0 ? std::strerror(errno) : "nothing was written";
            ::close(fd);
            return Error{path + ": cannot write " + what + ": " + why};
        }
        done += static_cast<std::size_t>(n);
    }
    if (::close(fd) != 0)
        return Error{path + ": cannot write " + what + ": " + std::strerror(errno)};
    return true;
}

}  // namespace

std::string report_path_problem(const std::string& path) {
    if (path.empty()) return "an empty file name";
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) return path + " is a directory";
        if (S_ISBLK(st.st_mode))
            return path + " is a block device: a report is never written there";
        if (S_ISSOCK(st.st_mode)) return path + " is a socket";
        return {};
    }
    const std::filesystem::path dir = link_target(path).parent_path();
    std::error_code ec;
    if (!dir.empty() && !std::filesystem::is_directory(dir, ec))
        return path + ": the directory " + dir.string() + " does not exist";
    return {};
}

Result<bool> write_report_file(const std::string& path, const std::string& text,
                               const std::string& what) {
    if (const std::string problem = report_path_problem(path); !problem.empty())
        return Error{"cannot write " + what + ": " + problem};
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
        return write_through(path, text, what);
    // A regular file, or none yet: replaced whole, where the links lead.
    const std::string target = link_target(path).string();
    const std::string tmp = target + ".tmp-" + std::to_string(::getpid());
    const auto failed = [&](const std::string& why) -> Result<bool> {
        std::remove(tmp.c_str());
        return Error{path + ": cannot write " + what + ": " + why};
    };
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        if (!f) return failed(std::strerror(errno));
        errno = 0;
        f << text;
        f.close();
        if (!f) return failed(errno ? std::strerror(errno) : "the write failed");
    }
    if (std::rename(tmp.c_str(), target.c_str()) != 0) return failed(std::strerror(errno));
    return true;
}

}  // namespace retrocheck::app
