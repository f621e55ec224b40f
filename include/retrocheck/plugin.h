/* retrocheck plugin interface: the C ABI a user's move generator or probe code is checked through.
 *
 * A plugin is a shared library that exports one function,
 *
 *     const rc_plugin* retrocheck_plugin(void);
 *
 * returning a table that lives as long as the library is loaded. The table says which ABI
 * version it was built against (RC_PLUGIN_ABI_VERSION), which game it plays, and which entry
 * points it offers; an entry point it does not offer is NULL. retrocheck refuses a library
 * without the function, with another ABI version or for a game the command does not check,
 * naming the library.
 *
 * retrocheck never calls a plugin in its own process: every call runs in a child process under
 * a time, stack and memory limit, so an entry point that does not return, overflows its stack,
 * crashes or exhausts memory is reported as exactly that, with the position, and the run goes
 * on. The child runs in a process group of its own with stdin at /dev/null and no descriptor of
 * retrocheck's but its two pipes; at the call limit the whole group is killed. A plugin must not
 * start processes: one still running when a call returns is killed and the call reported, as is
 * anything but an answer on the pipes. Entry points need not be thread-safe; they are called one
 * at a time.
 *
 * Positions are FEN text in the game's usual form (checkers: PDN FEN such as "W:W21,22:B1,K5";
 * chess: standard FEN). Moves are text in the game's usual notation (checkers: "24-19",
 * "15x24x31", every landing square of a capture; chess: UCI such as "e2e4", "e7e8n").
 */
#ifndef RETROCHECK_PLUGIN_H
#define RETROCHECK_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this interface. A change that breaks built plugins increments it. Version 3
 * appends the chess probe (probe_chess, chess_values) to rc_plugin; a version 2 table still
 * loads, without it. */
#define RC_PLUGIN_ABI_VERSION 3

/* The name of the one exported function. */
#define RC_PLUGIN_ENTRY "retrocheck_plugin"

typedef enum rc_game {
    RC_GAME_CHECKERS = 1, /* English checkers (draughts), 32 squares */
    RC_GAME_CHESS = 2
} rc_game;

/* What a probe knows of a position. */
typedef enum rc_probe_status {
    RC_PROBE_OK = 0,         /* a value: wld, and distance when the tables have one */
    RC_PROBE_NOT_STORED = 1, /* the position is outside what the tables hold (for example a
                                capture position of a capture-free database) */
    RC_PROBE_MISSING = 2,    /* the table the position belongs to is not there */
    RC_PROBE_ERROR = 3       /* anything else: unreadable input, a damaged file */
} rc_probe_status;

/* Win, draw or loss for the side to move. */
typedef enum rc_wld { RC_LOSS = -1, RC_DRAW = 0, RC_WIN = 1 } rc_wld;

typedef struct rc_probe_result {
    int32_t status;   /* an rc_probe_status */
    int32_t wld;      /* an rc_wld; meaningful when status is RC_PROBE_OK */
    int32_t distance; /* plies in the declared metric (rc_plugin.probe_metric), 0 or more; -1
                         when the metric is RC_METRIC_WLD and for a draw */
} rc_probe_result;

/* The distance a probe declares it gives (rc_plugin.probe_metric). */
typedef enum rc_metric {
    RC_METRIC_WLD = 0, /* win, draw or loss only: distance is always -1 */
    RC_METRIC_DTW = 1, /* checkers: plies to the end of the game, the winner hurrying and the
                          loser delaying (what retrocheck's checkers tables hold) */
    RC_METRIC_DTM = 2, /* chess: plies to mate */
    RC_METRIC_DTZ = 3  /* chess: plies to the next capture or pawn move (Syzygy's DTZ) */
} rc_metric;

/* What a probe declares it answers where a capture is possible (rc_plugin.probe_captures). */
typedef enum rc_captures {
    RC_CAPTURES_RESOLVED = 0,  /* every position is valued, those with a capture too: a capture
                                  resolver over a database that omits them, or a full database */
    RC_CAPTURES_NOT_STORED = 1 /* RC_PROBE_NOT_STORED where either side can capture, as a
                                  Chinook-style database reader without a resolver answers */
} rc_captures;

