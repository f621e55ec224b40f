// The tables up to 5 pieces for properties: read from the directory the check_5_pieces test
// writes (RETROCHECK_TABLES5), or built in memory when it is not there.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "tablebases/checkers/build.h"
#include "tablebases/store/directory.h"

namespace retrocheck::tb::testing {

inline const TableSet& tables_up_to_5() {
    static const TableSet tables = [] {
        const char* dir = std::getenv("RETROCHECK_TABLES5");
        if (dir && std::filesystem::exists(std::filesystem::path(dir) / "bm1bk1wm1wk2.rctb")) {
            auto loaded = store::load_directory<tb::CheckersGame>(dir, 5);
            if (loaded) return std::move(loaded).value();
            std::cerr << "cannot use " << dir << ": " << loaded.error() << "; building\n";
        }
        return build_up_to(5, BuildMethod::OutCounting);
    }();
    return tables;
}

}  // namespace retrocheck::tb::testing
