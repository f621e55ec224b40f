// Fuzzes the capture resolver: each input is a position of 2-6 pieces and a set of slices
// taken out of the capture-free source. The resolver must end within its bound, never give a
// value different from the full table, and answer every position the source fully covers.
// Tables: every slice up to 4 pieces, built at start, or the directory named by
// RETROCHECK_FUZZ_TABLES (for example 2-6 pieces from `retrocheck build`).
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <vector>

#include "engine/checkers/notation.h"
#include "tablebases/checkers/build.h"
#include "tablebases/probe/resolver.h"
#include "tablebases/store/directory.h"
#include "tablebases/tests/resolver_check.h"

namespace {

using namespace retrocheck;
using checkers::Color;
using checkers::Position;

struct World {
    tb::TableSet full;
    int max_pieces = 4;
    std::vector<tb::Slice> slices;
    // compared: positions the tables cover, each checked against them (check_with_gaps)
    std::atomic<std::uint64_t> probes{0}, compared{0}, largest_work{0};

    World() {
        if (const char* dir = std::getenv("RETROCHECK_FUZZ_TABLES")) {
            auto loaded = tb::store::load_directory<tb::CheckersGame>(dir);
            if (!loaded) {
                std::fprintf(stderr, "%s\n", loaded.error().c_str());
                std::abort();
            }
            full = std::move(loaded).value();
            max_pieces = 0;
            for (const auto& [s, t] : full.tables()) max_pieces = std::max(max_pieces, s.pieces());
        } else {
            full = tb::build_up_to(4, tb::BuildMethod::OutCounting);
        }
        for (const auto& [s, t] : full.tables()) slices.push_back(s);
    }
    ~World() {
        std::printf(
            "resolver fuzz: %llu probes, %llu compared with the full table, largest work "
            "per probe %llu (tables up to %d pieces)\n",
            static_cast<unsigned long long>(probes.load()),
            static_cast<unsigned long long>(compared.load()),
            static_cast<unsigned long long>(largest_work.load()), max_pieces);
    }
};

World& world() {
    static World w;
    return w;
}

// 2-6 pieces from the bytes: each byte a square (low 5 bits) and a kind (next 2 bits); men on
// their crowning row become kings, occupied squares are skipped.
Position position_from(const std::uint8_t*& data, std::size_t& size) {
    const int pieces = 2 + data[0] % 5;
    const Color side = data[0] & 0x80 ? Color::White : Color::Black;
    ++data, --size;
    checkers::Bitboard black = 0, white = 0, kings = 0;
    for (int i = 0; i < pieces && size > 0; ++i, ++data, --size) {
        const checkers::Bitboard sq = checkers::Bitboard{1} << (data[0] & 31);
        if ((black | white) & sq) continue;
        const int kind = (data[0] >> 5) & 3;
        const bool is_black = kind < 2;
        bool king = kind % 2 == 1;
        if (!king && (sq & checkers::rules::promotion_row(is_black ? Color::Black : Color::White)))
            king = true;
        (is_black ? black : white) |= sq;
        if (king) kings |= sq;
    }
    return Position::from_bitboards(black, white, kings, side);
}

}  // namespace

// The tables are built here, before libFuzzer's per-input timeout starts.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
    world();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    World& w = world();
    const Position pos = position_from(data, size);
    std::set<tb::Slice> gaps;
    for (; size >= 1 && gaps.size() < 3; ++data, --size)
        gaps.insert(w.slices[data[0] % w.slices.size()]);
    std::uint64_t work = 0;
    const auto broken = tb::testing::check_with_gaps(w.full, pos, gaps, work);
    ++w.probes;
    w.compared += w.full.probe(pos).has_value();
    tb::testing::keep_largest(w.largest_work, work);
    if (broken) {
        std::fprintf(stderr, "%s\n", broken->c_str());
        __builtin_trap();
    }
    return 0;
}