/* A chess result for the side to move (rc_chess_probe_result.wdl). With the 50-move rule
 * (RC_CHESS_WDL50 declared), Syzygy's five: a cursed win is won but drawn by the rule, a blessed
 * loss lost but saved by it, both from the FEN's halfmove clock (a win whose DTZ plus the clock
 * passes 100 is cursed there). Without it (a DTM prober), only loss, draw and win. */
typedef enum rc_wdl5 {
    RC_WDL5_LOSS = -2,
    RC_WDL5_BLESSED_LOSS = -1,
    RC_WDL5_DRAW = 0,
    RC_WDL5_CURSED_WIN = 1,
    RC_WDL5_WIN = 2
} rc_wdl5;

typedef struct rc_chess_probe_result {
    int32_t status; /* an rc_probe_status: RC_PROBE_MISSING for a position its tables do not
                       cover, castling rights included */
    int32_t wdl;    /* an rc_wdl5, when status is RC_PROBE_OK */
    int32_t dtz;    /* RC_CHESS_DTZ: Syzygy's DTZ, plies to the next capture or pawn move, > 0 a
                       win, < 0 a loss, 0 a draw, -1 checkmated; past +-100 cursed or blessed.
                       Syzygy's own files may answer one ply under an even DTZ where that cannot
                       change a result */
    int32_t dtm;    /* RC_CHESS_DTM: plies to mate, 0 or more for a win or loss (0: checkmated);
                       -1 for a draw */
} rc_chess_probe_result;

/* What probe_chess declares it answers (rc_plugin.chess_values, a bit each): the result under
 * the 50-move rule, Syzygy's DTZ, the distance to mate. An undeclared field is not read. */
#define RC_CHESS_WDL50 1u
#define RC_CHESS_DTZ 2u
#define RC_CHESS_DTM 4u

typedef struct rc_plugin {
    uint32_t abi_version; /* RC_PLUGIN_ABI_VERSION */
    uint32_t game;        /* an rc_game */
    const char* name;     /* shown in reports; may be NULL */

    /* The legal moves of fen, separated by single spaces, written into out (at most cap bytes
     * with the terminating NUL). Returns the length written without the NUL, or, when cap is too
     * small, the length needed (retrocheck calls again with a larger buffer); -1 when fen is
     * not a position it accepts. A position without moves gives "" and 0. */
    int64_t (*legal_moves)(const char* fen, char* out, size_t cap);

    /* The number of move sequences of length depth from fen (perft), or -1 when fen is not a
     * position it accepts. */
    int64_t (*perft)(const char* fen, int32_t depth);

    /* The value of fen from its tables. */
    rc_probe_result (*probe)(const char* fen);

    /* What probe declares of its answers (ignored without probe). retrocheck holds the plugin to
     * it: check-probe reports every answer that contradicts it (a distance of -1 where a metric
     * was declared, RC_PROBE_NOT_STORED from a resolver, RC_PROBE_MISSING for a table the
     * reference holds) as a wrong status, and fails a plugin that values too few positions. A
     * field left 0 declares the strictest: no distance, every position valued. */
    uint32_t probe_metric;   /* an rc_metric */
    uint32_t probe_captures; /* an rc_captures */

    /* ABI 3. Chess: the value of fen (standard FEN, its halfmove clock honoured), as
     * chess_values declares; NULL when the plugin does not probe chess. retrocheck holds it to
     * the declaration as it holds probe (a declared field missing, a status other than
     * RC_PROBE_OK for a position the reference tables hold, is a wrong answer). */
    rc_chess_probe_result (*probe_chess)(const char* fen);
    uint32_t chess_values; /* RC_CHESS_WDL50 | RC_CHESS_DTZ | RC_CHESS_DTM */
} rc_plugin;

/* The function a plugin exports. */
typedef const rc_plugin* (*rc_plugin_entry)(void);

#ifdef __cplusplus
}
#endif

#endif /* RETROCHECK_PLUGIN_H */
