// JUnit XML reports (--junit FILE) for the commands CI systems run: verify, audit, corpus,
// check-movegen, check-probe. One test suite a command run, one test case a slice, entry or kind
// of case; a failing case carries the positions with their FEN, the rule and the child.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/result.h"

namespace retrocheck::app {

struct JunitCase {
    std::string classname;  // "verify.bm0bk1wm0wk1"
    std::string name;       // "1K v 1K"
    double seconds = 0;
    // A failing case: the message (one line: what and how many) and the text (every position
    // shown, FEN, diagram, rule and child).
    std::optional<std::string> failure_message;
    std::string failure_type;  // "rule", "wrong-value", ...
    std::string failure_text;
    std::string system_out;  // what passed: counts
    // A case not decided either way (a corpus entry marked open): why, as <skipped message>.
    std::optional<std::string> skipped;
    // A case that could not be settled and counts against the run (a verdict not proven within
    // the budget): why, as <error message type>.
    std::optional<std::string> error_message;
    std::string error_type = "error";

    // Adds an example to a failing case's text; the first example's type becomes the failure's
    // (a failing case none of whose examples was shown has the type "failure").
    void show(const std::string& type, const std::string& text) {
        if (failure_type.empty()) failure_type = type;
        failure_text += text + "\n";
    }
};

struct JunitSuite {
    std::string name;  // "retrocheck verify tables"
    double seconds = 0;
    std::vector<JunitCase> cases;
};

// The document: <testsuites> with one <testsuite>, counts and times filled in.
std::string junit_xml(const JunitSuite& suite);

// Writes the report to path, whole or not at all (a temporary file renamed over it); the error
// names the file.
Result<bool> write_junit(const std::string& path, const JunitSuite& suite);

// --junit FILE.
void add_junit_option(CLI::App* cmd, std::string& path);

}  // namespace retrocheck::app
