// What every retrograde builder (checkers slices, chess materials) takes and reports: the
// method, the statistics of a build and its progress.
#pragma once

#include <atomic>
#include <cstdint>

namespace retrocheck::tb {

enum class BuildMethod {
    OutCounting,
    Grandfather,
    // Deliberately wrong, for testing the verifier: out-counting that keeps the first distance
    // it finds for a position instead of the shortest (the classic first-pass bug).
    FirstFoundForTesting,
};

struct BuildStats {
    std::uint64_t positions = 0;
    int levels = 0;  // the longest DTW in the slice, plus one
    // Solved in phases: the slots of the largest, which the solver lists by id; else 0.
    std::uint64_t largest_phase = 0;
};

// Read by a progress display while a slice builds, from another thread.
struct BuildProgress {
    std::atomic<std::uint64_t> seeded{0};   // positions through the first pass
    std::atomic<std::uint64_t> settled{0};  // scheduled wins and losses taken up since
    std::atomic<int> level{0};              // the distance being settled
    // Successors read a group at a time (folded_exits.h): the group whose exits are being
    // folded (1, 2, ...; 0 when none is) and the positions through its pass.
    std::atomic<int> group{0};
    std::atomic<std::uint64_t> folded{0};
};

}  // namespace retrocheck::tb
