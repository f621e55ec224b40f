// An example chess probe plugin that passes check-probe: Debian's libfathom (Syzygy's probing
// code) over the Syzygy folders RETROCHECK_SYZYGY_PATH names (separated by ':'), as an engine
// probes them at its root: the result under the 50-move rule from the FEN's halfmove clock, and
// DTZ, as it declares (RC_CHESS_WDL50 | RC_CHESS_DTZ). Castling rights, more pieces than the
// folders hold, or a material they lack: missing.
//
// The tests build it again as faulty_syzygy_probe with the faults real probers had, chosen by
// EXAMPLE_PROBE_FAULT (apps/tests/check_probe_chess.py); check-probe must catch each:
//   en-passant   the en passant right ignored (Stockfish PR 681: DTZ 1 where 15 was right;
//                Fathom issue 10)
//   fifty-edge   the 50-move boundary one ply early: a win whose DTZ plus the clock is 100 called
//                cursed, with a DTZ one ply longer (Fathom issue 20, lila 5953): only where the
//                clock brings the result to its edge does it show
//   clock        the halfmove clock ignored: a win the 50-move rule has drawn still a win
//                (python-chess 287)
//   colour-flip  a symmetric material (KPvKP, KRvKR) probed with the colours swapped and the
//                side to move kept, the value of another position (Cfish 95)
#include <tbprobe.h>

#include <bit>
#include <cstdlib>
#include <optional>
#include <string>

#include "engine/chess/fen.h"
#include "retrocheck/plugin.h"

namespace {

using retrocheck::chess::Color;
using retrocheck::chess::PieceType;
using retrocheck::chess::Position;

const std::string& fault() {
#ifdef SYZYGY_PROBE_FAULTS
    static const std::string f =
        std::getenv("EXAMPLE_PROBE_FAULT") ? std::getenv("EXAMPLE_PROBE_FAULT") : "";
#else
    static const std::string f;
#endif
    return f;
}

// Fathom opened once over RETROCHECK_SYZYGY_PATH; false when it is unset or Fathom fails.
bool opened() {
    static const bool ok = [] {
        const char* path = std::getenv("RETROCHECK_SYZYGY_PATH");
        return path && tb_init(path) && TB_LARGEST > 0;
    }();
    return ok;
}

rc_chess_probe_result status_only(std::int32_t status) { return {status, 0, 0, -1}; }

rc_chess_probe_result value(std::int32_t wdl, std::int32_t dtz) {
    return {RC_PROBE_OK, wdl, dtz, -1};
}

// Fathom's result for the side to move (TB_LOSS 0 .. TB_WIN 4) as an rc_wdl5.
std::int32_t wdl5(unsigned tb_wdl) { return static_cast<std::int32_t>(tb_wdl) - 2; }

// What Fathom's dtz_to_wdl makes of a DTZ at a clock.
std::int32_t wdl_at(int dtz, int clock) {
    if (dtz == 0) return RC_WDL5_DRAW;
    const bool in_time = std::abs(dtz) + clock <= 100;
    if (dtz > 0) return in_time ? RC_WDL5_WIN : RC_WDL5_CURSED_WIN;
    return in_time ? RC_WDL5_LOSS : RC_WDL5_BLESSED_LOSS;
}

bool symmetric(const Position& p) {
    for (const PieceType t :
         {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight, PieceType::Pawn})
        if (std::popcount(p.pieces(Color::White, t)) != std::popcount(p.pieces(Color::Black, t)))
            return false;
    return true;
}

rc_chess_probe_result probe(const char* fen) {
    const auto parsed = retrocheck::chess::parse_fen(fen);
    if (!parsed) return status_only(RC_PROBE_ERROR);
    const Position& pos = *parsed;
    if (!opened()) return status_only(RC_PROBE_ERROR);
    if (pos.castling() || static_cast<unsigned>(std::popcount(pos.occupied())) > TB_LARGEST)
        return status_only(RC_PROBE_MISSING);
    std::uint64_t white = pos.pieces(Color::White), black = pos.pieces(Color::Black);
    const auto type = [&pos](PieceType t) { return pos.pieces(t); };
    std::uint64_t kings = type(PieceType::King), queens = type(PieceType::Queen),
                  rooks = type(PieceType::Rook), bishops = type(PieceType::Bishop),
                  knights = type(PieceType::Knight), pawns = type(PieceType::Pawn);
    const auto ep = pos.en_passant();
    unsigned ep_square = ep ? static_cast<unsigned>(retrocheck::chess::index_of(*ep)) : 0;
    int clock = pos.halfmove_clock();
    if (fault() == "en-passant") ep_square = 0;
    if (fault() == "clock") clock = 0;
    if (fault() == "colour-flip" && symmetric(pos)) {
        // The board seen from the other side: colours swapped, ranks mirrored.
        const auto mirror = [](std::uint64_t b) -> std::uint64_t { return __builtin_bswap64(b); };
        const std::uint64_t w = white;
        white = mirror(black);
        black = mirror(w);
        kings = mirror(kings), queens = mirror(queens), rooks = mirror(rooks);
        bishops = mirror(bishops), knights = mirror(knights), pawns = mirror(pawns);
        if (ep_square) ep_square ^= 56;
    }
    const unsigned r = tb_probe_root(white, black, kings, queens, rooks, bishops, knights, pawns,
                                     static_cast<unsigned>(clock), 0, ep_square,
                                     pos.side_to_move() == Color::White, nullptr);
    if (r == TB_RESULT_FAILED) return status_only(RC_PROBE_MISSING);
    if (r == TB_RESULT_CHECKMATE) return value(RC_WDL5_LOSS, -1);  // Syzygy's convention
    if (r == TB_RESULT_STALEMATE) return value(RC_WDL5_DRAW, 0);
    const std::int32_t wdl = wdl5(TB_GET_WDL(r));
    int dtz = static_cast<int>(TB_GET_DTZ(r));
    if (fault() == "fifty-edge" && dtz + clock == 100 && wdl != RC_WDL5_DRAW) {
        ++dtz;
        return value(wdl_at(wdl < 0 ? -dtz : dtz, clock), wdl < 0 ? -dtz : dtz);
    }
    return value(wdl, wdl < 0 ? -dtz : dtz);
}

}  // namespace

extern "C" const rc_plugin* retrocheck_plugin(void) {
    static const rc_plugin plugin = {RC_PLUGIN_ABI_VERSION,
                                     RC_GAME_CHESS,
                                     fault().empty() ? "syzygy_probe" : "faulty_syzygy_probe",
                                     nullptr,
                                     nullptr,
                                     nullptr,
                                     RC_METRIC_WLD,
                                     RC_CAPTURES_RESOLVED,
                                     probe,
                                     RC_CHESS_WDL50 | RC_CHESS_DTZ};
    return &plugin;
}
