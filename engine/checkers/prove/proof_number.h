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

// The proof number of an AND node (the disproof number of an OR node) from its children's: weak
// proof numbers (Ueda et al.), the largest open child's plus one for each other open child, not
// the sum, which counts a position reached by transposition as many times as it is reached.
// kInfinite when a child's is; 0 when every child's is.
class WeakSum {
  public:
    constexpr void add(ProofNumber x) {
        if (x >= kInfinite) {
            infinite_ = true;
        } else if (x > 0) {
            max_ = std::max(max_, x);
            ++open_;
        }
    }
    constexpr ProofNumber value() const {
        if (infinite_) return kInfinite;
        return open_ == 0 ? 0 : std::min(kUnsolvedMax, max_ + open_ - 1);
    }

  private:
    bool infinite_ = false;
    ProofNumber max_ = 0, open_ = 0;
};

// The threshold df-pn gives its best child: just past the second best, widened by a quarter
// (the 1+epsilon trick of Pawlewicz and Lew, which cuts the re-expansions of plain df-pn).
constexpr ProofNumber second_best_threshold(ProofNumber second) {
    if (second >= kUnsolvedMax) return kUnsolvedMax;
    return std::min(second + second / 4 + 1, kUnsolvedMax);
}

}  // namespace retrocheck::checkers::prove
