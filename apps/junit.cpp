#include "apps/junit.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

namespace retrocheck::app {

namespace {

// Text for XML attributes and elements: the five entities, and no control characters but tab
// and newline (XML 1.0 cannot hold them).
std::string escaped(const std::string& s) {
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

std::string seconds(double s) { return fmt::format("{:.3f}", s < 0 ? 0.0 : s); }

}  // namespace

std::string junit_xml(const JunitSuite& suite) {
    std::size_t failures = 0;
    for (const auto& c : suite.cases) failures += c.failure_message.has_value();
    const std::string counts = fmt::format(R"(tests="{}" failures="{}" errors="0" time="{}")",
                                           suite.cases.size(), failures, seconds(suite.seconds));
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += fmt::format("<testsuites name=\"{}\" {}>\n", escaped(suite.name), counts);
    out += fmt::format("  <testsuite name=\"{}\" {} skipped=\"0\">\n", escaped(suite.name), counts);
    for (const auto& c : suite.cases) {
        out += fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{}\"",
                           escaped(c.classname), escaped(c.name), seconds(c.seconds));
        if (!c.failure_message && c.system_out.empty()) {
            out += "/>\n";
            continue;
        }
        out += ">\n";
        if (c.failure_message)
            out += fmt::format("      <failure message=\"{}\" type=\"{}\">{}</failure>\n",
                               escaped(*c.failure_message), escaped(c.failure_type),
                               escaped(c.failure_text));
        if (!c.system_out.empty())
            out += fmt::format("      <system-out>{}</system-out>\n", escaped(c.system_out));
        out += "    </testcase>\n";
    }
    out += "  </testsuite>\n</testsuites>\n";
    return out;
}

Result<bool> write_junit(const std::string& path, const JunitSuite& suite) {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        if (!f) return Error{path + ": cannot write the JUnit report: " + std::strerror(errno)};
        f << junit_xml(suite);
        f.flush();
        if (!f) {
            std::remove(tmp.c_str());
            return Error{path + ": cannot write the JUnit report: " + std::strerror(errno)};
        }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        const std::string why = std::strerror(errno);
        std::remove(tmp.c_str());
        return Error{path + ": cannot write the JUnit report: " + why};
    }
    return true;
}

void add_junit_option(CLI::App* cmd, std::string& path) {
    cmd->add_option("--junit", path,
                    "Also write a JUnit XML report to FILE (one test case a slice, entry or kind "
                    "of case)");
}

}  // namespace retrocheck::app
