#include "apps/mpi_world.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

#ifdef RETROCHECK_HAS_MPI
#include <mpi.h>
#endif

namespace retrocheck::app {

namespace {

MpiWorld world;

// Open MPI, MPICH and Slurm's PMI each say so in the environment of the processes they start.
bool started_by_mpirun() {
    for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
        if (std::getenv(name)) return true;
    return false;
}

}  // namespace

MpiWorld& MpiWorld::get() { return world; }

void MpiWorld::mark_lost(int r) {
    if (lost_.size() <= static_cast<std::size_t>(r)) lost_.resize(static_cast<std::size_t>(r) + 1);
    lost_[static_cast<std::size_t>(r)] = true;
}

bool MpiWorld::lost(int r) const {
    return static_cast<std::size_t>(r) < lost_.size() && lost_[static_cast<std::size_t>(r)];
}

#ifdef RETROCHECK_HAS_MPI

std::optional<std::string> MpiWorld::start(int* argc, char*** argv) {
    if (!started_by_mpirun()) return std::nullopt;
    int provided = 0;
    // Only the main thread of a rank calls MPI; the work runs beside it.
    MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &world.rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &world.size_);
    world.joined_ = true;
    return std::nullopt;
}

void MpiWorld::finish(int code) {
    if (!world.joined_) return;
    if (world.rank_ == 0)
        for (int r = 1; r < world.size_; ++r)
            if (!world.lost(r)) world.send(r, kStop);
    std::fflush(stdout);
    std::thread([code] {
        std::this_thread::sleep_for(std::chrono::seconds(30));
        std::fflush(stdout);
        std::_Exit(code);
    }).detach();
    MPI_Finalize();
    world.joined_ = false;
}

bool MpiWorld::send(int to, int tag, const std::string& body) {
    return MPI_Send(body.data(), static_cast<int>(body.size()), MPI_CHAR, to, tag,
                    MPI_COMM_WORLD) == MPI_SUCCESS;
}

std::optional<MpiWorld::Message> MpiWorld::poll() {
    if (!joined_) return std::nullopt;
    int flag = 0;
    MPI_Status status;
    if (MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status) != MPI_SUCCESS ||
        !flag)
        return std::nullopt;
    int count = 0;
    MPI_Get_count(&status, MPI_CHAR, &count);
    std::vector<char> buffer(static_cast<std::size_t>(count > 0 ? count : 0) + 1);
    if (MPI_Recv(buffer.data(), count, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE) != MPI_SUCCESS)
        return std::nullopt;
    return Message{status.MPI_SOURCE, status.MPI_TAG,
                   std::string(buffer.data(), static_cast<std::size_t>(count))};
}

#else

std::optional<std::string> MpiWorld::start(int*, char***) {
    if (started_by_mpirun())
        return "this retrocheck was built without MPI (install libopenmpi-dev and build again "
               "to run it under mpirun)";
    return std::nullopt;
}

void MpiWorld::finish(int) {}
bool MpiWorld::send(int, int, const std::string&) { return false; }
std::optional<MpiWorld::Message> MpiWorld::poll() { return std::nullopt; }

#endif

}  // namespace retrocheck::app
