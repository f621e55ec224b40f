/* Plugins for the host's own tests, one source built into several libraries (TEST_PLUGIN_KIND):
 *   answers     a checkers plugin whose probe misbehaves on request: the FEN "hang", "recurse",
 *               "segv", "abort", "hog" and "print" do what they say; any other FEN is a win in 7.
 *               legal_moves gives "24-19 24-20", or a 20,000-byte list for "long", and refuses
 *               "bad"; perft gives depth x 10.
 *   wrong_abi   says ABI version 99
 *   chess       a chess plugin
 *   load_crash  crashes while the library is loaded
 *   no_entry    exports no retrocheck_plugin
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retrocheck/plugin.h"

#define KIND_ANSWERS 1
#define KIND_WRONG_ABI 2
#define KIND_CHESS 3
#define KIND_LOAD_CRASH 4
#define KIND_NO_ENTRY 5

/* A null pointer the compiler cannot see through. */
static int* volatile nowhere = 0;
static char* volatile kept = 0;

static int deeper(int n) {
    volatile char frame[512];
    frame[0] = (char)n;
    return deeper(n + 1) + frame[0];
}

static int64_t legal_moves(const char* fen, char* out, size_t cap) {
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
    (void)fen;
    return (int64_t)depth * 10;
}

static rc_probe_result probe(const char* fen) {
    rc_probe_result r = {RC_PROBE_OK, RC_WIN, 7};
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
        probe
    };
    return &plugin;
}
#else
int not_a_retrocheck_plugin(void) { return 0; }
#endif
