#include "apps/report_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

namespace retrocheck::app {

// Text for XML attributes and elements: the five entities, and no control characters but tab
// and newline (XML 1.0 cannot hold them).
std::string xml_escaped(const std::string& s) {
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
        f << text;
        f.flush();
        if (!f) return failed(std::strerror(errno));
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) return failed(std::strerror(errno));
    return true;
}

}  // namespace retrocheck::app
