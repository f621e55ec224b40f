/* my_probe: the probe code of the example project (examples/cmake_project), small enough to be
 * read at a glance and right: it knows only positions where the side to move has no piece left
 * (a loss in 0: no move) and says it has no table for every other one, as a probe must for a
 * table it lacks. check-probe counts those as missing and passes it. */
#include <string.h>

#include "retrocheck/plugin.h"

static rc_probe_result probe(const char* fen) {
    rc_probe_result r = {RC_PROBE_MISSING, RC_DRAW, -1};
    /* PDN FEN: "W:W21,22:B1,K5", the side to move first, then both lists in either order. */
    if (fen[0] != 'W' && fen[0] != 'B') {
        r.status = RC_PROBE_ERROR;
        return r;
    }
    const char mine[3] = {':', fen[0], '\0'};
    const char* list = strstr(fen, mine);
    if (list == NULL) {
        r.status = RC_PROBE_ERROR;
        return r;
    }
    const char next = list[2];
    if (next == '\0' || next == ':' || next == '.') { /* no piece: no move */
        r.status = RC_PROBE_OK;
        r.wld = RC_LOSS;
        r.distance = 0;
    }
    return r;
}

const rc_plugin* retrocheck_plugin(void) {
    static const rc_plugin plugin = {
        RC_PLUGIN_ABI_VERSION, RC_GAME_CHECKERS, "my_probe", NULL, NULL, probe};
    return &plugin;
}
