/* A fake CheckerBoard engine for the referee's hostile-input tests (tests/engine/match_test.cpp).
 *
 * It speaks CheckerBoard's interface (getmove, enginecommand) and answers "get gametype" with 25
 * (Russian), FAKE_GAMETYPE if defined. Its first move of a game is legal: while all of its men
 * stand on their twelve starting squares it steps the first man it finds (x, then y, from 0)
 * forward to an empty square. After that it misbehaves as FAKE_MODE says:
 *   1 crash (SIGSEGV)       2 hang (ignores *playnow)   3 illegal move (a man two rows ahead)
 *   4 malformed (jumps 99)  5 exit(3)                   6 plays on with the same legal step rule
 *                                                         (illegal once no such step is legal)
 *   7 as 6, but every move thinks until *playnow is set (a host's interrupt)
 * Built with FAKE_NO_GETMOVE it exports no getmove: a library that is not an engine.
 * Board: board[x][y]; WHITE 1, BLACK 2, MAN 4, KING 8; White's men start on y = 5..7 and move
 * towards y = 0, Black's start on y = 0..2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef FAKE_GAMETYPE
#define FAKE_GAMETYPE 25
#endif

struct coor { int x, y; };
struct CBmove {
    int jumps, newpiece, oldpiece;
    struct coor from, to;
    struct coor path[12];
    struct coor del[12];
    int delpiece[12];
};

int enginecommand(char str[256], char reply[1024]) {
    if (strncmp(str, "name", 4) == 0) { sprintf(reply, "fake engine %d", FAKE_MODE); return 1; }
    if (strcmp(str, "get gametype") == 0) { sprintf(reply, "%d", FAKE_GAMETYPE); return 1; }
    strcpy(reply, "?");
    return 0;
}

#ifndef FAKE_NO_GETMOVE
static int at_start(int b[8][8], int color) {
    int n = 0;
    for (int x = 0; x < 8; ++x)
        for (int y = 0; y < 8; ++y) {
            int home = color == 1 ? y >= 5 : y <= 2;
            if ((x + y) % 2 == 0 && home && b[x][y] == (color | 4)) ++n;
        }
    return n == 12;
}

static int step(int b[8][8], int color, struct CBmove *m) {
    int dy = color == 1 ? -1 : 1;
    for (int x = 0; x < 8; ++x)
        for (int y = 0; y < 8; ++y) {
            if (b[x][y] != (color | 4)) continue;
            for (int dx = -1; dx <= 1; dx += 2) {
                int tx = x + dx, ty = y + dy;
                if (tx < 0 || tx > 7 || ty < 0 || ty > 7 || b[tx][ty] != 0) continue;
                memset(m, 0, sizeof *m);
                m->from.x = x; m->from.y = y; m->to.x = tx; m->to.y = ty;
                m->oldpiece = m->newpiece = color | 4;
                m->path[0] = m->from; m->path[1] = m->to;
                return 1;
            }
        }
    return 0;
}

int getmove(int board[8][8], int color, double maxtime, char str[1024], int *playnow, int info,
            int moreinfo, struct CBmove *move) {
    (void)maxtime; (void)info; (void)moreinfo; (void)playnow;
    if (FAKE_MODE == 7) {
        while (!*(volatile int *)playnow) usleep(1000);
    }
    printf("fake engine thinking\n");  /* engines print: the host must not mind */
    sprintf(str, "[done] [depth 1] [time 0.01] [nodes 100]");
    if (at_start(board, color) || FAKE_MODE == 6 || FAKE_MODE == 7) {
        if (step(board, color, move)) return 3;
    }
    switch (FAKE_MODE) {
    case 1: { volatile int *p = 0; *p = 1; break; }
    case 2: for (;;) sleep(1);
    case 4: memset(move, 0, sizeof *move); move->jumps = 99; return 3;
    case 5: exit(3);
    default: break;
    }
    /* an illegal move: a man of ours two rows ahead onto a square of the same colour */
    memset(move, 0, sizeof *move);
    for (int x = 0; x < 8; ++x)
        for (int y = 0; y < 8; ++y)
            if ((board[x][y] & 3) == color) {
                int ty = color == 1 ? y - 2 : y + 2;
                if (ty < 0 || ty > 7) continue;
                move->from.x = x; move->from.y = y; move->to.x = x; move->to.y = ty;
                return 3;
            }
    return 3;
}
#else
int not_an_engine(void) { return 42; }
#endif
