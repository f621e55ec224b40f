/* Plugins for the host's own tests, one source built into several libraries (TEST_PLUGIN_KIND):
 *   answers     a checkers plugin whose probe misbehaves on request: the FEN "hang", "recurse",
 *               "segv", "abort", "hog" and "print" do what they say; "fork-stay" forks a child
 *               that waits forever, "fork-hang" does and then spins, "setsid-stay" forks one
 *               that leaves the process group first,
 *               "fork-answer" forks and both processes return, "close-spin" closes every
 *               descriptor and spins, "garbage" writes bytes on the reply descriptor, "stray"
 *               writes a whole answer to a call never made, "exit0"
 *               exits; "status9", "wld5", "dist-2" and "dist-million" answer out of range,
 *               "missing" says it has no table. Any other FEN is a win in 7. With
 *               TEST_PLUGIN_EVERY set, every FEN is taken for its value (for the command's
 *               tests, which ask real positions).
 *               legal_moves gives "24-19 24-20", or a 20,000-byte list for "long", and refuses
 *               "bad"; perft gives depth x 10; both spin on "hang".
 *   wrong_abi   says ABI version 99
 *   abi_one     says ABI version 1, the version before the probe's declaration
 *   chess       a chess plugin; its probe_chess answers a cursed win (dtz 105, no dtm) with
 *               RC_CHESS_WDL50 | RC_CHESS_DTZ declared, segfaults on "segv" and says missing
 *               for a FEN with castling rights ("KQkq")
 *   abi_two     says ABI version 2 (before the chess probe), with a chess probe in its table
 *               that must not be read
 *   load_crash  crashes while the library is loaded
 *   no_entry    exports no retrocheck_plugin
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "retrocheck/plugin.h"

#define KIND_ANSWERS 1
#define KIND_WRONG_ABI 2
#define KIND_CHESS 3
#define KIND_LOAD_CRASH 4
#define KIND_NO_ENTRY 5
#define KIND_ABI_ONE 6
#define KIND_ABI_TWO 7

/* A null pointer the compiler cannot see through. */
static int* volatile nowhere = 0;
static char* volatile kept = 0;

static int deeper(int n) {
    volatile char frame[512];
    frame[0] = (char)n;
    return deeper(n + 1) + frame[0];
}

static int64_t legal_moves(const char* fen, char* out, size_t cap) {
    if (getenv("TEST_PLUGIN_EVERY")) fen = getenv("TEST_PLUGIN_EVERY");
    if (strcmp(fen, "bad") == 0) return -1;
    if (strcmp(fen, "hang") == 0)
        for (volatile int spin = 0;; ++spin) {
        }
    if (strcmp(fen, "long") == 0) {
        const size_t n = 20000;
        if (cap <= n) return (int64_t)n;
        memset(out, 'x', n);
        out[n] = '\0';
        return (int64_t)n;
    }
    const char* moves = "24-19 24-20";
    if (cap <= strlen(moves)) return (int64_t)strlen(moves);
    strcpy(out, moves);
    return (int64_t)strlen(moves);
}

static int64_t perft(const char* fen, int32_t depth) {
    if (getenv("TEST_PLUGIN_EVERY")) fen = getenv("TEST_PLUGIN_EVERY");
    if (strcmp(fen, "hang") == 0)
        for (volatile int spin = 0;; ++spin) {
        }
    return (int64_t)depth * 10;
}

