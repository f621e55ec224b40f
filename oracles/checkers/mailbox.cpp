#include "oracles/checkers/mailbox.h"

namespace retrocheck::oracle {
namespace {

// PDN square n (1..32) sits on row (n-1)/4; even rows use columns 1,3,5,7, odd rows 0,2,4,6.
int row_of(int n) { return (n - 1) / 4; }
int col_of(int n) {
    const int row = row_of(n);
    return 2 * ((n - 1) % 4) + (row % 2 == 0 ? 1 : 0);
}
int square_at(int row, int col) { return row * 4 + col / 2 + 1; }
template <typename Grid>
auto& at(Grid& grid, int row, int col) {
    return grid[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)];
}
bool on_board(int row, int col) { return row >= 0 && row < 8 && col >= 0 && col < 8; }

bool is_black(Cell c) { return c == Cell::BlackMan || c == Cell::BlackKing; }
bool is_white(Cell c) { return c == Cell::WhiteMan || c == Cell::WhiteKing; }
bool is_king(Cell c) { return c == Cell::BlackKing || c == Cell::WhiteKing; }

struct Search {
    std::array<std::array<Cell, 8>, 8> cells;
    bool black;
    std::vector<MailboxMove>& out;

    bool is_enemy(Cell c) const { return black ? is_white(c) : is_black(c); }

    // Directions a piece may move or capture in: men forward only.
    std::vector<std::pair<int, int>> directions(bool king) const {
        const int forward = black ? +1 : -1;
        if (king) return {{-1, -1}, {-1, +1}, {+1, -1}, {+1, +1}};
        return {{forward, -1}, {forward, +1}};
    }

    // Extends the capture `so_far` from (row, col). Captured pieces stay on the board until the
    // end of the move, so they block and cannot be taken twice.
    void jumps(int row, int col, bool king, MailboxMove so_far,
               std::array<std::array<bool, 8>, 8> taken) {
        bool extended = false;
        for (auto [dr, dc] : directions(king)) {
            const int mr = row + dr, mc = col + dc, lr = row + 2 * dr, lc = col + 2 * dc;
            if (!on_board(lr, lc)) continue;
            if (!is_enemy(at(cells, mr, mc)) || at(taken, mr, mc)) continue;
            if (at(cells, lr, lc) != Cell::Empty) continue;
            extended = true;
            MailboxMove next = so_far;
            next.landings.push_back(square_at(lr, lc));
            next.captured.push_back(square_at(mr, mc));
            auto next_taken = taken;
            at(next_taken, mr, mc) = true;
            const int crown_row = black ? 7 : 0;
            if (!king && lr == crown_row)
                out.push_back(next);  // crowning ends the move
            else
                jumps(lr, lc, king, next, next_taken);
        }
        if (!extended && !so_far.captured.empty()) out.push_back(so_far);
    }
};

}  // namespace

Mailbox Mailbox::from_position(const checkers::Position& pos) {
    Mailbox b;
    for (int n = 1; n <= 32; ++n) {
        const auto sq = checkers::bit(checkers::square_from_pdn(n));
        Cell c = Cell::Empty;
        const bool king = (pos.kings() & sq) != 0;
        if (pos.pieces(checkers::Color::Black) & sq) c = king ? Cell::BlackKing : Cell::BlackMan;
        if (pos.pieces(checkers::Color::White) & sq) c = king ? Cell::WhiteKing : Cell::WhiteMan;
        at(b.cells, row_of(n), col_of(n)) = c;
    }
    b.black_to_move = pos.side_to_move() == checkers::Color::Black;
    return b;
}

checkers::Position Mailbox::to_position() const {
    checkers::Bitboard black = 0, white = 0, kings = 0;
    for (int n = 1; n <= 32; ++n) {
        const Cell c = at(cells, row_of(n), col_of(n));
        const auto sq = checkers::bit(checkers::square_from_pdn(n));
        if (is_black(c)) black |= sq;
        if (is_white(c)) white |= sq;
        if (is_king(c)) kings |= sq;
    }
    return checkers::Position::from_bitboards(
        black, white, kings, black_to_move ? checkers::Color::Black : checkers::Color::White);
}

std::vector<MailboxMove> Mailbox::moves() const {
    std::vector<MailboxMove> captures, steps;
    for (int row = 0; row < 8; ++row) {
        for (int col = 0; col < 8; ++col) {
            const Cell piece = at(cells, row, col);
            if (piece == Cell::Empty || is_black(piece) != black_to_move) continue;
            Search search{cells, black_to_move, captures};
            at(search.cells, row, col) = Cell::Empty;  // the mover leaves its square
            MailboxMove start;
            start.from = square_at(row, col);
            search.jumps(row, col, is_king(piece), start, {});
            for (auto [dr, dc] : search.directions(is_king(piece))) {
                const int r = row + dr, c = col + dc;
                if (on_board(r, c) && at(cells, r, c) == Cell::Empty)
                    steps.push_back({square_at(row, col), {square_at(r, c)}, {}});
            }
        }
    }
    return captures.empty() ? steps : captures;  // captures are mandatory
}

Mailbox Mailbox::after(const MailboxMove& m) const {
    Mailbox b = *this;
    auto cell = [&b](int n) -> Cell& { return at(b.cells, row_of(n), col_of(n)); };
    Cell piece = cell(m.from);
    cell(m.from) = Cell::Empty;
    for (int n : m.captured) cell(n) = Cell::Empty;
    const int to = m.landings.back();
    if (piece == Cell::BlackMan && row_of(to) == 7) piece = Cell::BlackKing;
    if (piece == Cell::WhiteMan && row_of(to) == 0) piece = Cell::WhiteKing;
    cell(to) = piece;
    b.black_to_move = !black_to_move;
    return b;
}

checkers::Move to_engine_move(const MailboxMove& m) {
    checkers::Move e;
    e.from = checkers::square_from_pdn(m.from);
    e.n_landings = static_cast<std::uint8_t>(m.landings.size());
    for (std::size_t i = 0; i < m.landings.size(); ++i)
        e.landings[i] = checkers::square_from_pdn(m.landings[i]);
    for (int n : m.captured) e.captured |= checkers::bit(checkers::square_from_pdn(n));
    return e;
}

std::vector<checkers::Move> oracle_moves(const checkers::Position& pos) {
    std::vector<checkers::Move> out;
    for (const MailboxMove& m : Mailbox::from_position(pos).moves())
        out.push_back(to_engine_move(m));
    return out;
}

std::uint64_t oracle_perft(const Mailbox& board, int depth) {
    if (depth == 0) return 1;
    std::uint64_t nodes = 0;
    for (const MailboxMove& m : board.moves()) nodes += oracle_perft(board.after(m), depth - 1);
    return nodes;
}

}  // namespace retrocheck::oracle
