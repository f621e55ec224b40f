#include "engine/chess/notation.h"

#include <fmt/format.h>

#include "engine/chess/movegen.h"
#include "engine/core/text.h"

namespace retrocheck::chess {

namespace {

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

std::optional<PieceType> promotion_of(char c) {
    switch (std::toupper(static_cast<unsigned char>(c))) {
        case 'Q':
            return PieceType::Queen;
        case 'R':
            return PieceType::Rook;
        case 'B':
            return PieceType::Bishop;
        case 'N':
            return PieceType::Knight;
        default:
            return std::nullopt;
    }
}

PieceType moved_type(const Position& pos, Move m) { return pos.piece_on(m.from())->type; }

bool is_capture(const Position& pos, Move m) {
    return m.kind() == MoveKind::EnPassant || (pos.occupied() & bit(m.to()));
}

std::string suffix(const Position& pos, Move m) {
    const Position child = pos.after(m);
    if (!child.in_check()) return "";
    return legal_moves(child).empty() ? "#" : "+";
}

std::string candidates(const Position& pos, const std::vector<Move>& moves) {
    std::string out;
    for (Move m : moves) out += (out.empty() ? "" : ", ") + format_san(pos, m);
    return out;
}

}  // namespace

std::string format_uci(Move m) {
    std::string out = square_name(m.from()) + square_name(m.to());
    if (m.is_promotion())
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(letter(m.promotion()))));
    return out;
}

Result<Move> parse_uci(std::string_view text, const Position& pos) {
    if ((text.size() != 4 && text.size() != 5) || !is_file(text[0]) || !is_rank(text[1]) ||
        !is_file(text[2]) || !is_rank(text[3]) || (text.size() == 5 && !promotion_of(text[4])))
        return Error{
            fmt::format("bad UCI move {}: expected from, to and an optional promotion "
                        "piece, e.g. e2e4 or e7e8q",
                        in_quotes(text))};
    const Square from = make_square(text[0] - 'a', text[1] - '1');
    const Square to = make_square(text[2] - 'a', text[3] - '1');
    for (Move m : legal_moves(pos)) {
        if (m.from() != from || m.to() != to) continue;
        if (m.is_promotion() != (text.size() == 5)) continue;
        if (m.is_promotion() && m.promotion() != *promotion_of(text[4])) continue;
        return m;
    }
    return Error{fmt::format("{} is not a legal move here", in_quotes(text))};
}

std::string format_san(const Position& pos, Move m) {
    if (m.kind() == MoveKind::Castling)
        return (file_of(m.to()) == 6 ? "O-O" : "O-O-O") + suffix(pos, m);
    const PieceType type = moved_type(pos, m);
    std::string out;
    if (type == PieceType::Pawn) {
        if (is_capture(pos, m)) out += static_cast<char>('a' + file_of(m.from()));
    } else {
        out += letter(type);
        bool clash = false, same_file = false, same_rank = false;
        for (Move other : legal_moves(pos)) {
            if (other == m || other.to() != m.to() || moved_type(pos, other) != type) continue;
            clash = true;
            same_file |= file_of(other.from()) == file_of(m.from());
            same_rank |= rank_of(other.from()) == rank_of(m.from());
        }
        const std::string from = square_name(m.from());
        if (clash && !same_file)
            out += from[0];
        else if (clash && !same_rank)
            out += from[1];
        else if (clash)
            out += from;
    }
    if (is_capture(pos, m)) out += 'x';
    out += square_name(m.to());
    if (m.is_promotion()) out += std::string("=") + letter(m.promotion());
    return out + suffix(pos, m);
}

Result<Move> parse_san(std::string_view text, const Position& pos) {
    std::string_view t = trim(text);
    while (!t.empty() && std::string_view("+#!?").find(t.back()) != std::string_view::npos)
        t.remove_suffix(1);
    const auto fail = [&](const std::string& why) {
        return Error{fmt::format("SAN move {}: {}", in_quotes(text), why)};
    };
    const MoveList legal = legal_moves(pos);
    if (t == "O-O" || t == "0-0" || t == "O-O-O" || t == "0-0-0") {
        const int file = t.size() == 3 ? 6 : 2;
        for (Move m : legal)
            if (m.kind() == MoveKind::Castling && file_of(m.to()) == file) return m;
        return fail("castling that way is not legal here");
    }
    PieceType type = PieceType::Pawn;
    if (!t.empty() && std::string_view("NBRQK").find(t.front()) != std::string_view::npos) {
        type = t.front() == 'K' ? PieceType::King : *promotion_of(t.front());
        t.remove_prefix(1);
    }
    std::optional<PieceType> promotion;
    if (type == PieceType::Pawn && !t.empty() && promotion_of(t.back()) &&
        std::isupper(static_cast<unsigned char>(t.back()))) {
        promotion = promotion_of(t.back());
        t.remove_suffix(1);
        if (!t.empty() && t.back() == '=') t.remove_suffix(1);
    }
    if (t.size() < 2 || !is_file(t[t.size() - 2]) || !is_rank(t.back()))
        return fail("expected a destination square, e.g. Nf3, exd5, O-O, e8=Q");
    const Square to = make_square(t[t.size() - 2] - 'a', t.back() - '1');
    t.remove_suffix(2);
    if (!t.empty() && (t.back() == 'x' || t.back() == ':')) t.remove_suffix(1);
    std::optional<int> from_file, from_rank;
    if (!t.empty() && is_file(t.front())) {
        from_file = t.front() - 'a';
        t.remove_prefix(1);
    }
    if (!t.empty() && is_rank(t.front())) {
        from_rank = t.front() - '1';
        t.remove_prefix(1);
    }
    if (!t.empty()) return fail("unexpected " + in_quotes(t));
    std::vector<Move> matches;
    for (Move m : legal) {
        if (m.to() != to || moved_type(pos, m) != type) continue;
        if (from_file && file_of(m.from()) != *from_file) continue;
        if (from_rank && rank_of(m.from()) != *from_rank) continue;
        if (m.kind() == MoveKind::Castling) continue;
        if (m.is_promotion() != promotion.has_value()) continue;
        if (promotion && m.promotion() != *promotion) continue;
        matches.push_back(m);
    }
    if (matches.size() == 1) return matches.front();
    if (matches.size() > 1) return fail("ambiguous: " + candidates(pos, matches));
    if (type == PieceType::Pawn && !promotion && relative_rank(pos.side_to_move(), to) == 7)
        return fail("a pawn reaching the last rank needs a promotion piece, e.g. e8=Q");
    return fail("no legal move matches");
}

Result<Move> parse_move(std::string_view text, const Position& pos) {
    const std::string_view t = trim(text);
    const bool uci = (t.size() == 4 || t.size() == 5) && is_file(t[0]) && is_rank(t[1]) &&
                     is_file(t[2]) && is_rank(t[3]);
    return uci ? parse_uci(t, pos) : parse_san(t, pos);
}

std::string format_san_line(Position pos, const std::vector<Move>& line) {
    std::string out;
    for (Move m : line) {
        out += (out.empty() ? "" : " ") + format_san(pos, m);
        pos = pos.after(m);
    }
    return out;
}

}  // namespace retrocheck::chess
