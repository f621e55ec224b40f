#include "engine/checkers/notation.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>
#include <vector>

#include "engine/checkers/movegen.h"
#include "engine/checkers/rules.h"
#include "engine/core/text.h"

namespace retrocheck::checkers {
namespace {

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> parts;
    for (;;) {
        const auto at = s.find(sep);
        parts.push_back(trim(s.substr(0, at)));
        if (at == std::string_view::npos) return parts;
        s.remove_prefix(at + 1);
    }
}

// A whole decimal number, or nothing.
bool parse_number(std::string_view s, int& out) {
    if (s.empty() || s.size() > 4) return false;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size();
}

// Removes a surrounding [FEN "..."] tag, the quotes and a trailing period.
Result<std::string_view> unwrap_fen(std::string_view text) {
    text = trim(text);
    if (text.size() >= 4 && text.front() == '[') {
        if (text.back() != ']')
            return Error{"FEN tag " + in_quotes(text) + " does not end with ']'"};
        text = trim(text.substr(1, text.size() - 2));
        if (text.substr(0, 3) != "FEN")
            return Error{"tag " + in_quotes(text) + " is not a FEN tag"};
        text = trim(text.substr(3));
    }
    if (!text.empty() && text.front() == '"') {
        if (text.size() < 2 || text.back() != '"')
            return Error{"unterminated quote in " + in_quotes(text)};
        text = trim(text.substr(1, text.size() - 2));
    }
    if (!text.empty() && text.back() == '.') text = trim(text.substr(0, text.size() - 1));
    return text;
}

struct Placement {
    Bitboard pieces[2] = {0, 0};
    Bitboard kings = 0;
};

// One list item: `17`, `K17`, `1-12` or `K1-4`.
std::optional<Error> place_item(std::string_view item, Color c, Placement& board) {
    std::string_view body = item;
    bool king = false;
    if (!body.empty() && (body.front() == 'K' || body.front() == 'k')) {
        king = true;
        body.remove_prefix(1);
    }
    int first = 0, last = 0;
    const auto dash = body.find('-');
    if (dash == std::string_view::npos) {
        if (!parse_number(trim(body), first))
            return Error{"bad square " + in_quotes(item) + " in the " + to_string(c) + " list"};
        last = first;
    } else if (!parse_number(trim(body.substr(0, dash)), first) ||
               !parse_number(trim(body.substr(dash + 1)), last) || first > last) {
        return Error{"bad range " + in_quotes(item) + " in the " + to_string(c) + " list"};
    }
    for (int n = first; n <= last; ++n) {
        if (!valid_pdn(n))
            return Error{"square " + std::to_string(n) + " in " + in_quotes(item) +
                         " is outside 1-32"};
        const Bitboard b = bit(square_from_pdn(n));
        if ((board.pieces[0] | board.pieces[1]) & b)
            return Error{"square " + std::to_string(n) + " in " + in_quotes(item) +
                         " is used twice"};
        if (!king && (b & rules::promotion_row(c)))
            return Error{std::string(to_string(c)) + " man on " + std::to_string(n) + " in " +
                         in_quotes(item) + " stands on its promotion row (write it as a king)"};
        board.pieces[static_cast<int>(c)] |= b;
        if (king) board.kings |= b;
    }
    return std::nullopt;
}

}  // namespace

bool looks_like_fen(std::string_view text) {
    const std::string_view t = trim(text);
    if (t.rfind("[FEN", 0) == 0) return true;
    if (t.empty() || (t[0] != 'W' && t[0] != 'B')) return false;
    const std::string_view rest = trim(t.substr(1));
    return !rest.empty() && rest.front() == ':';
}

