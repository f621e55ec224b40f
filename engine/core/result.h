// Errors as values at the boundaries: parsing and file reading return Result<T>, whose error
// message names the offending token, file or offset.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace retrocheck {

struct Error {
    std::string message;
};

template <typename T>
class [[nodiscard]] Result {
  public:
    Result(T value) : v_(std::move(value)) {}      // NOLINT: implicit by design
    Result(Error error) : v_(std::move(error)) {}  // NOLINT: implicit by design

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }

    const T& value() const& {
        assert(ok());
        return std::get<0>(v_);
    }
    T&& value() && {
        assert(ok());
        return std::get<0>(std::move(v_));
    }
    const T& operator*() const& { return value(); }
    const T* operator->() const { return &value(); }
    const std::string& error() const {
        assert(!ok());
        return std::get<1>(v_).message;
    }

  private:
    std::variant<T, Error> v_;
};

}  // namespace retrocheck
