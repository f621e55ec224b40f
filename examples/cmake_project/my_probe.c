/* my_probe: the probe code of the example project (examples/cmake_project), small enough to be
 * read at a glance and right. It knows the positions of at most one piece: the side to move
 * without a piece has no move (a loss in 0 plies), and a lone piece always has a move, after
 * which the other side has none (a win in 1 ply). For more pieces it has no table, as a probe
 * must say for a table it lacks; the project checks it against tables of one piece, and
 * check-probe also asks it positions of two pieces, which it must not value. */
#include <string.h>

#include "retrocheck/plugin.h"

/* The pieces of one colour in a PDN FEN such as "W:W21,K22:B1": the squares of its list. */
static int pieces_of(const char* fen, char colour) {
    const char tag[3] = {':', colour, '\0'};
    const char* list = strstr(fen, tag);
    if (list == NULL) return -1;
    int n = 0;
    for (const char* c = list + 2; *c != '\0' && *c != ':' && *c != '.'; ++c)
        if (*c >= '0' && *c <= '9' && !(c[1] >= '0' && c[1] <= '9')) ++n; /* a number's end */
    return n;
}

static rc_probe_result probe(const char* fen) {
    rc_probe_result r = {RC_PROBE_ERROR, RC_DRAW, -1};
    if (fen[0] != 'W' && fen[0] != 'B') return r;
    const int mine = pieces_of(fen, fen[0]), theirs = pieces_of(fen, fen[0] == 'W' ? 'B' : 'W');
    if (mine < 0 || theirs < 0) return r;
    if (mine + theirs > 1) {
        r.status = RC_PROBE_MISSING;
        return r;
    }
    r.status = RC_PROBE_OK;
    r.wld = mine == 0 ? RC_LOSS : RC_WIN;
    r.distance = mine == 0 ? 0 : 1;
    return r;
}

const rc_plugin* retrocheck_plugin(void) {
    /* Distances in plies to the end of the game (DTW); no capture is possible with one piece. */
    static const rc_plugin plugin = {RC_PLUGIN_ABI_VERSION,
                                     RC_GAME_CHECKERS,
                                     "my_probe",
                                     NULL,
                                     NULL,
                                     probe,
                                     RC_METRIC_DTW,
                                     RC_CAPTURES_RESOLVED,
                                     NULL /* no chess probe */,
                                     0};
    return &plugin;
}
