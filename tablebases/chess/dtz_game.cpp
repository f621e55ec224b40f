#include "tablebases/chess/dtz_game.h"

#include <stdexcept>

namespace retrocheck::tb::chess {

using retrocheck::chess::Bitboard;
using retrocheck::chess::PieceType;
using retrocheck::chess::Position;

DtzTable ChessDtzGame::finish(Table&& t, BuildStats* stats) {
    return finished_table<DtzTable>(std::move(t), stats);
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
