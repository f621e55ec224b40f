// The level scans' search (retrograde.h): the first value equal to a code in a run of a table's
// values, memchr for one-byte codes, a block at a time otherwise.
#pragma once

#include <cstddef>
#include <cstring>

namespace retrocheck::tb::detail {

// The first of [p, end) equal to `code`, or nullptr.
template <typename Code>
const Code* find_code(const Code* p, const Code* end, Code code) {
    if constexpr (sizeof(Code) == 1) {
        return static_cast<const Code*>(std::memchr(p, code, static_cast<std::size_t>(end - p)));
    } else {
        // A block at a time, tested whole without a branch (vectorized), then searched.
        constexpr std::ptrdiff_t kBlock = 32;
        for (; end - p >= kBlock; p += kBlock) {
            bool any = false;
            for (std::ptrdiff_t k = 0; k < kBlock; ++k) any |= p[k] == code;
            if (any) break;
        }
        for (; p != end; ++p)
            if (*p == code) return p;
        return nullptr;
    }
}

}  // namespace retrocheck::tb::detail
