/* buggy_movegen: an example retrocheck plugin, an English checkers move generator with exactly
 * one planted rule error, for trying out `retrocheck check-movegen`.
 *
 * Everything follows the rules of English checkers (draughts) on the 32 PDN squares: men move
 * and capture forward only, kings both ways, captures are mandatory, a multi-jump goes on while
 * it can, any capture sequence may be chosen (not only the longest) and every distinct capture
 * path is a separate move -- except for the one error marked PLANTED BUG below: a man crowned by
 * a capture does not stop but captures on as a king. check-movegen should find the error and
 * shrink it to a small position such as "W:W11:B6,7" (correct: 11x2; this plugin: 11x2x9).
 *
 * Build: cc -std=c11 -O2 -shared -fPIC -Iinclude examples/plugins/buggy_movegen.c -o buggy.so
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retrocheck/plugin.h"

enum { EMPTY = 0, BLACK_MAN, BLACK_KING, WHITE_MAN, WHITE_KING };
enum { BLACK = 0, WHITE = 1 };
enum { MAX_PIECES = 12, MAX_PATH = 16 };

typedef struct position {
    uint8_t sq[33]; /* indexed by PDN square 1..32; index 0 unused */
    int side;       /* BLACK or WHITE to move */
} position;

typedef struct move {
    uint8_t path[MAX_PATH]; /* start square, then every landing square */
    uint8_t caps[MAX_PATH]; /* the squares of the captured pieces */
    int n_path, n_caps;
} move;

typedef struct move_list {
    move* v;
    size_t n, cap;
} move_list;

static const int DIR_ROW[4] = {-1, -1, 1, 1};
static const int DIR_COL[4] = {-1, 1, -1, 1};

static int colour_of(int piece) { return piece >= WHITE_MAN ? WHITE : BLACK; }
static bool is_king(int piece) { return piece == BLACK_KING || piece == WHITE_KING; }
static int forward(int side) { return side == BLACK ? 1 : -1; }
static bool crowning_row(int side, int s) { return side == BLACK ? s >= 29 : s <= 4; }

/* The square one diagonal step from s, or 0 off the board. Row 0 holds 1-4 (Black's side). */
static int step(int s, int d) {
    const int i = s - 1;
    const int r = i / 4 + DIR_ROW[d];
    const int c = 2 * (i % 4) + ((i / 4) % 2 == 0 ? 1 : 0) + DIR_COL[d];
    if (r < 0 || r > 7 || c < 0 || c > 7) return 0;
    return r * 4 + c / 2 + 1;
}

static void list_push(move_list* list, const move* m) {
    if (list->n == list->cap) {
        list->cap = list->cap ? 2 * list->cap : 32;
        move* grown = realloc(list->v, list->cap * sizeof *grown);
        if (!grown) abort();
        list->v = grown;
    }
    list->v[list->n++] = *m;
}

/* Extends the capture m (its last landing square is where the piece stands) in every way the
 * rules allow; records it when it cannot go on. b is the board without the moving piece;
 * taken marks the pieces already captured, which stay on the board until the move ends. */
static void extend_capture(const position* b, int side, bool king, uint32_t taken, move* m,
                           move_list* out) {
    const int at = m->path[m->n_path - 1];
    bool extended = false;
    for (int d = 0; d < 4; ++d) {
        if (!king && DIR_ROW[d] != forward(side)) continue;
        const int over = step(at, d);
        const int land = over ? step(over, d) : 0;
        if (!land || b->sq[over] == EMPTY || colour_of(b->sq[over]) == side) continue;
        if ((taken >> (over - 1)) & 1u || b->sq[land] != EMPTY) continue;
        extended = true;
        m->path[m->n_path++] = (uint8_t)land;
        m->caps[m->n_caps++] = (uint8_t)over;
        const uint32_t now_taken = taken | (1u << (over - 1));
        if (!king && crowning_row(side, land)) {
            /* PLANTED BUG: the correct rule is that a man crowned by a capture ends the move
             * on the crowning square, even when it could capture on as a king; that would be
             * `list_push(out, m);` here. Instead it is crowned at once and captures on.
             * (The tests build this file a second time with BUGGY_MOVEGEN_FIXED, the rule kept,
             * to show that check-movegen passes a correct generator.) */
#ifdef BUGGY_MOVEGEN_FIXED
            list_push(out, m);
#else
            extend_capture(b, side, true, now_taken, m, out);
#endif
        } else {
            extend_capture(b, side, king, now_taken, m, out);
        }
        --m->n_path;
        --m->n_caps;
    }
    if (!extended && m->n_caps > 0) list_push(out, m);
}

static void captures_from(const position* p, int s, move_list* out) {
    position b = *p;
    b.sq[s] = EMPTY; /* the start square counts as empty during the move */
    move m = {.path = {(uint8_t)s}, .n_path = 1, .n_caps = 0};
    extend_capture(&b, p->side, is_king(p->sq[s]), 0, &m, out);
}

static void steps_from(const position* p, int s, move_list* out) {
    for (int d = 0; d < 4; ++d) {
        if (!is_king(p->sq[s]) && DIR_ROW[d] != forward(p->side)) continue;
        const int to = step(s, d);
        if (!to || p->sq[to] != EMPTY) continue;
        const move m = {.path = {(uint8_t)s, (uint8_t)to}, .n_path = 2, .n_caps = 0};
        list_push(out, &m);
    }
}

