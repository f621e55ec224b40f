// A cursor over an index file's text for hand-written parsers: whitespace skipping, unsigned
// numbers with overflow checks, and errors that name the file, line and what was found.
#pragma once

#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/result.h"

namespace retrocheck::tb::formats {

class TextCursor {
  public:
    TextCursor(std::string_view text, std::string file) : text_(text), file_(std::move(file)) {}

    bool at_end() const { return pos_ >= text_.size(); }
    char peek() const { return at_end() ? '\0' : text_[pos_]; }
    void skip_spaces() {
        while (!at_end() && std::isspace(static_cast<unsigned char>(text_[pos_]))) advance();
    }
    bool take(char c) {
        if (peek() != c) return false;
        advance();
        return true;
    }
    bool take(std::string_view word) {
        if (text_.substr(pos_, word.size()) != word) return false;
        for (std::size_t i = 0; i < word.size(); ++i) advance();
        return true;
    }
    // A decimal number below `limit`, or nothing (the cursor stays put when there is no digit).
    std::optional<std::uint64_t> number(std::uint64_t limit = std::uint64_t{1} << 40) {
        if (!std::isdigit(static_cast<unsigned char>(peek()))) return std::nullopt;
        std::uint64_t v = 0;
        while (std::isdigit(static_cast<unsigned char>(peek()))) {
            v = v * 10 + static_cast<std::uint64_t>(peek() - '0');
            if (v >= limit) return std::nullopt;
            advance();
        }
        return v;
    }
    // The next few characters, printable, for messages.
    std::string found() const {
        if (at_end()) return "end of file";
        std::string s;
        for (std::size_t i = pos_; i < text_.size() && s.size() < 12 && text_[i] != '\n'; ++i)
            s += std::isprint(static_cast<unsigned char>(text_[i])) ? text_[i] : '?';
        return "'" + s + "'";
    }
    Error error(const std::string& what) const {
        return Error{file_ + " line " + std::to_string(line_) + ": " + what + ", found " + found()};
    }
    int line() const { return line_; }

  private:
    void advance() {
        if (text_[pos_] == '\n') ++line_;
        ++pos_;
    }
    std::string_view text_;
    std::string file_;
    std::size_t pos_ = 0;
    int line_ = 1;
};

}  // namespace retrocheck::tb::formats
