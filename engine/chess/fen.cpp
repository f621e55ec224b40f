#include "engine/chess/fen.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <vector>

#include "engine/core/text.h"

namespace retrocheck::chess {

namespace {

std::vector<std::string_view> fields_of(std::string_view text) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        const std::size_t start = i;
        while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        if (i > start) out.push_back(text.substr(start, i - start));
    }
    return out;
}

std::optional<PieceType> type_of_letter(char c) {
    const char u = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (int t = 0; t < kPieceTypes; ++t)
        if (letter(piece_type(t)) == u) return piece_type(t);
    return std::nullopt;
}

Result<Setup> parse_board(std::string_view field) {
    Setup s;
    std::vector<std::string_view> ranks;
    for (std::size_t start = 0;;) {
        const std::size_t slash = field.find('/', start);
        ranks.push_back(field.substr(start, slash - start));
        if (slash == std::string_view::npos) break;
        start = slash + 1;
    }
    if (ranks.size() != 8)
        return Error{fmt::format("board {} has {} ranks, not 8", in_quotes(field), ranks.size())};
    for (int i = 0; i < 8; ++i) {
        const int rank = 7 - i;
        int file = 0;
        for (char c : ranks[static_cast<std::size_t>(i)]) {
            if (c >= '1' && c <= '8') {
                file += c - '0';
            } else if (const auto t = type_of_letter(c)) {
                if (file < 8)
                    s.board[slot(make_square(file, rank))] = Piece{
                        std::isupper(static_cast<unsigned char>(c)) ? Color::White : Color::Black,
                        *t};
                ++file;
            } else {
                return Error{fmt::format("bad piece letter {} in rank {} {}",
                                         in_quotes(std::string_view(&c, 1)), rank + 1,
                                         in_quotes(ranks[static_cast<std::size_t>(i)]))};
            }
        }
        if (file != 8)
            return Error{fmt::format("rank {} {} has {} squares, not 8", rank + 1,
                                     in_quotes(ranks[static_cast<std::size_t>(i)]), file)};
    }
    return s;
}

Result<std::uint8_t> parse_castling(std::string_view field) {
    if (field == "-") return std::uint8_t{0};
    std::uint8_t rights = 0;
    for (char c : field) {
        const auto at = std::string_view("KQkq").find(c);
        if (at == std::string_view::npos)
            return Error{fmt::format("castling field {}: {} is not one of K, Q, k, q or '-'",
                                     in_quotes(field), in_quotes(std::string_view(&c, 1)))};
        const auto right = static_cast<std::uint8_t>(1u << at);
        if (rights & right)
            return Error{fmt::format("castling field {} names {} twice", in_quotes(field), c)};
        rights |= right;
    }
    return rights;
}

Result<int> parse_clock(std::string_view field, const char* name, int least) {
    int value = 0;
    const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (ec != std::errc{} || end != field.data() + field.size() || value < least || value > 65535)
        return Error{fmt::format("{} {}: expected a whole number from {} to 65535", name,
                                 in_quotes(field), least)};
    return value;
}

std::string board_field(const Position& pos) {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const auto p = pos.piece_on(make_square(file, rank));
            if (!p) {
                ++empty;
                continue;
            }
            if (empty) out += static_cast<char>('0' + empty);
            empty = 0;
            out += fen_letter(*p);
        }
        if (empty) out += static_cast<char>('0' + empty);
        if (rank) out += '/';
    }
    return out;
}

}  // namespace

bool looks_like_fen(std::string_view text) {
    // A board with ranks split by '/', however many: a FEN with seven ranks is a bad chess FEN,
    // and its error should say so (a checkers FEN has no '/').
    const auto fields = fields_of(text);
    return !fields.empty() && fields[0].find('/') != std::string_view::npos &&
           text.find(':') == std::string_view::npos;
}

Result<Position> parse_fen(std::string_view text) {
    const auto fields = fields_of(text);
    if (fields.empty()) return Error{"empty FEN"};
    if (fields.size() != 6 && fields.size() != 4)
        return Error{fmt::format("FEN {} has {} fields: expected 6 (or the 4 of EPD)",
                                 in_quotes(text), fields.size())};
    auto setup = parse_board(fields[0]);
    if (!setup) return Error{setup.error()};
    Setup s = std::move(setup).value();
    if (fields[1] != "w" && fields[1] != "b")
        return Error{fmt::format("side to move {}: expected 'w' or 'b'", in_quotes(fields[1]))};
    s.side = fields[1] == "w" ? Color::White : Color::Black;
    const auto castling = parse_castling(fields[2]);
    if (!castling) return Error{castling.error()};
    s.castling = *castling;
    if (fields[3] != "-") {
        const auto f = fields[3];
        if (f.size() != 2 || f[0] < 'a' || f[0] > 'h' || f[1] < '1' || f[1] > '8')
            return Error{
                fmt::format("en passant field {}: expected a square or '-'", in_quotes(f))};
        s.en_passant = make_square(f[0] - 'a', f[1] - '1');
    }
    if (fields.size() == 6) {
        const auto half = parse_clock(fields[4], "halfmove clock", 0);
        if (!half) return Error{half.error()};
        const auto full = parse_clock(fields[5], "fullmove number", 1);
        if (!full) return Error{full.error()};
        s.halfmove = *half;
        s.fullmove = *full;
    }
    const std::optional<Square> ep = s.en_passant;
    s.en_passant.reset();
    const Position board = Position::from_setup(s);
    if (auto why = board.problem()) return Error{*why};
    if (ep) {
        if (auto why = double_push_problem(board, *ep)) return Error{*why};
        s.en_passant = ep;
    }
    return Position::from_setup(s);
}

std::string format_epd(const Position& pos) {
    std::string castling;
    for (int i = 0; i < 4; ++i)
        if (pos.castling() & (1u << i)) castling += "KQkq"[i];
    const auto ep = pos.en_passant();
    return fmt::format("{} {} {} {}", board_field(pos),
                       pos.side_to_move() == Color::White ? 'w' : 'b',
                       castling.empty() ? "-" : castling, ep ? square_name(*ep) : "-");
}

std::string format_fen(const Position& pos) {
    return fmt::format("{} {} {}", format_epd(pos), pos.halfmove_clock(), pos.fullmove_number());
}

}  // namespace retrocheck::chess
