/* chess_movegen: an example retrocheck plugin, a chess move generator in plain C with exactly one
 * planted rule error, for trying out `retrocheck check-movegen` on chess.
 *
 * Moves are generated pseudo-legally on a 64-square mailbox and kept when the mover's king is not
 * attacked afterwards: castling (the king not in check, its path empty and not attacked), en
 * passant, the four promotions -- except for the one error marked PLANTED BUG below: where the
 * king stands on the capturing pawn's rank, the test of an en passant capture forgets that the
 * captured pawn leaves the board, so a king shielded from a rook or queen only by the two pawns
 * is taken to stay shielded (a rank pin through an en passant capture). check-movegen should find
 * the error and shrink it to a few pieces, such as "8/8/8/K1Pp3r/8/8/8/7k w - d6 0 1" (correct:
 * c5d6 is illegal; this plugin gives it). Built with CHESS_MOVEGEN_FIXED, the rule is kept and
 * check-movegen passes it.
 *
 * Build: cc -std=c11 -O2 -shared -fPIC -Iinclude examples/plugins/chess_movegen.c -o chess.so
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "retrocheck/plugin.h"

/* Pieces: 0 empty; White's 1-6 and Black's -1..-6 (pawn, knight, bishop, rook, queen, king). */
enum { PAWN = 1, KNIGHT, BISHOP, ROOK, QUEEN, KING };
enum { WHITE = 0, BLACK = 1 };
enum { WK = 1, WQ = 2, BK = 4, BQ = 8 };
enum { MAX_MOVES = 256 };

typedef struct position {
    int8_t sq[64]; /* a1 = 0, b1 = 1, ..., h8 = 63 */
    int side;      /* WHITE or BLACK to move */
    int castling;  /* WK | WQ | BK | BQ */
    int ep;        /* the en passant square, or -1 */
} position;

typedef struct move {
    uint8_t from, to;
    int8_t promo; /* 0, or KNIGHT..QUEEN */
} move;

static int file_of(int s) { return s & 7; }
static int rank_of(int s) { return s >> 3; }
static int colour_of(int8_t p) { return p > 0 ? WHITE : BLACK; }
static int8_t own(int side, int type) { return (int8_t)(side == WHITE ? type : -type); }

/* Whether square s (file f, rank r) stands on the board after a step of (df, dr). */
static int step(int s, int df, int dr) {
    const int f = file_of(s) + df, r = rank_of(s) + dr;
    return f < 0 || f > 7 || r < 0 || r > 7 ? -1 : r * 8 + f;
}

