// An example chess probe plugin that passes check-probe on distances to mate: Debian's
// libgaviotatb over the Gaviota folder RETROCHECK_GAVIOTA_PATH names (tables of one compression
// scheme, cp4 unless RETROCHECK_GAVIOTA_SCHEME says 1-3). It declares RC_CHESS_DTM: win, draw or
// loss without the 50-move rule, and plies to mate. Castling rights, or a material the folder
// lacks: missing.
#include <gtb-probe.h>

#include <bit>
#include <cstdlib>
#include <string>

#include "engine/chess/fen.h"
#include "retrocheck/plugin.h"

namespace {

using retrocheck::chess::Color;
using retrocheck::chess::Position;

// libgaviotatb opened once; false when RETROCHECK_GAVIOTA_PATH is unset or it fails.
bool opened() {
    static const bool ok = [] {
        const char* path = std::getenv("RETROCHECK_GAVIOTA_PATH");
        if (!path) return false;
        const char* scheme = std::getenv("RETROCHECK_GAVIOTA_SCHEME");
        const char** paths = tbpaths_add(tbpaths_init(), path);
        tb_init(0, scheme ? std::atoi(scheme) : tb_CP4, paths);
        return tb_is_initialized() && tbcache_init(16u << 20, 0);
    }();
    return ok;
}

rc_chess_probe_result status_only(std::int32_t status) { return {status, 0, 0, -1}; }

rc_chess_probe_result probe(const char* fen) {
    const auto parsed = retrocheck::chess::parse_fen(fen);
    if (!parsed) return status_only(RC_PROBE_ERROR);
    const Position& pos = *parsed;
    if (!opened()) return status_only(RC_PROBE_ERROR);
    if (pos.castling() || std::popcount(pos.occupied()) > 5) return status_only(RC_PROBE_MISSING);
    // Squares and pieces a side, each list ended by its terminator; the library's pieces run
    // tb_PAWN 1 .. tb_KING 6, ours Pawn 0 .. King 5.
    unsigned squares[2][17];
    unsigned char pieces[2][17];
    for (const Color c : {Color::White, Color::Black}) {
        const std::size_t side = retrocheck::chess::slot(c);
        std::size_t n = 0;
        for (std::uint64_t b = pos.pieces(c); b; ++n) {
            const auto s = retrocheck::chess::pop_lowest(b);
            squares[side][n] = static_cast<unsigned>(retrocheck::chess::index_of(s));
            pieces[side][n] = static_cast<unsigned char>(
                retrocheck::chess::index_of(pos.piece_on(s)->type) + tb_PAWN);
        }
        squares[side][n] = tb_NOSQUARE;
        pieces[side][n] = tb_NOPIECE;
    }
    const auto ep = pos.en_passant();
    const bool white = pos.side_to_move() == Color::White;
    unsigned info = tb_UNKNOWN, plies = 0;
    if (!tb_probe_hard(white ? tb_WHITE_TO_MOVE : tb_BLACK_TO_MOVE,
                       ep ? static_cast<unsigned>(retrocheck::chess::index_of(*ep))
                          : static_cast<unsigned>(tb_NOSQUARE),
                       tb_NOCASTLE, squares[0], squares[1], pieces[0], pieces[1], &info, &plies))
        return status_only(RC_PROBE_MISSING);
    if (info == tb_DRAW) return {RC_PROBE_OK, RC_WDL5_DRAW, 0, -1};
    if (info != tb_WMATE && info != tb_BMATE) return status_only(RC_PROBE_ERROR);
    const bool wins = (info == tb_WMATE) == white;
    return {RC_PROBE_OK, wins ? RC_WDL5_WIN : RC_WDL5_LOSS, 0, static_cast<std::int32_t>(plies)};
}

}  // namespace

extern "C" const rc_plugin* retrocheck_plugin(void) {
    static const rc_plugin plugin = {
        RC_PLUGIN_ABI_VERSION, RC_GAME_CHESS,        "gaviota_probe", nullptr,     nullptr, nullptr,
        RC_METRIC_WLD,         RC_CAPTURES_RESOLVED, probe,           RC_CHESS_DTM};
    return &plugin;
}
