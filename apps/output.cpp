#include "apps/output.h"

#include <cstdio>

#include "engine/checkers/notation.h"

namespace retrocheck::app {

int fail(std::string_view message) {
    fmt::print(stderr, "retrocheck: {}\n", message);
    return 1;
}

std::string grouped(std::uint64_t n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

Result<checkers::Position> fen_argument(const std::string& text) {
    auto pos = checkers::parse_fen(text);
    if (!pos) return Error{"bad FEN '" + text + "': " + pos.error()};
    return pos;
}

}  // namespace retrocheck::app
