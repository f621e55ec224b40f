// Work spread over the ranks of an MPI job (apps/mpi_world.h), for any work cut in jobs with an
// order between them (slices whose successors must exist first): rank 0 hands out each job
// whose prerequisites are done to a rank with nothing to do; the other ranks run them, saying
// every half second that they are alive, and send back what each job gives.
//
// A rank that stays silent longer than `silence` seconds while it holds a job is taken for dead:
// its job is handed to another rank and it gets no more. (A rank that was only slow may still
// finish it: the jobs write their files whole under a temporary name, so two runs of one job
// leave one file.) A job that fails (a file that cannot be written) ends the farm with its error.
//
// Test hook: RETROCHECK_TEST_KILL_RANK=R:N makes rank R kill itself with SIGKILL while it runs
// its Nth job (counted from 1), as a node that dies would.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/core/result.h"

namespace retrocheck::app {

struct FarmSetup {
    // after[i]: the jobs that must be done before job i is handed out.
    std::vector<std::vector<int>> after;
    double silence = 60;  // seconds
    // done(job, rank, what the job gave), on rank 0, as each job is done.
    std::function<void(int, int, const std::string&)> done;
    // A line for people (a rank taken for dead), on rank 0.
    std::function<void(const std::string&)> log;
};

// Rank 0: every job run by the other ranks; the number of ranks taken for dead. Each rank is
// released at the end (farm_work returns there), whatever the outcome.
Result<int> farm_out(const FarmSetup& setup);

// Every other rank: runs the jobs rank 0 hands out, run(job) giving what is sent back, until
// rank 0 ends the farm. False when rank 0 has stopped the job for good (no farm follows).
bool farm_work(const std::function<Result<std::string>(int)>& run);

// The default of --silence: how long a rank may stay silent before it is taken for dead.
inline constexpr double kDefaultSilence = 60;

}  // namespace retrocheck::app
