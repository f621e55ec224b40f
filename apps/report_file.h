// Writing a report file (--junit, --html) whole or not at all, and text made safe for XML and
// HTML.
#pragma once

#include <string>

#include "engine/core/result.h"

namespace retrocheck::app {

// The five entities escaped; control characters other than tab and newline (which XML 1.0 cannot
// hold) become spaces, and bytes that are not UTF-8 become U+FFFD.
std::string xml_escaped(const std::string& s);

// Writes text to path through a temporary file renamed over it; the error names the file and
// says what it is ("the JUnit report").
Result<bool> write_report_file(const std::string& path, const std::string& text,
                               const std::string& what);

}  // namespace retrocheck::app