static const int KNIGHT_STEPS[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                       {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
static const int KING_STEPS[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                     {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

/* Whether `by` attacks square s on board sq. */
static bool attacked(const int8_t* sq, int s, int by) {
    const int forward = by == WHITE ? 1 : -1;
    for (int df = -1; df <= 1; df += 2) {
        const int t = step(s, df, -forward);
        if (t >= 0 && sq[t] == own(by, PAWN)) return true;
    }
    for (int i = 0; i < 8; ++i) {
        const int t = step(s, KNIGHT_STEPS[i][0], KNIGHT_STEPS[i][1]);
        if (t >= 0 && sq[t] == own(by, KNIGHT)) return true;
        const int k = step(s, KING_STEPS[i][0], KING_STEPS[i][1]);
        if (k >= 0 && sq[k] == own(by, KING)) return true;
    }
    for (int i = 0; i < 8; ++i) {
        const bool diagonal = KING_STEPS[i][0] != 0 && KING_STEPS[i][1] != 0;
        for (int t = step(s, KING_STEPS[i][0], KING_STEPS[i][1]); t >= 0;
             t = step(t, KING_STEPS[i][0], KING_STEPS[i][1])) {
            if (!sq[t]) continue;
            if (sq[t] == own(by, QUEEN) || sq[t] == own(by, diagonal ? BISHOP : ROOK)) return true;
            break;
        }
    }
    return false;
}

static int king_square(const int8_t* sq, int side) {
    for (int s = 0; s < 64; ++s)
        if (sq[s] == own(side, KING)) return s;
    return -1;
}

/* The position after m (pseudo-legal), the side to move switched. */
static position make(const position* p, move m) {
    position q = *p;
    const int8_t piece = q.sq[m.from];
    const int type = piece > 0 ? piece : -piece;
    if (type == PAWN && m.to == p->ep) q.sq[m.to + (p->side == WHITE ? -8 : 8)] = 0;
    if (type == KING && (m.to == m.from + 2 || m.to + 2 == m.from)) {
        const int rook_from = m.to > m.from ? m.from + 3 : m.from - 4;
        const int rook_to = m.to > m.from ? m.from + 1 : m.from - 1;
        q.sq[rook_to] = q.sq[rook_from];
        q.sq[rook_from] = 0;
    }
    q.sq[m.to] = m.promo ? own(p->side, m.promo) : piece;
    q.sq[m.from] = 0;
    q.ep = -1;
    if (type == PAWN && (m.to == m.from + 16 || m.from == m.to + 16)) q.ep = (m.from + m.to) / 2;
    /* A right is lost when its king or rook moves or the rook is taken. */
    static const int KEEP[64] = {
        [0] = ~WQ, [4] = ~(WK | WQ), [7] = ~WK, [56] = ~BQ, [60] = ~(BK | BQ), [63] = ~BK};
    for (int s = 0; s < 64; ++s)
        if ((s == m.from || s == m.to) && KEEP[s]) q.castling &= KEEP[s];
    q.side = 1 - p->side;
    return q;
}

/* Whether m leaves the mover's king unattacked. */
static bool legal(const position* p, move m) {
    position q = make(p, m);
#ifndef CHESS_MOVEGEN_FIXED
    /* PLANTED BUG: with the king on the capturing pawn's rank, an en passant capture is tested
     * with the captured pawn back on its square, as if it still shielded the king. */
    const int8_t piece = p->sq[m.from];
    if ((piece == PAWN || piece == -PAWN) && m.to == p->ep &&
        rank_of(king_square(p->sq, p->side)) == rank_of(m.from))
        q.sq[m.to + (p->side == WHITE ? -8 : 8)] = own(1 - p->side, PAWN);
#endif
    return !attacked(q.sq, king_square(q.sq, p->side), 1 - p->side);
}

static void add(const position* p, move* out, int* n, int from, int to, int8_t promo) {
    const move m = {(uint8_t)from, (uint8_t)to, promo};
    if (legal(p, m)) out[(*n)++] = m;
}

static void add_pawn(const position* p, move* out, int* n, int from, int to) {
    if (rank_of(to) == 0 || rank_of(to) == 7)
        for (int t = QUEEN; t >= KNIGHT; --t) add(p, out, n, from, to, (int8_t)t);
    else
        add(p, out, n, from, to, 0);
}

static int generate(const position* p, move* out) {
    int n = 0;
    const int us = p->side, them = 1 - us, forward = us == WHITE ? 1 : -1;
    for (int s = 0; s < 64; ++s) {
        const int8_t piece = p->sq[s];
        if (!piece || colour_of(piece) != us) continue;
        const int type = piece > 0 ? piece : -piece;
        if (type == PAWN) {
            const int one = step(s, 0, forward);
            if (one >= 0 && !p->sq[one]) {
                add_pawn(p, out, &n, s, one);
                const int two = step(one, 0, forward);
                if (rank_of(s) == (us == WHITE ? 1 : 6) && !p->sq[two]) add(p, out, &n, s, two, 0);
            }
            for (int df = -1; df <= 1; df += 2) {
                const int t = step(s, df, forward);
                if (t < 0) continue;
                if ((p->sq[t] && colour_of(p->sq[t]) == them) || t == p->ep)
                    add_pawn(p, out, &n, s, t);
            }
        } else if (type == KNIGHT || type == KING) {
            for (int i = 0; i < 8; ++i) {
                const int* d = type == KNIGHT ? KNIGHT_STEPS[i] : KING_STEPS[i];
                const int t = step(s, d[0], d[1]);
                if (t >= 0 && (!p->sq[t] || colour_of(p->sq[t]) == them)) add(p, out, &n, s, t, 0);
            }
        } else {
            for (int i = 0; i < 8; ++i) {
                const bool diagonal = KING_STEPS[i][0] != 0 && KING_STEPS[i][1] != 0;
                if ((type == BISHOP && !diagonal) || (type == ROOK && diagonal)) continue;
                for (int t = step(s, KING_STEPS[i][0], KING_STEPS[i][1]); t >= 0;
                     t = step(t, KING_STEPS[i][0], KING_STEPS[i][1])) {
                    if (p->sq[t] && colour_of(p->sq[t]) == us) break;
                    add(p, out, &n, s, t, 0);
                    if (p->sq[t]) break;
                }
            }
        }
    }
    /* Castling: the right, the squares between empty, the king's path not attacked. */
    const int home = us == WHITE ? 4 : 60;
    const int rights[2] = {us == WHITE ? WK : BK, us == WHITE ? WQ : BQ};
    if (p->sq[home] == own(us, KING) && !attacked(p->sq, home, them))
        for (int side = 0; side < 2; ++side) {
            if (!(p->castling & rights[side])) continue;
            const int dir = side == 0 ? 1 : -1, rook = side == 0 ? home + 3 : home - 4;
            if (p->sq[rook] != own(us, ROOK)) continue;
            bool clear = true;
            for (int s = home + dir; s != rook; s += dir) clear = clear && !p->sq[s];
            if (clear && !attacked(p->sq, home + dir, them))
                add(p, out, &n, home, home + 2 * dir, 0);
        }
    return n;
}

/* Reads the board, side, castling and en passant fields of a FEN; false if malformed. */
static bool parse(const char* fen, position* p) {
    memset(p, 0, sizeof *p);
    p->ep = -1;
    int rank = 7, file = 0;
    const char* c = fen;
    for (; *c && *c != ' '; ++c) {
        if (*c == '/') {
            if (file != 8 || --rank < 0) return false;
            file = 0;
        } else if (*c >= '1' && *c <= '8') {
            file += *c - '0';
        } else {
            const char* letters = "PNBRQKpnbrqk";
            const char* at = strchr(letters, *c);
            if (!at || file > 7) return false;
            const int i = (int)(at - letters);
            p->sq[rank * 8 + file++] = (int8_t)(i < 6 ? i + 1 : -(i - 5));
        }
    }
    if (rank != 0 || file != 8 || *c++ != ' ') return false;
    if (*c != 'w' && *c != 'b') return false;
    p->side = *c++ == 'w' ? WHITE : BLACK;
    if (*c++ != ' ') return false;
    for (; *c && *c != ' '; ++c)
        p->castling |= *c == 'K' ? WK : *c == 'Q' ? WQ : *c == 'k' ? BK : *c == 'q' ? BQ : 0;
    if (*c++ != ' ') return false;
    if (*c >= 'a' && *c <= 'h' && c[1] >= '1' && c[1] <= '8')
        p->ep = (c[1] - '1') * 8 + (c[0] - 'a');
    return king_square(p->sq, WHITE) >= 0 && king_square(p->sq, BLACK) >= 0;
}

static int64_t legal_moves(const char* fen, char* out, size_t cap) {
    position p;
    if (!parse(fen, &p)) return -1;
    move moves[MAX_MOVES];
    const int n = generate(&p, moves);
    char text[MAX_MOVES * 6 + 1];
    size_t len = 0;
    for (int i = 0; i < n; ++i) {
        const move m = moves[i];
        static const char* const PROMOTION[] = {"", "", "n", "b", "r", "q"};
        len += (size_t)snprintf(text + len, sizeof text - len, "%s%c%c%c%c%s", i ? " " : "",
                                'a' + file_of(m.from), '1' + rank_of(m.from), 'a' + file_of(m.to),
                                '1' + rank_of(m.to), PROMOTION[m.promo]);
    }
    if (len + 1 > cap) return (int64_t)len;
    memcpy(out, text, len + 1);
    return (int64_t)len;
}

static int64_t count(const position* p, int depth) {
    move moves[MAX_MOVES];
    const int n = generate(p, moves);
    if (depth == 1) return n;
    int64_t total = 0;
    for (int i = 0; i < n; ++i) {
        const position q = make(p, moves[i]);
        total += count(&q, depth - 1);
    }
    return total;
}

static int64_t perft(const char* fen, int32_t depth) {
    position p;
    if (!parse(fen, &p) || depth < 0) return -1;
    return depth == 0 ? 1 : count(&p, depth);
}

#ifdef CHESS_MOVEGEN_FIXED
#define PLUGIN_NAME "fixed chess_movegen"
#else
#define PLUGIN_NAME "chess_movegen (ep pin planted)"
#endif

const rc_plugin* retrocheck_plugin(void) {
    static const rc_plugin table = {RC_PLUGIN_ABI_VERSION,
                                    RC_GAME_CHESS,
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
