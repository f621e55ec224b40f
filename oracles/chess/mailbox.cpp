#include "oracles/chess/mailbox.h"

#include <algorithm>
#include <charconv>
#include <initializer_list>

namespace retrocheck::oracle::chess {
namespace {

constexpr char kEmpty = '.';
constexpr int kNoSquare = -1;
// 0x88 squares the castling code names.
constexpr int kA1 = 0, kB1 = 1, kC1 = 2, kD1 = 3, kE1 = 4, kF1 = 5, kG1 = 6, kH1 = 7;
constexpr int kA8 = 112, kE8 = 116, kH8 = 119;

constexpr std::array<int, 8> kKnightOffsets = {33, 31, 18, 14, -14, -18, -31, -33};
constexpr std::array<int, 8> kKingOffsets = {17, 16, 15, 1, -1, -15, -16, -17};
constexpr std::array<int, 4> kRookDirections = {16, 1, -1, -16};
constexpr std::array<int, 4> kBishopDirections = {17, 15, -15, -17};
constexpr std::array<char, 4> kPromotions = {'q', 'r', 'b', 'n'};

bool on_board(int sq) { return (sq & 0x88) == 0; }
int rank_of(int sq) { return sq / 16; }
int file_of(int sq) { return sq % 16; }
int to_0x88(int sq64) { return 16 * (sq64 / 8) + sq64 % 8; }
int to_64(int sq) { return 8 * rank_of(sq) + file_of(sq); }

bool is_white(char p) { return p >= 'A' && p <= 'Z'; }
bool is_black(char p) { return p >= 'a' && p <= 'z'; }
bool belongs_to(char p, bool white) { return white ? is_white(p) : is_black(p); }
char to_lower(char p) { return is_white(p) ? static_cast<char>(p - 'A' + 'a') : p; }
char to_upper(char p) { return is_black(p) ? static_cast<char>(p - 'a' + 'A') : p; }
// The piece letter kind ('p', 'n', ...) in the given colour.
char colored(char kind, bool white) { return white ? to_upper(kind) : to_lower(kind); }
bool is_piece_letter(char c) {
    return std::string_view("PNBRQKpnbrqk").find(c) != std::string_view::npos;
}

std::string square_name(int sq) {
    return {static_cast<char>('a' + file_of(sq)), static_cast<char>('1' + rank_of(sq))};
}

// Fields separated by runs of spaces.
std::vector<std::string_view> split(std::string_view s) {
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && s[i] == ' ') ++i;
        const std::size_t start = i;
        while (i < s.size() && s[i] != ' ') ++i;
        if (i > start) fields.push_back(s.substr(start, i - start));
    }
    return fields;
}

// A non-negative decimal integer made of digits only, or nullopt.
std::optional<int> parse_count(std::string_view s) {
    if (s.empty() || s.size() > 6) return std::nullopt;
    int value = 0;
    const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (error != std::errc() || end != s.data() + s.size() || value < 0) return std::nullopt;
    return value;
}

void add(std::vector<OracleMove>& out, int from, int to, char promotion = 0, bool castle = false,
         bool en_passant = false) {
    out.push_back({to_64(from), to_64(to), promotion, castle, en_passant});
}

}  // namespace

