#include "config.h"

#include <stdio.h>
#include <string.h>

#include "mu-canvas.h"
#include "mu-compact.h"
#include "mu-name.h"

/*
 * The compact board gives each cell three characters and one line:
 * cell (q, r) starts at column 4q + 2r of line r, and a blank column
 * separates it from its east neighbour.  A segment is seven tokens
 * round its label:
 *
 *	   6   1		the centre shows the segment's label, the
 *	 5   C   2		others their digit k, so the cell left of
 *	   4   3		C is C5, as in the full drawing
 *
 * An empty cell's token is its digit (or the label) between two fills
 * that tell the layer, blank for Virginity, '.' for the Commonwealth,
 * '#' for the Wall: " 4 ", ".4.", "#4#".  A piece replaces the digit
 * and the right fill: ".r3" is red 3 on the Commonwealth.  On a centre
 * the piece follows the label, "Cr3", and the fills move out into the
 * separators, which belong to the segment on both sides; a longer
 * label or height takes the separators instead.  A '|' between two
 * tokens marks where two segments meet.  In the layout phase each
 * legal centre shows its letters, "(a)", or "(ab)" reaching into the
 * separator on its left: no cell of the board is next to a legal
 * centre, only other centres.
 */

static size_t	mu_compact_piece(const struct mu_cell *, char *);
static void	mu_compact_cell(const struct mu_game *, struct mu_canvas *,
		    int);

static const char mu_compact_fills[] = { ' ', '.', '#' };

/*
 * Write cell's piece, its colour's letter and its height, to piece
 * (room for 8) and return its length, 0 for an empty cell.  By hand:
 * every cell of every compact board drawn comes through here.
 */
static size_t
mu_compact_piece(const struct mu_cell *cell, char *piece)
{
	char		digits[8];
	size_t		n = 0, len = 0;
	unsigned	h = cell->height;

	if (cell->colour != MU_NONE) {
		piece[len++] = (char)mu_game_colour_letter(cell->colour);
		do {
			digits[n++] = (char)('0' + h % 10);
			h /= 10;
		} while (h != 0);
		while (n > 0)
			piece[len++] = digits[--n];
	}
	piece[len] = '\0';
	return (len);
}

/* Draw cell c's token and the boundary east of it. */
static void
mu_compact_cell(const struct mu_game *g, struct mu_canvas *cv, int c)
{
	const struct mu_cell	*cell = &g->board.cells[c];
	char			 label[MU_NAME_MAX], piece[8], tok[32];
	char			 fill = mu_compact_fills[cell->layer];
	size_t			 plen, llen;
	int			 x, y, k, seg, east;

	x = 4 * cell->pos.q + 2 * cell->pos.r;
	y = cell->pos.r;
	k = mu_board_cell_k(c);
	seg = mu_board_cell_segment(c);
	plen = mu_compact_piece(cell, piece);
	if (k == 0) {
		mu_name_label(seg, label, sizeof label);
		llen = strlen(label);
		if (plen != 0) {
			memcpy(tok, label, llen);
			memcpy(tok + llen, piece, plen + 1);
			if (llen + plen == 3) {
				mu_canvas_put(cv, x - 1, y, fill);
				mu_canvas_put(cv, x + 3, y, fill);
			}
			mu_canvas_puts(cv, llen + plen > 4 ? x - 1 : x, y, tok);
		} else {
			/* The fills round the label, three columns at most. */
			tok[0] = fill;
			memcpy(tok + 1, label, llen);
			tok[1 + llen] = fill;
			tok[3] = '\0';
			mu_canvas_puts(cv, x, y, tok);
		}
	} else if (plen != 0) {
		if (plen < 3) {
			tok[0] = fill;
			memcpy(tok + 1, piece, plen + 1);
		} else {
			memcpy(tok, piece, 3);
			tok[3] = '\0';
		}
		mu_canvas_puts(cv, x, y, tok);
	} else {
		tok[0] = fill;
		tok[1] = (char)('0' + k);
		tok[2] = fill;
		tok[3] = '\0';
		mu_canvas_puts(cv, x, y, tok);
	}

	east = cell->nb[HEX_E];
	if (east != MU_NONE && mu_board_cell_segment(east) != seg)
		mu_canvas_put(cv, x + 3, y, '|');
}

/*
 * Draw the compact board, and the n placement letters of the layout
 * phase at at[] (mu_notation_aliases()).
 */
void
mu_compact_board(const struct mu_game *g, const struct hex *at, int n,
    struct buf *out)
{
	const struct mu_board	*b = &g->board;
	struct mu_canvas	 cv;
	struct mu_canvas_box	 box;
	struct hex		 h;
	char			 alias[MU_NAME_MAX], tok[MU_NAME_MAX + 2];
	int			 c, i, ncells, x;

	ncells = mu_board_ncells(b);
	if (ncells == 0 && n == 0)
		return;
	mu_canvas_box_init(&box);
	for (i = 0; i < ncells + n; i++) {
		h = i < ncells ? b->cells[i].pos : at[i - ncells];
		x = 4 * h.q + 2 * h.r;
		mu_canvas_box_add(&box, x - 1, x + 4, h.r);
	}
	mu_canvas_init(&cv, box.minx, box.maxx, box.miny, box.maxy);
	for (c = 0; c < ncells; c++)
		mu_compact_cell(g, &cv, c);
	for (i = 0; i < n; i++) {
		mu_name_alias(i, alias, sizeof alias);
		snprintf(tok, sizeof tok, "(%s)", alias);
		mu_canvas_puts(&cv, 4 * at[i].q + 2 * at[i].r -
		    (strlen(alias) > 1), at[i].r, tok);
	}
	mu_canvas_write(&cv, out);
	mu_canvas_free(&cv);
}

/* Explain the compact board's marks. */
void
mu_compact_legend(const struct mu_game *g, struct buf *out)
{
	int	seat;

	buf_adds(out, "Legend:   6   1    segment C: C0 shows the label, "
	    "C1 to C6 their digit\n");
	buf_adds(out, "        5   C   2  .4. Commonwealth, #4# Wall, "
	    "plain 4 Virginity\n");
	buf_adds(out, "          4   3    r3 a piece, colour letter and "
	    "height; Cr3 a piece on C0\n");
	buf_adds(out, "                   .r3 on the Commonwealth; | where "
	    "segments meet\n");
	buf_adds(out, "                  ");
	for (seat = 0; seat < g->players; seat++) {
		buf_addf(out, "%s%c %s", seat == 0 ? " " : ", ",
		    mu_game_colour_letter(seat), mu_game_colour(seat));
	}
	buf_adds(out, "\n");
	if (g->phase == MU_PHASE_LAYOUT)
		buf_adds(out, "                   (a): where the next "
		    "segment's centre may go\n");
}
