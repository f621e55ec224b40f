// The chess game of a DTZ50 build (metric.h, dtz.h): ChessGame with every zeroing move (a
// capture, a promotion, any pawn move) an exit, valued by the child's result alone. A material
// with pawns is solved in phases, one a sum of the pawns' advance, the most advanced first: a
// pawn move leads to an earlier phase of the same table, final by then.
#pragma once

#include "engine/chess/zeroing.h"
#include "tablebases/chess/dtz.h"
#include "tablebases/chess/game.h"

namespace retrocheck::tb::chess {

struct ChessDtzGame : ChessGame {
    using Metric = Dtz50Metric;
    using Table = ChessBuildTableOf<DtzCode>;
    using StoredTable = DtzTable;
    using Tables = DtzTableSet;

    static Table make_table(const Slice& s) { return Table(s, Metric::kUnknown); }
    // The finished table: the en passant slots dropped.
    static StoredTable finish(Table&& t, BuildStats* stats);

    // Phase 0 has every pawn on its seventh rank; a pawn move adds 1 or 2 to the advance.
    static int phases(const Slice& s) { return 5 * s.pawns() + 1; }
    static int phase(const Position& p);
    // About the largest share of a table's slots one phase holds, for the memory plan: the
    // likeliest sum of the pawns' ranks, each of the six as likely (1 without pawns).
    static double largest_phase_share(const Slice& s);

    template <typename In, typename Exit>
    static void for_each_move(const Position& p, In&& in_slice, Exit&& exit) {
        retrocheck::chess::MoveList moves;
        retrocheck::chess::generate_moves(p, moves);
        for (const retrocheck::chess::Move m : moves) {
            if (retrocheck::chess::zeroing(p, m))
                exit(p.after(m));
            else
                in_slice([&] { return p.after(m); });
        }
    }
    // Without pawns of the side to move its zeroing moves are its captures.
    template <typename Exit>
    static int for_each_exit(const Position& p, Exit&& exit) {
        if (!p.pieces(p.side_to_move(), retrocheck::chess::PieceType::Pawn))
            return ChessGame::for_each_exit(p, exit);
        return exits_by_moves<ChessDtzGame>(p, exit);
    }
    template <typename F>
    static void for_each_parent_slot(const ChessSlots& t, const Position& p, std::uint64_t id,
                                     F&& f) {
        for_each_parent_slot_by(t, p, id, f, false);
    }

    // A zeroing move's worth: the child's result, from the table being built for a pawn move
    // (an earlier phase) or from `done`.
    static int exit_code(const Tables& done, const Table& t, const Position& child);
};

}  // namespace retrocheck::tb::chess
