#include "engine/chess/diagram.h"

#include <fmt/format.h>

#include "engine/chess/fen.h"

namespace retrocheck::chess {

std::string diagram(const Position& pos, DiagramOptions options) {
    std::string files;
    for (int k = 0; k < 8; ++k) {
        files += ' ';
        files += static_cast<char>('a' + (options.flip ? 7 - k : k));
    }
    const std::string border = "  +-----------------+\n";
    std::string out = border;
    for (int line = 0; line < 8; ++line) {
        const int rank = options.flip ? line : 7 - line;
        std::string cells;
        for (int k = 0; k < 8; ++k) {
            const auto p = pos.piece_on(make_square(options.flip ? 7 - k : k, rank));
            cells += p ? fen_letter(*p) : '.';
            cells += ' ';
        }
        out += fmt::format("{} | {}|\n", rank + 1, cells);
    }
    return out + border + fmt::format("    {}\n", files.substr(1));
}

std::string describe(const Position& pos, DiagramOptions options) {
    return fmt::format("{}\n{}{} to move{}\n", format_fen(pos), diagram(pos, options),
                       title(pos.side_to_move()), pos.in_check() ? ", in check" : "");
}

}  // namespace retrocheck::chess
