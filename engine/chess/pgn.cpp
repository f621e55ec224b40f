#include "engine/chess/pgn.h"

#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/core/text.h"

namespace retrocheck::chess {

std::optional<std::string> PgnNotation::move_text(std::string_view w) {
    // No SAN or UCI move is longer (`Qa1xb2=Q+` and a little room).
    if (w.empty() || w.size() > 16) return std::nullopt;
    if (w.find_first_not_of("abcdefghKQRBNOo0x=+#-12345678:") != std::string_view::npos)
        return std::nullopt;
    const bool castling = w.starts_with("O-O") || w.starts_with("0-0");
    const bool square = w.find_first_of("abcdefgh") != std::string_view::npos &&
                        w.find_first_of("12345678") != std::string_view::npos;
    if (!castling && !square) return std::nullopt;
    std::string text(w);
    if (w.starts_with("0-0")) {
        for (char& c : text)
            if (c == '0') c = 'O';
    }
    return text;
}

std::optional<Color> PgnNotation::fen_side(std::string_view fen) {
    const auto pos = parse_fen(fen);
    if (!pos) return std::nullopt;
    return pos->side_to_move();
}

Result<std::size_t> for_each_pgn_game(
    std::string_view text, const std::string& file,
    const std::function<std::optional<Error>(const PgnGame&)>& visit) {
    return records::for_each_game<PgnNotation>(text, file, visit);
}

Result<std::vector<PgnGame>> parse_pgn(std::string_view text, const std::string& file) {
    return records::parse_games<PgnNotation>(text, file);
}

Result<ReplayedPgnGame> replay(const PgnGame& game) {
    return records::replay_record<Position, Move>(
        game, Position::start(), [](std::string_view fen) { return parse_fen(fen); },
        [](std::string_view text, const Position& pos) { return parse_move(text, pos); },
        [](const Position& pos) {
            std::string legal;
            for (const Move l : legal_moves(pos)) legal += " " + format_san(pos, l);
            return "; legal:" + (legal.empty() ? std::string(" none") : legal);
        });
}

}  // namespace retrocheck::chess