std::optional<Board> Board::from_fen(std::string_view fen) {
    const std::vector<std::string_view> fields = split(fen);
    if (fields.size() != 4 && fields.size() != 6) return std::nullopt;
    Board b;
    b.cells_.fill(kEmpty);

    // Piece placement, rank 8 first, each rank from the a-file.
    int rank = 7, file = 0;
    bool after_digit = false;
    for (const char c : fields[0]) {
        if (c == '/') {
            if (file != 8 || rank == 0) return std::nullopt;
            --rank;
            file = 0;
            after_digit = false;
        } else if (c >= '1' && c <= '8') {
            if (after_digit) return std::nullopt;  // "44" is not FEN
            file += c - '0';
            if (file > 8) return std::nullopt;
            after_digit = true;
        } else {
            if (!is_piece_letter(c) || file >= 8) return std::nullopt;
            b.cell(16 * rank + file) = c;
            ++file;
            after_digit = false;
        }
    }
    if (rank != 0 || file != 8) return std::nullopt;

    if (fields[1] == "w") {
        b.white_to_move_ = true;
    } else if (fields[1] == "b") {
        b.white_to_move_ = false;
    } else {
        return std::nullopt;
    }

    // Castling: "-" or a non-empty subsequence of "KQkq", in that order.
    if (fields[2] != "-") {
        const std::string_view order = "KQkq";
        std::size_t next = 0;
        for (const char c : fields[2]) {
            const std::size_t at = order.find(c, next);
            if (at == std::string_view::npos) return std::nullopt;
            b.castling_[at] = true;
            next = at + 1;
        }
    }

    if (fields[3] != "-") {
        const std::string_view ep = fields[3];
        if (ep.size() != 2 || ep[0] < 'a' || ep[0] > 'h') return std::nullopt;
        const char wanted_rank = b.white_to_move_ ? '6' : '3';
        if (ep[1] != wanted_rank) return std::nullopt;
        b.ep_ = 16 * (ep[1] - '1') + (ep[0] - 'a');
    }

    if (fields.size() == 6) {
        const std::optional<int> halfmove = parse_count(fields[4]);
        const std::optional<int> fullmove = parse_count(fields[5]);
        if (!halfmove || !fullmove || *fullmove < 1) return std::nullopt;
        b.halfmove_clock_ = *halfmove;
        b.fullmove_number_ = *fullmove;
    }

    if (!b.consistent()) return std::nullopt;
    return b;
}

bool Board::consistent() const {
    int white_kings = 0, black_kings = 0;
    for (int sq = 0; sq < 128; ++sq) {
        if (!on_board(sq)) continue;
        const char p = cell(sq);
        if (p == 'K') ++white_kings;
        if (p == 'k') ++black_kings;
        if ((p == 'P' || p == 'p') && (rank_of(sq) == 0 || rank_of(sq) == 7)) return false;
    }
    if (white_kings != 1 || black_kings != 1) return false;
    if (king_attacked(!white_to_move_)) return false;  // the side to move could take the king

    if (castling_[kWhiteShort] && (cell(kE1) != 'K' || cell(kH1) != 'R')) return false;
    if (castling_[kWhiteLong] && (cell(kE1) != 'K' || cell(kA1) != 'R')) return false;
    if (castling_[kBlackShort] && (cell(kE8) != 'k' || cell(kH8) != 'r')) return false;
    if (castling_[kBlackLong] && (cell(kE8) != 'k' || cell(kA8) != 'r')) return false;

    if (ep_ != kNoSquare) {
        // The opponent's pawn just went from behind ep_ to in front of it (seen from the mover).
        const int forward = white_to_move_ ? 16 : -16;
        if (cell(ep_) != kEmpty || cell(ep_ + forward) != kEmpty) return false;
        if (cell(ep_ - forward) != colored('p', !white_to_move_)) return false;
    }
    return true;
}

std::string Board::fen() const {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int empties = 0;
        for (int file = 0; file < 8; ++file) {
            const char p = cell(16 * rank + file);
            if (p == kEmpty) {
                ++empties;
                continue;
            }
            if (empties > 0) out += static_cast<char>('0' + empties);
            empties = 0;
            out += p;
        }
        if (empties > 0) out += static_cast<char>('0' + empties);
        if (rank > 0) out += '/';
    }
    out += white_to_move_ ? " w " : " b ";
    const std::string_view letters = "KQkq";
    bool any_right = false;
    for (std::size_t i = 0; i < 4; ++i) {
        if (castling_[i]) {
            out += letters[i];
            any_right = true;
        }
    }
    if (!any_right) out += '-';
    out += ' ';
    out += ep_ == kNoSquare ? std::string("-") : square_name(ep_);
    out += ' ' + std::to_string(halfmove_clock_) + ' ' + std::to_string(fullmove_number_);
    return out;
}

