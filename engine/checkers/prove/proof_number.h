// Proof and disproof numbers: the cost estimates of depth-first proof-number search, saturating
// below kInfinite (kInfinite itself means solved: a proof number of kInfinite is a disproof).
#pragma once

#include <algorithm>
#include <cstdint>

namespace retrocheck::checkers::prove {

using ProofNumber = std::uint64_t;
inline constexpr ProofNumber kInfinite = ProofNumber{1} << 62;
// The largest unsolved value: a node the search cannot expand (too deep) holds it.
inline constexpr ProofNumber kUnsolvedMax = kInfinite - 1;

// a + b, kInfinite when either is, and never reaching it otherwise.
constexpr ProofNumber saturating_add(ProofNumber a, ProofNumber b) {
    if (a >= kInfinite || b >= kInfinite) return kInfinite;
    return std::min(a + b, kUnsolvedMax);
}

// The threshold df-pn gives its best child: just past the second best, widened by a quarter
// (the 1+epsilon trick of Pawlewicz and Lew, which cuts the re-expansions of plain df-pn).
constexpr ProofNumber second_best_threshold(ProofNumber second) {
    if (second >= kUnsolvedMax) return kUnsolvedMax;
    return std::min(second + second / 4 + 1, kUnsolvedMax);
}

}  // namespace retrocheck::checkers::prove
