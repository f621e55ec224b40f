#include "engine/checkers/pdn.h"

#include <optional>
#include <string>

#include "engine/checkers/notation.h"
#include "engine/checkers/rules.h"
#include "engine/core/text.h"
#include "engine/core/text_file.h"

namespace retrocheck::checkers {
namespace {

// A move names at most 13 squares (12 landings), so no honest move token comes near this.
constexpr std::size_t kMaxMoveToken = 64;

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

// `11-15`, `22x15`, `15x24x31`, `15:24`: squares of digits joined by separators. Returns the
// text with `:` as `x`; which squares and separators make a legal move is parse_move's to say.
std::optional<std::string> PdnNotation::move_text(std::string_view w) {
    if (w.size() > kMaxMoveToken) return std::nullopt;
    std::string text;
    int squares = 0;
    bool in_square = false;
    for (char c : w) {
        if (is_digit(c)) {
            squares += in_square ? 0 : 1;
            in_square = true;
            text += c;
        } else if (c == '-' || c == 'x' || c == 'X' || c == ':') {
            if (!in_square) return std::nullopt;
            in_square = false;
            text += c == ':' ? 'x' : c;
        } else {
            return std::nullopt;
        }
    }
    if (!in_square || squares < 2) return std::nullopt;
    return text;
}

std::optional<Color> PdnNotation::fen_side(std::string_view fen) {
    const auto pos = parse_fen(fen);
    if (!pos) return std::nullopt;
    return pos->side_to_move();
}

Result<std::size_t> for_each_pdn_game(
    std::string_view text, const std::string& file,
    const std::function<std::optional<Error>(const PdnGame&)>& visit) {
    return records::for_each_game<PdnNotation>(text, file, visit);
}

Result<std::vector<PdnGame>> parse_pdn(std::string_view text, const std::string& file) {
    return records::parse_games<PdnNotation>(text, file);
}

Result<std::vector<PdnGame>> read_pdn(const std::filesystem::path& path) {
    const auto text = read_text_file(path);
    if (!text) return Error{text.error()};
    return parse_pdn(*text, path.string());
}

Result<ReplayedGame> replay(const PdnGame& game) {
    return records::replay_record<Position, Move>(
        game, Position::start(), [](std::string_view fen) { return parse_fen(fen); },
        [](std::string_view text, const Position& pos) { return parse_move(text, pos); },
        [](const Position&) { return std::string(); });
}

}  // namespace retrocheck::checkers
