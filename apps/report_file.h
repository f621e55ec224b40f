// Writing a report file (--junit, --html) whole or not at all, and text made safe for XML and
// HTML.
#pragma once

#include <string>

#include "engine/core/result.h"

namespace retrocheck::app {

// The five entities escaped; control characters other than tab and newline (which XML 1.0 cannot
// hold) become spaces, and bytes that are not UTF-8 become U+FFFD.
std::string xml_escaped(const std::string& s);

// Writes text to path; the error names the file and says what it is ("the JUnit report"). A
// regular file (or none yet) is written whole or not at all, through a temporary file renamed
// over it; a symbolic link is followed, so the link stays and its target is replaced. A character
// device or a FIFO (/dev/stdout, /dev/null, a pipe) is written through, never renamed over; a
// FIFO no one reads, a directory, a block device or a socket is refused.
Result<bool> write_report_file(const std::string& path, const std::string& text,
                               const std::string& what);

// Why path cannot take a report, checked when the command line is read (before any work), or
// "": empty, a directory, a block device or a socket, or in a directory that does not exist.
std::string report_path_problem(const std::string& path);

}  // namespace retrocheck::app