/* Every legal move of p: the captures when there are any, the steps otherwise. */
static void generate(const position* p, move_list* out) {
    out->n = 0;
    for (int s = 1; s <= 32; ++s)
        if (p->sq[s] != EMPTY && colour_of(p->sq[s]) == p->side) captures_from(p, s, out);
    if (out->n > 0) return;
    for (int s = 1; s <= 32; ++s)
        if (p->sq[s] != EMPTY && colour_of(p->sq[s]) == p->side) steps_from(p, s, out);
}

static position play(const position* p, const move* m) {
    position next = *p;
    const int from = m->path[0], to = m->path[m->n_path - 1];
    int piece = next.sq[from];
    next.sq[from] = EMPTY;
    for (int k = 0; k < m->n_caps; ++k) next.sq[m->caps[k]] = EMPTY;
    for (int k = 1; k < m->n_path; ++k)
        if (!is_king(piece) && crowning_row(p->side, m->path[k])) piece += 1; /* man -> king */
    next.sq[to] = (uint8_t)piece;
    next.side = 1 - p->side;
    return next;
}

/* ---- FEN: "B:W21,22,K23:B1-12", lists in either order, K before a king or range of kings. */

static const char* parse_number(const char* s, int* value) {
    if (*s < '0' || *s > '9') return NULL;
    *value = 0;
    while (*s >= '0' && *s <= '9') {
        *value = *value * 10 + (*s++ - '0');
        if (*value > 32) return NULL;
    }
    return s;
}

static bool place(position* p, int colour, bool king, int s, int* count) {
    if (s < 1 || s > 32 || p->sq[s] != EMPTY || ++*count > MAX_PIECES) return false;
    if (!king && crowning_row(colour, s)) return false; /* a man on its own crowning row */
    const int man = colour == BLACK ? BLACK_MAN : WHITE_MAN;
    p->sq[s] = (uint8_t)(king ? man + 1 : man);
    return true;
}

/* One colour's list after its W or B: items separated by commas, possibly none. */
static const char* parse_list(const char* s, position* p, int colour) {
    int count = 0;
    if (*s == ':' || *s == '.' || *s == '\0') return s;
    for (;;) {
        const bool king = *s == 'K';
        int first = 0, last = 0;
        if (king) ++s;
        if (!(s = parse_number(s, &first))) return NULL;
        last = first;
        if (*s == '-' && !(s = parse_number(s + 1, &last))) return NULL;
        if (first > last) return NULL;
        for (int sq = first; sq <= last; ++sq)
            if (!place(p, colour, king, sq, &count)) return NULL;
        if (*s != ',') return s;
        ++s;
    }
}

static bool parse_fen(const char* s, position* p) {
    memset(p, 0, sizeof *p);
    if (!s) return false;
    while (*s == ' ') ++s;
    if (*s != 'B' && *s != 'W') return false;
    p->side = *s++ == 'B' ? BLACK : WHITE;
    bool seen[2] = {false, false};
    for (int k = 0; k < 2; ++k) {
        if (*s++ != ':' || (*s != 'B' && *s != 'W')) return false;
        const int colour = *s++ == 'B' ? BLACK : WHITE;
        if (seen[colour]) return false;
        seen[colour] = true;
        if (!(s = parse_list(s, p, colour))) return false;
    }
    if (*s == '.') ++s;
    while (*s == ' ' || *s == '\n' || *s == '\r') ++s;
    return *s == '\0';
}

/* ---- The entry points. */

static int format_move(const move* m, char* buf, size_t size) {
    int len = snprintf(buf, size, "%d", m->path[0]);
    for (int k = 1; k < m->n_path; ++k)
        len += snprintf(buf + len, size - (size_t)len, "%c%d", m->n_caps ? 'x' : '-', m->path[k]);
    return len;
}

static int64_t legal_moves(const char* fen, char* out, size_t cap) {
    position p;
    if (!parse_fen(fen, &p)) return -1;
    move_list list = {NULL, 0, 0};
    generate(&p, &list);
    char text[4 * MAX_PATH + 8];
    size_t needed = 0;
    for (size_t k = 0; k < list.n; ++k)
        needed += (k ? 1u : 0u) + (size_t)format_move(&list.v[k], text, sizeof text);
    if (out && needed < cap) {
        size_t at = 0;
        for (size_t k = 0; k < list.n; ++k) {
            if (k) out[at++] = ' ';
            at += (size_t)format_move(&list.v[k], out + at, cap - at);
        }
        out[at] = '\0';
    }
    free(list.v);
    return (int64_t)needed;
}

static int64_t count_leaves(const position* p, int32_t depth) {
    if (depth == 0) return 1;
    move_list list = {NULL, 0, 0};
    generate(p, &list);
    int64_t total = 0;
    if (depth == 1) {
        total = (int64_t)list.n;
    } else {
        for (size_t k = 0; k < list.n; ++k) {
            const position next = play(p, &list.v[k]);
            total += count_leaves(&next, depth - 1);
        }
    }
    free(list.v);
    return total;
}

static int64_t perft(const char* fen, int32_t depth) {
    position p;
    if (!parse_fen(fen, &p) || depth < 0) return -1;
    return count_leaves(&p, depth);
}

#ifdef BUGGY_MOVEGEN_FIXED
#define PLUGIN_NAME "buggy_movegen, fixed"
#else
#define PLUGIN_NAME "buggy_movegen"
#endif

const rc_plugin* retrocheck_plugin(void) {
    static const rc_plugin table = {RC_PLUGIN_ABI_VERSION,
                                    RC_GAME_CHECKERS,
                                    PLUGIN_NAME,
                                    legal_moves,
                                    perft,
                                    NULL /* no probe */,
                                    RC_METRIC_WLD,
                                    RC_CAPTURES_RESOLVED,
                                    NULL /* no chess probe */,
                                    0};
    return &table;
}
