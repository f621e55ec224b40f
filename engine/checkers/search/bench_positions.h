// The fixed positions `retrocheck bench` and bench/search_bench search, from the opening to
// endgames with kings: the node count over them is the search's determinism fingerprint.
#pragma once

#include <array>
#include <cstddef>

namespace retrocheck::checkers {

inline constexpr int kBenchDepth = 15;
inline constexpr std::size_t kBenchTtMegabytes = 16;

inline constexpr std::array<const char*, 8> kBenchPositions = {
    "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",  // the start
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15",  // after 11-15
    "B:W18,19,21,23,24,26,27,28,30,31,32:B1,2,3,5,6,7,9,10,11,12,14",
    "W:W25,26,27,28,30:B5,6,7,9,10",
    "W:W32,27,24,K22,14:B20,19,K15,13,1",
    "W:WK15,K20:B8,10,16",
    "W:WK17,24:B8,K18",
    "B:WK22,K23,K24:BK31,K32",
};

}  // namespace retrocheck::checkers
