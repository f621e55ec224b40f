// Test support: table sets written as files, and wrong values put into those files the way a
// faulty writer would, with every checksum valid, so that only the verifier can catch them.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <set>
#include <span>
#include <string>

#include "engine/core/result.h"
#include "tablebases/store/directory.h"
#include "tablebases/store/writer.h"
#include "tablebases/tests/corruption.h"

namespace retrocheck::tb::testing {

inline void write_all(const TableSet& set, const std::filesystem::path& dir,
                      std::uint32_t block_size) {
    for (const auto& [s, t] : set.tables()) {
        const auto p = store::table_path(dir, s);
        const auto bytes = store::write_table(*t, p, {block_size, 3});
        ASSERT_TRUE(bytes.ok()) << bytes.error();
        EXPECT_EQ(*bytes, std::filesystem::file_size(p));
    }
}

// The tables of `dir`, which write_all wrote from `set`, read back after the files of the
// changed slices were written again with the corruptions' values (and valid checksums). The
// files are put back as they were before returning.
inline Result<TableSet> load_with_changes(const std::filesystem::path& dir, const TableSet& set,
                                          std::span<const Corruption> changes,
                                          std::uint32_t block_size) {
    const TableSet changed = with_changes(set, changes);
    std::set<Slice> slices;
    for (const Corruption& c : changes) slices.insert(c.slice);
    auto rewrite = [&](const TableSet& from) -> std::optional<std::string> {
        for (const Slice& s : slices) {
            const auto w =
                store::write_table(*from.find(s), store::table_path(dir, s), {block_size, 3});
            if (!w) return w.error();
        }
        return std::nullopt;
    };
    if (const auto e = rewrite(changed)) return Error{*e};
    auto loaded = store::load_directory<tb::CheckersGame>(dir);
    if (const auto e = rewrite(set)) return Error{*e};
    return loaded;
}

}  // namespace retrocheck::tb::testing