bool Board::attacked(int sq, bool by_white) const {
    // A pawn attacks diagonally forward, so look diagonally backward (from its side) for one.
    const int behind = by_white ? -16 : 16;
    for (const int side : {-1, 1}) {
        const int from = sq + behind + side;
        if (on_board(from) && cell(from) == colored('p', by_white)) return true;
    }
    for (const int offset : kKnightOffsets) {
        const int from = sq + offset;
        if (on_board(from) && cell(from) == colored('n', by_white)) return true;
    }
    for (const int offset : kKingOffsets) {
        const int from = sq + offset;
        if (on_board(from) && cell(from) == colored('k', by_white)) return true;
    }
    // Walk each ray outward until the first piece; it attacks if it slides that way.
    for (const int direction : kRookDirections) {
        for (int from = sq + direction; on_board(from); from += direction) {
            const char p = cell(from);
            if (p == kEmpty) continue;
            if (p == colored('r', by_white) || p == colored('q', by_white)) return true;
            break;
        }
    }
    for (const int direction : kBishopDirections) {
        for (int from = sq + direction; on_board(from); from += direction) {
            const char p = cell(from);
            if (p == kEmpty) continue;
            if (p == colored('b', by_white) || p == colored('q', by_white)) return true;
            break;
        }
    }
    return false;
}

bool Board::king_attacked(bool white_king) const {
    const char king = colored('k', white_king);
    for (int sq = 0; sq < 128; ++sq) {
        if (on_board(sq) && cell(sq) == king) return attacked(sq, !white_king);
    }
    return false;  // unreachable for a board from from_fen: it has both kings
}

bool Board::in_check() const { return king_attacked(white_to_move_); }

void Board::pseudo_legal_moves(std::vector<OracleMove>& out) const {
    const bool white = white_to_move_;
    for (int from = 0; from < 128; ++from) {
        if (!on_board(from) || !belongs_to(cell(from), white)) continue;
        const char kind = to_lower(cell(from));
        if (kind == 'p') {
            const int forward = white ? 16 : -16;
            const int start_rank = white ? 1 : 6;
            const int last_rank = white ? 7 : 0;
            auto add_pawn_move = [&](int to) {
                if (rank_of(to) == last_rank) {
                    for (const char promotion : kPromotions) add(out, from, to, promotion);
                } else {
                    add(out, from, to);
                }
            };
            const int one = from + forward;
            if (on_board(one) && cell(one) == kEmpty) {
                add_pawn_move(one);
                const int two = one + forward;
                if (rank_of(from) == start_rank && cell(two) == kEmpty) add(out, from, two);
            }
            for (const int side : {-1, 1}) {
                const int to = from + forward + side;
                if (!on_board(to)) continue;
                if (belongs_to(cell(to), !white)) add_pawn_move(to);
                if (to == ep_) add(out, from, to, 0, false, true);
            }
        } else if (kind == 'n' || kind == 'k') {
            for (const int offset : kind == 'n' ? kKnightOffsets : kKingOffsets) {
                const int to = from + offset;
                if (on_board(to) && !belongs_to(cell(to), white)) add(out, from, to);
            }
        } else {
            auto slide = [&](const std::array<int, 4>& directions) {
                for (const int direction : directions) {
                    for (int to = from + direction; on_board(to); to += direction) {
                        if (belongs_to(cell(to), white)) break;
                        add(out, from, to);
                        if (cell(to) != kEmpty) break;  // captured an enemy piece: the ray ends
                    }
                }
            };
            if (kind == 'r' || kind == 'q') slide(kRookDirections);
            if (kind == 'b' || kind == 'q') slide(kBishopDirections);
        }
    }

    // Castling: the right, king and rook at home, the squares between empty, and the king's
    // start, crossing and landing squares not attacked (the b-file square may be attacked).
    const bool enemy = !white;
    const int rank_base = white ? 0 : 112;
    const char king = colored('k', white), rook = colored('r', white);
    const int e = kE1 + rank_base, f = kF1 + rank_base, g = kG1 + rank_base;
    const int d = kD1 + rank_base, c = kC1 + rank_base, b = kB1 + rank_base;
    const int h = kH1 + rank_base, a = kA1 + rank_base;
    const bool short_right = castling_[white ? kWhiteShort : kBlackShort];
    const bool long_right = castling_[white ? kWhiteLong : kBlackLong];
    if (short_right && cell(e) == king && cell(h) == rook && cell(f) == kEmpty &&
        cell(g) == kEmpty && !attacked(e, enemy) && !attacked(f, enemy) && !attacked(g, enemy))
        add(out, e, g, 0, true);
    if (long_right && cell(e) == king && cell(a) == rook && cell(d) == kEmpty &&
        cell(c) == kEmpty && cell(b) == kEmpty && !attacked(e, enemy) && !attacked(d, enemy) &&
        !attacked(c, enemy))
        add(out, e, c, 0, true);
}

