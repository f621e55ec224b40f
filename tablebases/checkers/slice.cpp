#include "tablebases/checkers/slice.h"

#include <algorithm>
#include <charconv>
#include <tuple>

namespace retrocheck::tb {

using checkers::Color;

Slice slice_of(const checkers::Position& pos) {
    auto n = [](checkers::Bitboard b) { return static_cast<std::uint8_t>(checkers::popcount(b)); };
    return {n(pos.men(Color::Black)), n(pos.kings(Color::Black)), n(pos.men(Color::White)),
            n(pos.kings(Color::White))};
}

std::string name(Slice s) {
    return "bm" + std::to_string(s.black_men) + "bk" + std::to_string(s.black_kings) + "wm" +
           std::to_string(s.white_men) + "wk" + std::to_string(s.white_kings);
}

std::string material(Slice s) {
    auto side = [](int kings, int men) {
        std::string out;
        if (kings) out += std::to_string(kings) + "K";
        if (men) out += (out.empty() ? "" : "+") + std::to_string(men) + "M";
        return out.empty() ? std::string("0") : out;
    };
    return side(s.white_kings, s.white_men) + " v " + side(s.black_kings, s.black_men);
}

std::optional<Slice> parse_slice(std::string_view text) {
    int v[4];
    const char* tags[4] = {"bm", "bk", "wm", "wk"};
    for (int i = 0; i < 4; ++i) {
        if (text.substr(0, 2) != tags[i]) return std::nullopt;
        text.remove_prefix(2);
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v[i]);
        if (ec != std::errc() || v[i] < 0 || v[i] > 12) return std::nullopt;
        text.remove_prefix(static_cast<std::size_t>(end - text.data()));
    }
    if (!text.empty() || v[0] + v[1] > 12 || v[2] + v[3] > 12) return std::nullopt;
    return Slice{static_cast<std::uint8_t>(v[0]), static_cast<std::uint8_t>(v[1]),
                 static_cast<std::uint8_t>(v[2]), static_cast<std::uint8_t>(v[3])};
}

std::vector<Slice> slices_up_to(int max_pieces) {
    std::vector<Slice> out;
    for (int bm = 0; bm <= 12; ++bm)
        for (int bk = 0; bm + bk <= 12; ++bk)
            for (int wm = 0; wm <= 12; ++wm)
                for (int wk = 0; wm + wk <= 12; ++wk)
                    if (bm + bk + wm + wk <= max_pieces)
                        out.push_back({static_cast<std::uint8_t>(bm), static_cast<std::uint8_t>(bk),
                                       static_cast<std::uint8_t>(wm),
                                       static_cast<std::uint8_t>(wk)});
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<Slice> successors(Slice s) {
    std::vector<Slice> out;
    auto add = [&](int bm, int bk, int wm, int wk) {
        if (bm < 0 || bk < 0 || wm < 0 || wk < 0) return;
        const Slice t{static_cast<std::uint8_t>(bm), static_cast<std::uint8_t>(bk),
                      static_cast<std::uint8_t>(wm), static_cast<std::uint8_t>(wk)};
        if (t != s && std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
    };
    // The mover may crown (a man becomes a king) and may take any mix of the other side's men
    // and kings; either colour may be the mover.
    for (int crown = 0; crown <= 1; ++crown) {
        for (int men = 0; men <= s.white_men; ++men)
            for (int kings = 0; kings <= s.white_kings; ++kings)
                add(s.black_men - crown, s.black_kings + crown, s.white_men - men,
                    s.white_kings - kings);
        for (int men = 0; men <= s.black_men; ++men)
            for (int kings = 0; kings <= s.black_kings; ++kings)
                add(s.black_men - men, s.black_kings - kings, s.white_men - crown,
                    s.white_kings + crown);
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace retrocheck::tb
