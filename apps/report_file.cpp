#include "apps/report_file.h"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
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

Result<bool> write_report_file(const std::string& path, const std::string& text,
                               const std::string& what) {
    const std::string tmp = path + ".tmp";
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
    if (std::rename(tmp.c_str(), path.c_str()) != 0) return failed(std::strerror(errno));
    return true;
}

}  // namespace retrocheck::app
