#include "tablebases/formats/squares.h"

#include <algorithm>
#include <bit>

#include "tablebases/checkers/index.h"

namespace retrocheck::tb::formats {

using checkers::Color;

namespace {
std::vector<int> d_list(checkers::Bitboard b) {
    std::vector<int> out;
    for (; b; b &= b - 1) out.push_back(std::countr_zero(b) ^ 3);  // bit i is square i + 1
    std::sort(out.begin(), out.end());
    return out;
}
}  // namespace

DSquares d_squares(const checkers::Position& pos) {
    return {d_list(pos.men(Color::Black)), d_list(pos.kings(Color::Black)),
            d_list(pos.men(Color::White)), d_list(pos.kings(Color::White))};
}

std::uint64_t colex_rank(const std::vector<int>& ascending) {
    std::uint64_t r = 0;
    for (std::size_t i = 0; i < ascending.size(); ++i)
        r += binomial(ascending[i], static_cast<int>(i) + 1);
    return r;
}

std::vector<int> colex_unrank(std::uint64_t r, int k) {
    std::vector<int> out(static_cast<std::size_t>(k));
    for (int i = k; i >= 1; --i) {
        int x = i - 1;
        while (x + 1 <= 32 && binomial(x + 1, i) <= r) ++x;
        r -= binomial(x, i);
        out[static_cast<std::size_t>(i - 1)] = x;
    }
    return out;
}

int count_below(const std::vector<int>& xs, int d) {
    return static_cast<int>(std::count_if(xs.begin(), xs.end(), [d](int x) { return x < d; }));
}
int count_above(const std::vector<int>& xs, int d) {
    return static_cast<int>(std::count_if(xs.begin(), xs.end(), [d](int x) { return x > d; }));
}

}  // namespace retrocheck::tb::formats