Result<Position> parse_fen(std::string_view input) {
    const auto unwrapped = unwrap_fen(input);
    if (!unwrapped) return Error{unwrapped.error()};
    const std::string_view text = *unwrapped;
    if (text.empty()) return Error{"empty FEN"};

    const auto sections = split(text, ':');
    const std::string_view side = sections[0];
    Color to_move;
    if (side == "B" || side == "b")
        to_move = Color::Black;
    else if (side == "W" || side == "w")
        to_move = Color::White;
    else
        return Error{"missing side to move: expected 'B' or 'W' before the first ':', found " +
                     in_quotes(side)};

    Placement board;
    bool seen[2] = {false, false};
    for (std::size_t i = 1; i < sections.size(); ++i) {
        std::string_view list = sections[i];
        if (list.empty()) return Error{"empty section after ':' in " + in_quotes(text)};
        Color c;
        if (list.front() == 'W' || list.front() == 'w')
            c = Color::White;
        else if (list.front() == 'B' || list.front() == 'b')
            c = Color::Black;
        else
            return Error{"piece list " + in_quotes(list) + " must start with 'W' or 'B'"};
        if (seen[static_cast<int>(c)])
            return Error{std::string("the ") + to_string(c) + " list appears twice (" +
                         in_quotes(list) + ")"};
        seen[static_cast<int>(c)] = true;
        list.remove_prefix(1);
        if (trim(list).empty()) continue;  // a side with no pieces
        for (std::string_view item : split(list, ',')) {
            if (item.empty())
                return Error{std::string("empty item in the ") + to_string(c) + " list " +
                             in_quotes(sections[i])};
            if (auto err = place_item(item, c, board)) return *err;
        }
    }
    // Both lists, even empty ones: "W" alone is a FEN cut short, not an empty board.
    for (Color c : {Color::White, Color::Black})
        if (!seen[static_cast<int>(c)])
            return Error{std::string("no ") + to_string(c) + " list in " + in_quotes(text) +
                         ": a FEN names both sides' squares, as in W:W21,22:B1 (a side "
                         "without pieces: W:W21:B)"};
    for (Color c : {Color::Black, Color::White})
        if (popcount(board.pieces[static_cast<int>(c)]) > 12)
            return Error{std::string(to_string(c)) + " has " +
                         std::to_string(popcount(board.pieces[static_cast<int>(c)])) +
                         " pieces; at most 12"};
    const Position pos =
        Position::from_bitboards(board.pieces[0], board.pieces[1], board.kings, to_move);
    if (!pos.is_ok()) return Error{"inconsistent position " + in_quotes(text)};
    return pos;
}

std::string format_fen(const Position& pos) {
    std::string s = pos.side_to_move() == Color::Black ? "B" : "W";
    for (Color c : {Color::White, Color::Black}) {
        s += c == Color::White ? ":W" : ":B";
        bool first = true;
        for (Bitboard b = pos.pieces(c); b; b &= b - 1) {
            const Square sq = lowest_square(b);
            if (!first) s += ',';
            first = false;
            if (pos.kings() & bit(sq)) s += 'K';
            s += std::to_string(pdn(sq));
        }
    }
    return s;
}

std::string format_move(const Move& m) {
    std::string s = std::to_string(pdn(m.from));
    const char sep = m.is_capture() ? 'x' : '-';
    for (Square sq : m.path()) {
        s += sep;
        s += std::to_string(pdn(sq));
    }
    return s;
}

Result<Move> parse_move(std::string_view input, const Position& pos) {
    const std::string_view text = trim(input);
    if (text.empty()) return Error{"empty move"};
    const bool capture = text.find_first_of("xX") != std::string_view::npos;
    if (capture && text.find('-') != std::string_view::npos)
        return Error{"move " + in_quotes(text) + " mixes '-' and 'x'"};
    std::vector<Square> squares;
    for (std::string_view token :
         split(text, capture ? (text.find('x') != text.npos ? 'x' : 'X') : '-')) {
        int n = 0;
        if (!parse_number(token, n))
            return Error{"bad square " + in_quotes(token) + " in move " + in_quotes(text)};
        if (!valid_pdn(n))
            return Error{"square " + in_quotes(token) + " in move " + in_quotes(text) +
                         " is outside 1-32"};
        squares.push_back(square_from_pdn(n));
    }
    if (squares.size() < 2)
        return Error{"move " + in_quotes(text) + " needs a from and a to square"};
    if (!capture && squares.size() != 2)
        return Error{"step " + in_quotes(text) + " has more than two squares"};

    const MoveList moves = legal_moves(pos);
    const Move* found = nullptr;
    for (const Move& m : moves) {
        if (m.is_capture() != capture || m.from != squares.front()) continue;
        const bool full = m.n_landings + 1u == squares.size() &&
                          std::equal(squares.begin() + 1, squares.end(), m.landings.begin());
        const bool short_form = squares.size() == 2 && m.to() == squares.back();
        if (full) return m;  // the whole path always identifies one move
        if (!short_form) continue;
        if (found && !same_effect(*found, m))
            return Error{"move " + in_quotes(text) + " is ambiguous: " + format_move(*found) +
                         " or " + format_move(m) + "; give the whole path"};
        if (!found) found = &m;
    }
    if (!found) {
        const bool must_capture = !moves.empty() && moves[0].is_capture();
        std::string legal;
        for (const Move& m : moves) legal += (legal.empty() ? "" : " ") + format_move(m);
        return Error{
            "move " + in_quotes(text) + " is not legal in " + format_fen(pos) +
            (must_capture && !capture ? " (a capture is mandatory)" : "") +
            (moves.empty() ? "; the side to move has no legal move" : "; legal: " + legal)};
    }
    return *found;
}

std::string format_line(const std::vector<Move>& line) {
    std::string out;
    for (const Move& m : line) out += (out.empty() ? "" : " ") + format_move(m);
    return out;
}

}  // namespace retrocheck::checkers
