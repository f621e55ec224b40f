#include "engine/checkers/diagram.h"

#include <fmt/format.h>

#include "engine/checkers/notation.h"

namespace retrocheck::checkers {

std::string diagram(const Position& pos, DiagramOptions options) {
    const std::string border = "  +-----------------+\n";
    std::string out = fmt::format("   {}\n", options.flip ? "White" : "Black") + border;
    for (int line = 0; line < 8; ++line) {
        const int row = options.flip ? 7 - line : line;
        std::string cells, numbers;
        for (int k = 0; k < 8; ++k) {
            const int col = options.flip ? 7 - k : k;
            const bool dark = (row + col) % 2 == 1;  // row 0 holds columns 1,3,5,7
            if (!dark) {
                cells += "  ";
                continue;
            }
            const Square sq = static_cast<Square>(row * 4 + col / 2);
            const Bitboard b = bit(sq);
            char c = '.';
            if (pos.pieces(Color::Black) & b) c = (pos.kings() & b) ? 'B' : 'b';
            if (pos.pieces(Color::White) & b) c = (pos.kings() & b) ? 'W' : 'w';
            cells += c;
            cells += ' ';
            numbers += fmt::format("{:>3}", pdn(sq));
        }
        out += fmt::format("  | {}|  {}\n", cells, numbers);
    }
    out += border + fmt::format("   {}\n", options.flip ? "Black" : "White");
    return out;
}

std::string describe(const Position& pos, DiagramOptions options) {
    return fmt::format("{}\n{}{} to move\n", format_fen(pos), diagram(pos, options),
                       title(pos.side_to_move()));
}

}  // namespace retrocheck::checkers
