// A deliberately plain chess legal move generator, the oracle the fast bitboard generator is
// checked against. It shares no code with any other chess code in the repository: a 0x88 board
// of FEN letters, explicit offset loops for each piece, rays walked one square at a time, and
// legality decided only by making each pseudo-legal move on a copy and asking whether the
// mover's king is then attacked (no pin or check-evasion logic). Clarity beats speed here: the
// two generators agreeing means something only if this one is obviously right.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace retrocheck::oracle::chess {

// Squares are a1 = 0, b1 = 1, ..., h8 = 63.
struct OracleMove {
    int from = 0, to = 0;
    char promotion = 0;  // 0 or 'q', 'r', 'b', 'n'
    bool castle = false, en_passant = false;
};

class Board {
  public:
    // Six-field FEN or four-field EPD (clocks default 0 and 1). Returns nullopt on anything
    // malformed or impossible to play from: bad syntax, not exactly one king a side, a pawn on
    // the first or last rank, the side not to move in check, a castling right whose king or
    // rook is not on its home square, an en passant square with no pawn that could just have
    // made the double push.
    static std::optional<Board> from_fen(std::string_view fen);
    std::string fen() const;  // six fields; en passant field exactly as stored

    std::vector<OracleMove> moves() const;  // every legal move
    // The position after m, which must be one of moves(): updates castling rights (king or rook
    // moves, rook captured on its home square), the en passant square (set after every double
    // push, as in the FEN standard) and both clocks.
    Board after(const OracleMove& m) const;
    bool in_check() const;  // the side to move's king is attacked

  private:
    // Castling rights, indices into castling_.
    static constexpr std::size_t kWhiteShort = 0, kWhiteLong = 1, kBlackShort = 2, kBlackLong = 3;

    // 0x88 board: index = 16 * rank + file, rank and file 0..7; an index with a bit of 0x88
    // set is off the board. Cells hold FEN letters ('P'..'K' white, 'p'..'k' black), '.' empty.
    std::array<char, 128> cells_{};
    bool white_to_move_ = true;
    std::array<bool, 4> castling_{};  // K, Q, k, q
    int ep_ = -1;                     // 0x88 en passant target square, or -1
    int halfmove_clock_ = 0;
    int fullmove_number_ = 1;

    char cell(int sq) const { return cells_[static_cast<std::size_t>(sq)]; }
    char& cell(int sq) { return cells_[static_cast<std::size_t>(sq)]; }
    bool attacked(int sq, bool by_white) const;  // sq (0x88) attacked by that side's pieces
    bool king_attacked(bool white_king) const;
    void pseudo_legal_moves(std::vector<OracleMove>& out) const;
    void legal_moves(std::vector<OracleMove>& out) const;  // clears out first
    bool consistent() const;                               // from_fen's semantic checks
    // perft's recursion, with lists[depth - 1] the move list reused at each depth.
    static std::uint64_t perft_with(const Board& b, int depth, std::vector<OracleMove>* lists);

    friend std::uint64_t perft(const Board& b, int depth);
};

std::string uci(const OracleMove& m);  // "e2e4", "e7e8q", castling as the king's move "e1g1"

// Leaf nodes at depth (1 at depth 0): plain recursion, moves counted at depth 1.
std::uint64_t perft(const Board& b, int depth);

// Legal moves of a FEN as sorted UCI strings, for property tests; nullopt if the FEN does not
// parse.
std::optional<std::vector<std::string>> legal_moves_uci(std::string_view fen);

}  // namespace retrocheck::oracle::chess
