// Test support: tables built once per test program and shared by every test that reads them.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "tablebases/checkers/build.h"

namespace retrocheck::tb::testing {

// Every slice up to `pieces` pieces, built by `method` on first use.
inline const TableSet& built_tables(int pieces, BuildMethod method = BuildMethod::OutCounting) {
    static std::mutex mutex;
    static std::map<std::pair<int, BuildMethod>, std::unique_ptr<const TableSet>> cache;
    std::lock_guard lock(mutex);
    auto& slot = cache[{pieces, method}];
    if (!slot) slot = std::make_unique<const TableSet>(build_up_to(pieces, method));
    return *slot;
}

}  // namespace retrocheck::tb::testing
