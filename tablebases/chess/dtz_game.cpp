#include "tablebases/chess/dtz_game.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace retrocheck::tb::chess {

using retrocheck::chess::Bitboard;
using retrocheck::chess::PieceType;
using retrocheck::chess::Position;

DtzTable ChessDtzGame::finish(Table&& t, BuildStats* stats) {
    return finished_table<DtzTable>(std::move(t), stats);
}

double ChessDtzGame::largest_phase_share(const Slice& s) {
    std::vector<double> sums{1.0};  // sums[a]: the share of placements whose ranks add to a
    for (int pawn = 0; pawn < s.pawns(); ++pawn) {
        std::vector<double> next(sums.size() + 6, 0.0);
        for (std::size_t a = 0; a < sums.size(); ++a)
            for (std::size_t rank = 1; rank <= 6; ++rank) next[a + rank] += sums[a] / 6;
        sums = std::move(next);
    }
    return *std::max_element(sums.begin(), sums.end());
}

int ChessDtzGame::phase(const Position& p) {
    // A pawn's advance is its rank seen from its own side: 1 on its second rank, 6 on its
    // seventh.
    int advance = 0, pawns = 0;
    for (const auto c : {retrocheck::chess::Color::White, retrocheck::chess::Color::Black})
        for (Bitboard b = p.pieces(c, PieceType::Pawn); b; ++pawns)
            advance += retrocheck::chess::relative_rank(c, retrocheck::chess::pop_lowest(b));
    return 6 * pawns - advance;
}

int ChessDtzGame::exit_code(const Tables& done, const Table& t, const Position& child) {
    if (material_key(child) == t.key()) {  // a pawn move
        const DtzCode code = t.values[t.id(child)];
        if (code == Metric::kUnknown)
            throw std::logic_error("a pawn move to an unsolved phase of " +
                                   t.index().material().name());
        return zeroing_exit_code(dtz_of_code(code).wdl);
    }
    const auto code = done.probe_code(child);
    if (!code) return kExitMissing;
    return zeroing_exit_code(dtz_of_code(*code).wdl);
}

}  // namespace retrocheck::tb::chess