static rc_probe_result probe(const char* fen) {
    rc_probe_result r = {RC_PROBE_OK, RC_WIN, 7};
    if (getenv("TEST_PLUGIN_EVERY")) fen = getenv("TEST_PLUGIN_EVERY");
    if (strcmp(fen, "missing") == 0) r.status = RC_PROBE_MISSING;
    if (strcmp(fen, "hang") == 0)
        for (volatile int spin = 0;; ++spin) {
        }
    if (strcmp(fen, "recurse") == 0) r.distance = deeper(0);
    if (strcmp(fen, "segv") == 0) r.distance = *nowhere;
    if (strcmp(fen, "abort") == 0) abort();
    if (strcmp(fen, "hog") == 0)
        for (;;) {
            char* p = malloc(64u << 20);
            if (!p) abort(); /* what most C code does when memory runs out */
            memset(p, 1, 64u << 20);
            kept = p; /* escapes, so the compiler keeps every allocation */
        }
    if (strcmp(fen, "print") == 0) {
        printf("chatter on stdout\n");
        fflush(stdout);
    }
    if (strcmp(fen, "fork-stay") == 0 && fork() == 0)
        for (;;) pause();
    if (strcmp(fen, "fork-hang") == 0) {
        if (fork() == 0)
            for (;;) pause();
        for (volatile int spin = 0;; ++spin) {
        }
    }
    if (strcmp(fen, "setsid-stay") == 0 && fork() == 0) {
        setsid();
        for (;;) pause();
    }
    if (strcmp(fen, "fork-answer") == 0) (void)fork(); /* both return from the plugin */
    if (strcmp(fen, "close-spin") == 0) {
        for (int fd = 0; fd < 1024; ++fd) close(fd);
        for (volatile int spin = 0;; ++spin) {
        }
    }
    if (strcmp(fen, "garbage") == 0) {
        static const char noise[] = "\x7fgarbage that is not an answer";
        (void)!write(4, noise, sizeof noise);
    }
    if (strcmp(fen, "stray") == 0) { /* a whole answer frame, to a call never made */
        unsigned char frame[1 + 4 + 4 + 4 + 12];
        const uint32_t tag = 0xFFFFFFFFu, left = 0, size = 12;
        const int32_t body[3] = {RC_PROBE_OK, RC_LOSS, 99};
        frame[0] = 2;
        memcpy(frame + 1, &tag, 4);
        memcpy(frame + 5, &left, 4);
        memcpy(frame + 9, &size, 4);
        memcpy(frame + 13, body, 12);
        (void)!write(4, frame, sizeof frame);
    }
    if (strcmp(fen, "exit0") == 0) exit(0);
    if (strcmp(fen, "status9") == 0) r.status = 9;
    if (strcmp(fen, "wld5") == 0) r.wld = 5;
    if (strcmp(fen, "dist-2") == 0) r.distance = -2;
    if (strcmp(fen, "dist-million") == 0) r.distance = 1000000;
    return r;
}

static rc_chess_probe_result probe_chess(const char* fen) {
    rc_chess_probe_result r = {RC_PROBE_OK, RC_WDL5_CURSED_WIN, 105, -1};
    if (strcmp(fen, "segv") == 0) *nowhere = 1;
    if (strstr(fen, "KQkq")) r.status = RC_PROBE_MISSING;
    return r;
}

#if TEST_PLUGIN_KIND == KIND_LOAD_CRASH
__attribute__((constructor)) static void crash_on_load(void) { *nowhere = 1; }
#endif

#if TEST_PLUGIN_KIND != KIND_NO_ENTRY
const rc_plugin* retrocheck_plugin(void) {
    static const rc_plugin plugin = {
#if TEST_PLUGIN_KIND == KIND_WRONG_ABI
        99,
#elif TEST_PLUGIN_KIND == KIND_ABI_ONE
        1,
#elif TEST_PLUGIN_KIND == KIND_ABI_TWO
        2,
#else
        RC_PLUGIN_ABI_VERSION,
#endif
#if TEST_PLUGIN_KIND == KIND_CHESS
        RC_GAME_CHESS,
#else
        RC_GAME_CHECKERS,
#endif
        "test plugin",
        legal_moves,
        perft,
        probe,
        RC_METRIC_DTW,
        RC_CAPTURES_RESOLVED,
#if TEST_PLUGIN_KIND == KIND_CHESS || TEST_PLUGIN_KIND == KIND_ABI_TWO
        probe_chess,
        RC_CHESS_WDL50 | RC_CHESS_DTZ
#else
        NULL,
        0
#endif
    };
    return &plugin;
}
#else
int not_a_retrocheck_plugin(void) { return 0; }
#endif
