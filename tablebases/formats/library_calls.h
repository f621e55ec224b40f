// Which probe-library call each thread is in, and on which position, kept in memory that a parent
// process can still read when this one dies: `retrocheck audit --format syzygy|gaviota` runs the
// libraries in a child process (a damaged Syzygy file can make Fathom read outside its mapping),
// and when the child is killed by a signal the parent names the call, the position and the file
// instead of crashing.
//
// The records live in one shared anonymous mapping made at the first use (call
// library_calls_shared() before fork() so that the child writes where the parent reads). Each
// thread writes only its own record: a plain store of the position, then the call name and its
// start time, then the active flag (release); the parent reads the flags and start times while
// the child runs (to stop a call that does not return) and the rest only after the child is
// gone. Without a parent watching they cost a few stores and a clock read a probe.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/chess/position.h"

namespace retrocheck::tb::chess {

struct LibraryCallRecord;  // one a thread, in the shared mapping

// Makes the shared records if they do not exist yet (before fork(): both processes see them).
void library_calls_shared();

// Marks the calling thread as inside `call` of `library` on pos until destroyed.
class LibraryCall {
  public:
    LibraryCall(const char* library, const char* call, const retrocheck::chess::Position& pos);
    ~LibraryCall();
    LibraryCall(const LibraryCall&) = delete;
    LibraryCall& operator=(const LibraryCall&) = delete;

  private:
    LibraryCallRecord* record_;
};

// The calls that were running when the writing process stopped (its threads' open records).
struct LibraryCallSnapshot {
    const char* library;
    const char* call;
    retrocheck::chess::Position position;
    double seconds = 0;  // how long it had run when the snapshot was taken
};
std::vector<LibraryCallSnapshot> library_calls_in_progress();

// Whether a call has run longer than `seconds` (read while the writing process runs: only the
// flags and start times, which are atomic).
bool library_call_overdue(double seconds);

}  // namespace retrocheck::tb::chess
