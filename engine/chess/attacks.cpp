#include "engine/chess/attacks.h"

#include <vector>

namespace retrocheck::chess::detail {

namespace {

constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Slider attacks by walking the rays: slow, used only to fill the tables.
Bitboard slide(Square s, Bitboard occupied, const int (&dirs)[4][2]) {
    Bitboard out = 0;
    for (const auto& d : dirs) {
        for (int f = file_of(s) + d[0], r = rank_of(s) + d[1]; on_board(f, r);
             f += d[0], r += d[1]) {
            out |= bit(make_square(f, r));
            if (occupied & bit(make_square(f, r))) break;
        }
    }
    return out;
}

Bitboard leaper(Square s, const int (&steps)[8][2]) {
    Bitboard out = 0;
    for (const auto& d : steps)
        if (on_board(file_of(s) + d[0], rank_of(s) + d[1]))
            out |= bit(make_square(file_of(s) + d[0], rank_of(s) + d[1]));
    return out;
}

// xorshift64*: a fixed sequence, so the magics (and start-up time) are the same every run.
struct Random {
    std::uint64_t s = 0x9E3779B97F4A7C15ull;
    std::uint64_t next() {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 2685821657736338717ull;
    }
    std::uint64_t sparse() { return next() & next() & next(); }
};

// Finds a magic for every square by trial, Stockfish's "fancy" layout: one shared table.
void init_magics(std::array<Magic, kSquares>& magics, std::vector<Bitboard>& storage,
                 const int (&dirs)[4][2]) {
    Random rng;
    std::size_t total = 0;
    std::array<std::size_t, kSquares> offset{};
    for (std::size_t i = 0; i < kSquares; ++i) {
        const Square s = square_at(i);
        const Bitboard edges =
            ((kRank1 | kRank8) & ~rank_bb(rank_of(s))) | ((kFileA | kFileH) & ~file_bb(file_of(s)));
        magics[i].mask = slide(s, 0, dirs) & ~edges;
        magics[i].shift = static_cast<unsigned>(64 - popcount(magics[i].mask));
        offset[i] = total;
        total += std::size_t{1} << popcount(magics[i].mask);
    }
    storage.assign(total, 0);
    std::vector<Bitboard> occupancy, reference;
    std::vector<int> epoch;
    for (std::size_t i = 0; i < kSquares; ++i) {
        Magic& m = magics[i];
        const Square s = square_at(i);
        occupancy.clear();
        reference.clear();
        Bitboard b = 0;  // Carry-Rippler: every subset of the mask
        do {
            occupancy.push_back(b);
            reference.push_back(slide(s, b, dirs));
            b = (b - m.mask) & m.mask;
        } while (b);
        const std::size_t size = occupancy.size();
        Bitboard* table = storage.data() + offset[i];
        epoch.assign(size, 0);
        for (int attempt = 1;; ++attempt) {
            do m.magic = rng.sparse();
            while (popcount((m.magic * m.mask) >> 56) < 6);
            m.table = table;
            std::size_t k = 0;
            for (; k < size; ++k) {
                const std::size_t idx = m.index(occupancy[k]);
                if (epoch[idx] < attempt) {
                    epoch[idx] = attempt;
                    table[idx] = reference[k];
                } else if (table[idx] != reference[k]) {
                    break;
                }
            }
            if (k == size) break;
        }
    }
}

struct Built {
    Tables tables;
    std::vector<Bitboard> bishop_storage, rook_storage;

    Built() {
        constexpr int kKnight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                       {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        constexpr int kKing[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                     {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
        for (std::size_t i = 0; i < kSquares; ++i) {
            const Square s = square_at(i);
            tables.knight[i] = leaper(s, kKnight);
            tables.king[i] = leaper(s, kKing);
            for (int df : {-1, 1}) {
                if (on_board(file_of(s) + df, rank_of(s) + 1))
                    tables.pawn[0][i] |= bit(make_square(file_of(s) + df, rank_of(s) + 1));
                if (on_board(file_of(s) + df, rank_of(s) - 1))
                    tables.pawn[1][i] |= bit(make_square(file_of(s) + df, rank_of(s) - 1));
            }
        }
        init_magics(tables.bishop, bishop_storage, kBishopDirs);
        init_magics(tables.rook, rook_storage, kRookDirs);
        for (std::size_t a = 0; a < kSquares; ++a) {
            for (std::size_t b = 0; b < kSquares; ++b) {
                if (a == b) continue;
                const Square sa = square_at(a), sb = square_at(b);
                for (const auto* dirs : {&kRookDirs, &kBishopDirs}) {
                    if (!(slide(sa, 0, *dirs) & bit(sb))) continue;
                    tables.line[a][b] =
                        (slide(sa, 0, *dirs) & slide(sb, 0, *dirs)) | bit(sa) | bit(sb);
                    tables.between[a][b] = slide(sa, bit(sb), *dirs) & slide(sb, bit(sa), *dirs);
                }
            }
        }
    }
};

const Built& built() {
    static const Built b;
    return b;
}

}  // namespace

const Tables& built_tables() { return built().tables; }

}  // namespace retrocheck::chess::detail
