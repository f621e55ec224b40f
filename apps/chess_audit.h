// `audit --format syzygy|gaviota PATH [--against DIR] [--json]`: third-party chess tables read
// through their probe libraries, every position of every material they hold checked against our
// tables and the one-ply rules (tablebases/verify/chess_audit.h). Returns the exit code.
#pragma once

#include <cstddef>
#include <string>

namespace retrocheck::app {

struct ChessAuditArgs {
    std::string format, path, against;
    bool json = false;
    std::size_t max_examples = 20;
    std::string junit;
    int dtz_pieces = 99;  // DTZ judged up to this many pieces
};

int run_chess_audit(const ChessAuditArgs& args);

}  // namespace retrocheck::app
