#include "config.h"

#include <string.h>

#include "mur-diagram.h"
#include "mur-report.h"

/*
 * The round board drawn square, as rings of eight points often are:
 * ring r is the square whose corners are the diagonal spokes' points
 * and whose edge midpoints are n, e, s and w; the spokes run from the
 * centre out through the rings.  A point at (x, y), x east and y
 * south, each from -3 to 3, is drawn at column 6x and row 2y from the
 * centre, so a diagonal spoke's step is one '\' or '/' half-way.
 * Spoke names stand round the edge and ring numbers down the left, so
 * "ne2" is read as the north-east corner of the middle square.
 *
 *	X black	O white	M the mur stone	. a free point
 *
 * Below the board come the game, the number of the turn to be made
 * (counted over the match, as the record's lines are) and whose it is,
 * each side's stones on and off the board and traps, the games won,
 * the turns without a trap, and any withdrawal owed.
 */

#define MUR_DIAGRAM_ROWS	13
#define MUR_DIAGRAM_COLS	37
#define MUR_DIAGRAM_MARGIN	"    "

static const int mur_diagram_dx[MUR_SPOKES] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int mur_diagram_dy[MUR_SPOKES] = { -1, -1, 0, 1, 1, 1, 0, -1 };

static void	mur_diagram_at(int, int *, int *);
static void	mur_diagram_line(char [][MUR_DIAGRAM_COLS + 1], int, int);
static void	mur_diagram_status(const struct mur_game *, struct buf *);

/* The row and column of point p. */
static void
mur_diagram_at(int p, int *row, int *col)
{
	int	r = mur_board_ring(p), s = mur_board_spoke(p);

	if (p == MUR_CENTRE) {
		*row = 6;
		*col = 18;
		return;
	}
	*row = 6 + 2 * r * mur_diagram_dy[s];
	*col = 18 + 6 * r * mur_diagram_dx[s];
}

/* Draw the line between neighbours p and q. */
static void
mur_diagram_line(char grid[][MUR_DIAGRAM_COLS + 1], int p, int q)
{
	int	r1, c1, r2, c2, r, c;

	mur_diagram_at(p, &r1, &c1);
	mur_diagram_at(q, &r2, &c2);
	if (r1 == r2) {
		for (c = (c1 < c2 ? c1 : c2) + 1; c < (c1 < c2 ? c2 : c1); c++)
			grid[r1][c] = '-';
	} else if (c1 == c2) {
		for (r = (r1 < r2 ? r1 : r2) + 1; r < (r1 < r2 ? r2 : r1); r++)
			grid[r][c1] = '|';
	} else {
		r = (r1 + r2) / 2;
		c = (c1 + c2) / 2;
		grid[r][c] = (r2 - r1) * (c2 - c1) > 0 ? '\\' : '/';
	}
}

/* The board alone, with its labels. */
void
mur_diagram_board(const struct mur_pos *pos, struct buf *out)
{
	static const char	*rings = "3 2 1   1 2 3";
	char			 grid[MUR_DIAGRAM_ROWS][MUR_DIAGRAM_COLS + 1];
	uint32_t		 adj;
	int			 p, q, row, col, len;

	for (row = 0; row < MUR_DIAGRAM_ROWS; row++) {
		memset(grid[row], ' ', MUR_DIAGRAM_COLS);
		grid[row][MUR_DIAGRAM_COLS] = '\0';
	}
	for (p = 0; p < MUR_POINTS; p++) {
		adj = mur_board_adjacent[p];
		for (q = p + 1; q < MUR_POINTS; q++) {
			if (adj & (1U << q))
				mur_diagram_line(grid, p, q);
		}
	}
	for (p = 0; p < MUR_POINTS; p++) {
		mur_diagram_at(p, &row, &col);
		switch (mur_rules_owner(pos, p)) {
		case MUR_BLACK:
			grid[row][col] = 'X';
			break;
		case MUR_WHITE:
			grid[row][col] = 'O';
			break;
		case MUR_NEUTRAL:
			grid[row][col] = 'M';
			break;
		default:
			grid[row][col] = '.';
			break;
		}
	}
	buf_adds(out, "   nw                 n                 ne\n");
	for (row = 0; row < MUR_DIAGRAM_ROWS; row++) {
		if (row == 6)
			buf_adds(out, "  w ");
		else
			buf_addf(out, "  %c ", rings[row]);
		len = MUR_DIAGRAM_COLS;
		while (len > 0 && grid[row][len - 1] == ' ')
			len--;
		buf_add(out, grid[row], (size_t)len);
		buf_adds(out, row == 6 ? " e\n" : "\n");
	}
	buf_adds(out, "   sw                 s                 se\n");
}

/* The lines under the board. */
static void
mur_diagram_status(const struct mur_game *g, struct buf *out)
{
	static const char	 marks[] = { 'X', 'O' };
	uint32_t		 m;
	int			 side, on;

	if (g->over) {
		buf_addf(out, "Mur, a match of %d game%s: over after game "
		    "%d.\n", g->games, g->games == 1 ? "" : "s", g->game);
	} else {
		buf_addf(out, "Mur, game %d of %d, turn %d: %s to move.\n",
		    g->game, g->games, g->turns + 1,
		    mur_report_side(g->to_move));
	}
	for (side = 0; side < 2; side++) {
		on = mur_board_count(g->pos.stones[side]);
		buf_addf(out, "%s (%c): %d on the board, %d off; %d trap%s "
		    "made this game.\n", mur_report_side(side), marks[side],
		    on, MUR_STONES - on, g->traps[side],
		    g->traps[side] == 1 ? "" : "s");
	}
	buf_addf(out, "The mur stone (M) is on %s.\n",
	    mur_board_name(g->pos.mur));
	if (g->over) {
		mur_report_match(g, out);
		return;
	}
	buf_adds(out, "Games: ");
	mur_report_score(g, out);
	buf_addf(out, "Turns since the last trap: %d (at %d the game is "
	    "drawn).\n", g->quiet, MUR_QUIET_CAP);
	if ((m = g->withdraw) != 0) {
		buf_addf(out, "%s must withdraw the stone%s on ",
		    mur_report_side(g->to_move), (m & (m - 1)) ? "s" : "");
		mur_board_list(m, out);
		buf_adds(out, ".\n");
	}
}

/* The board and the state of the match. */
void
mur_diagram_render(const struct mur_game *g, struct buf *out)
{
	mur_diagram_board(&g->pos, out);
	buf_addc(out, '\n');
	mur_diagram_status(g, out);
}
