// The MPI job this process is a rank of, when `mpirun` started it (and retrocheck was built
// with MPI); otherwise a world of one. Messages are short strings with a tag, sent and polled
// without blocking, so that a rank that waits sleeps instead of spinning, and a rank that died
// is told by its silence (MPI without fault tolerance tells nothing else).
//
// Rank 0 runs the command as in one process and hands work out (apps/slice_farm.h); the other
// ranks take work until rank 0 sends them Stop, which it does for every rank before it exits,
// whatever the command did. Errors of MPI return codes (MPI_ERRORS_RETURN): a send to a rank
// that died fails, and is ignored, instead of aborting the job.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace retrocheck::app {

class MpiWorld {
  public:
    // Tags of the messages ranks exchange.
    // kEnd ends one farm (apps/slice_farm.h), kStop every farm and the rank's part in the job.
    enum Tag : int { kWork = 1, kDone = 2, kFailed = 3, kAlive = 4, kEnd = 5, kStop = 6 };
    struct Message {
        int from = 0;
        int tag = 0;
        std::string body;
    };

    // Joins the MPI job when the environment says mpirun started this process (MPI_Init); a
    // world of one otherwise. Once, first thing in main. An error message when this process is a
    // rank but retrocheck was built without MPI.
    static std::optional<std::string> start(int* argc, char*** argv);
    // Rank 0 stops every other rank, then every rank leaves the job (MPI_Finalize). A leaving
    // that a dead rank holds up ends the process after 30 s with `code`, stdout flushed.
    static void finish(int code);
    static MpiWorld& get();

    int rank() const { return rank_; }
    int size() const { return size_; }
    bool distributed() const { return size_ > 1; }

    // Whether the send was handed to MPI (false: the rank is gone).
    bool send(int to, int tag, const std::string& body = {});
    // The next message waiting, from any rank; nothing when none is.
    std::optional<Message> poll();
    // A rank taken for dead gets no more messages, Stop included.
    void mark_lost(int r);
    bool lost(int r) const;

  private:
    int rank_ = 0;
    int size_ = 1;
    bool joined_ = false;
    std::vector<bool> lost_;
};

}  // namespace retrocheck::app
