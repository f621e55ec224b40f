// `audit --format syzygy|gaviota PATH [--against DIR] [--json]`: third-party chess tables read
// through their probe libraries, every position of every material they hold checked against our
// tables and the one-ply rules (tablebases/verify/chess_audit.h). The libraries run in a child
// process under a time limit a call and a memory limit: a crash, a call that does not return or
// memory running out stops the audit with the library, the call, the position and the file
// named (exit 2). Returns the exit code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace retrocheck::app {

struct ChessAuditArgs {
    std::string format, path, against;
    bool json = false;
    std::size_t max_examples = 20;
    std::string junit, html;  // report files to write ("" for none)
    int dtz_pieces = 99;      // DTZ judged up to this many pieces
    // The limits the libraries run under (in a child process): a call that runs longer is
    // stopped and reported with its position and file; the child's address space (0: the
    // machine's memory).
    int call_timeout_ms = 2000;
    std::uint64_t memory_mb = 0;
};

int run_chess_audit(const ChessAuditArgs& args);

}  // namespace retrocheck::app