void Board::legal_moves(std::vector<OracleMove>& out) const {
    out.clear();
    pseudo_legal_moves(out);
    std::size_t kept = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (!after(out[i]).king_attacked(white_to_move_)) out[kept++] = out[i];
    }
    out.resize(kept);
}

std::vector<OracleMove> Board::moves() const {
    std::vector<OracleMove> out;
    legal_moves(out);
    return out;
}

Board Board::after(const OracleMove& m) const {
    Board b = *this;
    const int from = to_0x88(m.from), to = to_0x88(m.to);
    const char piece = cell(from);
    const bool pawn = to_lower(piece) == 'p';
    const bool capture = cell(to) != kEmpty || m.en_passant;

    b.cell(from) = kEmpty;
    b.cell(to) = m.promotion != 0 ? colored(m.promotion, white_to_move_) : piece;
    if (m.en_passant) b.cell(16 * rank_of(from) + file_of(to)) = kEmpty;  // the pawn passed by
    if (m.castle) {
        const bool short_side = file_of(to) == 6;
        const int rook_from = 16 * rank_of(from) + (short_side ? 7 : 0);
        const int rook_to = 16 * rank_of(from) + (short_side ? 5 : 3);
        b.cell(rook_to) = b.cell(rook_from);
        b.cell(rook_from) = kEmpty;
    }

    // A king move loses both rights; a move from or to a corner loses that corner's right.
    if (piece == 'K') b.castling_[kWhiteShort] = b.castling_[kWhiteLong] = false;
    if (piece == 'k') b.castling_[kBlackShort] = b.castling_[kBlackLong] = false;
    for (const int sq : {from, to}) {
        if (sq == kH1) b.castling_[kWhiteShort] = false;
        if (sq == kA1) b.castling_[kWhiteLong] = false;
        if (sq == kH8) b.castling_[kBlackShort] = false;
        if (sq == kA8) b.castling_[kBlackLong] = false;
    }

    b.ep_ = kNoSquare;
    if (pawn && (to - from == 32 || from - to == 32)) b.ep_ = (from + to) / 2;
    b.halfmove_clock_ = pawn || capture ? 0 : halfmove_clock_ + 1;
    if (!white_to_move_) ++b.fullmove_number_;
    b.white_to_move_ = !white_to_move_;
    return b;
}

std::uint64_t Board::perft_with(const Board& b, int depth, std::vector<OracleMove>* lists) {
    std::vector<OracleMove>& list = lists[depth - 1];
    b.legal_moves(list);
    if (depth == 1) return list.size();
    std::uint64_t nodes = 0;
    for (const OracleMove& m : list) nodes += perft_with(b.after(m), depth - 1, lists);
    return nodes;
}

std::uint64_t perft(const Board& b, int depth) {
    if (depth <= 0) return 1;
    std::vector<std::vector<OracleMove>> lists(static_cast<std::size_t>(depth));
    return Board::perft_with(b, depth, lists.data());
}

std::string uci(const OracleMove& m) {
    std::string s = square_name(to_0x88(m.from)) + square_name(to_0x88(m.to));
    if (m.promotion != 0) s += m.promotion;
    return s;
}

std::optional<std::vector<std::string>> legal_moves_uci(std::string_view fen) {
    const std::optional<Board> board = Board::from_fen(fen);
    if (!board) return std::nullopt;
    std::vector<std::string> out;
    for (const OracleMove& m : board->moves()) out.push_back(uci(m));
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace retrocheck::oracle::chess
