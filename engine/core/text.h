// Small text helpers for messages and parsers: input echoed in a one-line message is cut at 80
// characters, fields are trimmed of white space the same way everywhere, and counts are grouped
// by thousands.
#pragma once

#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>

namespace retrocheck {

// Text echoed in a one-line message (a FEN, a token): control characters as spaces, cut at
// `limit` characters.
inline std::string clipped(std::string_view text, std::size_t limit = 80) {
    std::string out;
    for (char c : text.substr(0, limit)) out += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
    if (text.size() > limit) out += "...";
    return out;
}

// The same in single quotes: 'K99'. (Not `quoted`: std::quoted would win for std::string.)
inline std::string in_quotes(std::string_view text, std::size_t limit = 80) {
    return "'" + clipped(text, limit) + "'";
}

// s without leading and trailing white space.
constexpr std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

// 18391564 -> "18,391,564"
inline std::string grouped(std::uint64_t n) {
    const std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

}  // namespace retrocheck
