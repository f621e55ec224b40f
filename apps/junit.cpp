#include "apps/junit.h"

#include <fmt/format.h>

#include "apps/report_file.h"

namespace retrocheck::app {

namespace {

std::string seconds(double s) { return fmt::format("{:.3f}", s < 0 ? 0.0 : s); }

}  // namespace

std::string junit_xml(const JunitSuite& suite) {
    std::size_t failures = 0, skipped = 0, errors = 0;
    for (const auto& c : suite.cases) {
        failures += c.failure_message.has_value();
        skipped += c.skipped.has_value();
        errors += c.error_message.has_value();
    }
    const std::string counts =
        fmt::format(R"(tests="{}" failures="{}" errors="{}" time="{}")", suite.cases.size(),
                    failures, errors, seconds(suite.seconds));
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += fmt::format("<testsuites name=\"{}\" {}>\n", xml_escaped(suite.name), counts);
    out += fmt::format("  <testsuite name=\"{}\" {} skipped=\"{}\">\n", xml_escaped(suite.name),
                       counts, skipped);
    for (const auto& c : suite.cases) {
        out += fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{}\"",
                           xml_escaped(c.classname), xml_escaped(c.name), seconds(c.seconds));
        if (!c.failure_message && !c.skipped && !c.error_message && c.system_out.empty()) {
            out += "/>\n";
            continue;
        }
        out += ">\n";
        if (c.failure_message)
            out += fmt::format("      <failure message=\"{}\" type=\"{}\">{}</failure>\n",
                               xml_escaped(*c.failure_message),
                               xml_escaped(c.failure_type.empty() ? "failure" : c.failure_type),
                               xml_escaped(c.failure_text));
        if (c.error_message)
            out += fmt::format("      <error message=\"{}\" type=\"{}\"/>\n",
                               xml_escaped(*c.error_message), xml_escaped(c.error_type));
        if (c.skipped)
            out += fmt::format("      <skipped message=\"{}\"/>\n", xml_escaped(*c.skipped));
        if (!c.system_out.empty())
            out += fmt::format("      <system-out>{}</system-out>\n", xml_escaped(c.system_out));
        out += "    </testcase>\n";
    }
    out += "  </testsuite>\n</testsuites>\n";
    return out;
}

Result<bool> write_junit(const std::string& path, const JunitSuite& suite) {
    return write_report_file(path, junit_xml(suite), "the JUnit report");
}

void add_junit_option(CLI::App* cmd, std::string& path) {
    cmd->add_option("--junit", path,
                    "Also write a JUnit XML report to FILE (one test case a slice, entry or kind "
                    "of case)")
        ->check(CLI::Validator(report_path_problem, "FILE", "report file"));
}

}  // namespace retrocheck::app
