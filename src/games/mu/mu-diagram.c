#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mu-canvas.h"
#include "mu-compact.h"
#include "mu-diagram.h"
#include "mu-layout.h"
#include "mu-listing.h"
#include "mu-name.h"
#include "mu-notation.h"
#include "mu-score.h"
#include "mu-select.h"
#include "mu-turn.h"
#include "xmalloc.h"

/*
 * The diagram draws each hexagon six characters wide and three lines
 * tall, rows shifted half a cell as axial coordinates require: cell
 * (q, r) has its left edge at column 6q + 3r, and row r takes a roof
 * line shared with the row above plus two inside lines:
 *
 *	 /   \ /   \		roof: '/' at x+1, '\' at x+5
 *	| A5  | A0  |		inside line 1: fill, name, fill
 *	|     | r1  |		inside line 2: fill, piece, fill
 *	  \ /   \ /		next roof: '\' at x+2, '/' at x+4
 *
 * Only edges between different segments, or between the board and the
 * Out of Bounds, are drawn, so each segment shows as one outlined
 * flower of seven cells.  The fill tells the layer: blank for
 * Virginity, '.' for the Commonwealth, '#' for the Wall.  A piece is
 * its colour's letter and its height.  In the layout phase the centre
 * of every legal placement shows its alias in parentheses.
 */

static int	mu_diagram_x(struct hex);
static int	mu_diagram_board_width(const struct mu_game *);
static void	mu_diagram_cell(const struct mu_game *, struct mu_canvas *,
		    int);
static void	mu_diagram_title(const struct mu_game *, struct buf *);
static void	mu_diagram_form(const struct mu_game *, const struct hex *,
		    int, enum mu_diagram_form, struct buf *);

/* The column of the left edge of the hexagon at h. */
static int
mu_diagram_x(struct hex h)
{
	return (6 * h.q + 3 * h.r);
}

/*
 * The fewest columns the full board takes: from the westmost cell's
 * left edge to the eastmost cell's right edge, which mu_diagram_cell()
 * always draws, as an eastmost cell has no east neighbour.  Placement
 * aliases can only widen it.  Known without drawing, so that a board
 * too wide for a mail is not drawn only to be thrown away.
 */
static int
mu_diagram_board_width(const struct mu_game *g)
{
	int	c, x, lo = 0, hi = 0, ncells = mu_board_ncells(&g->board);

	for (c = 0; c < ncells; c++) {
		x = mu_diagram_x(g->board.cells[c].pos);
		lo = c == 0 || x < lo ? x : lo;
		hi = c == 0 || x > hi ? x : hi;
	}
	return (ncells == 0 ? 0 : hi + 6 - lo + 1);
}

/* Draw cell c: its two inside lines and its boundary edges. */
static void
mu_diagram_cell(const struct mu_game *g, struct mu_canvas *cv, int c)
{
	static const char	 fills[] = { ' ', '.', '#' };
	const struct mu_cell	*cell = &g->board.cells[c];
	char			 line[2][8], name[MU_NAME_MAX], fill;
	int			 x, y, d, n, i, seg;

	x = mu_diagram_x(cell->pos);
	y = 3 * cell->pos.r;
	fill = fills[cell->layer];
	mu_name_cell(c, name, sizeof name);
	memset(line, fill, sizeof line);
	memcpy(&line[0][1], name, strlen(name));
	if (cell->colour != MU_NONE) {
		snprintf(name, sizeof name, "%c%u",
		    mu_game_colour_letter(cell->colour), cell->height);
		memcpy(&line[1][1], name, strlen(name) > 4 ? 4 : strlen(name));
	}
	for (i = 0; i < 2; i++) {
		line[i][5] = '\0';
		mu_canvas_puts(cv, x + 1, y + 1 + i, line[i]);
	}

	seg = mu_board_cell_segment(c);
	for (d = 0; d < HEX_NDIRS; d++) {
		n = cell->nb[d];
		if (n != MU_NONE && mu_board_cell_segment(n) == seg)
			continue;
		switch (d) {
		case HEX_E:
			mu_canvas_put(cv, x + 6, y + 1, '|');
			mu_canvas_put(cv, x + 6, y + 2, '|');
			break;
		case HEX_W:
			mu_canvas_put(cv, x, y + 1, '|');
			mu_canvas_put(cv, x, y + 2, '|');
			break;
		case HEX_NW:
			mu_canvas_put(cv, x + 1, y, '/');
			break;
		case HEX_NE:
			mu_canvas_put(cv, x + 5, y, '\\');
			break;
		case HEX_SW:
			mu_canvas_put(cv, x + 2, y + 3, '\\');
			break;
		case HEX_SE:
			mu_canvas_put(cv, x + 4, y + 3, '/');
			break;
		}
	}
}

/*
 * Draw the board, and the n placement aliases of the layout phase at
 * at[] (mu_notation_aliases()).
 */
void
mu_diagram_board(const struct mu_game *g, const struct hex *at, int n,
    struct buf *out)
{
	const struct mu_board	*b = &g->board;
	struct mu_canvas	 cv;
	struct mu_canvas_box	 box;
	struct hex		 h;
	char			 alias[MU_NAME_MAX], label[MU_NAME_MAX + 2];
	int			 c, i, ncells, x;

	ncells = mu_board_ncells(b);
	if (ncells == 0 && n == 0)
		return;
	mu_canvas_box_init(&box);
	for (i = 0; i < ncells + n; i++) {
		h = i < ncells ? b->cells[i].pos : at[i - ncells];
		x = mu_diagram_x(h);
		mu_canvas_box_add(&box, x, x + 6, h.r);
	}
	mu_canvas_init(&cv, box.minx, box.maxx, 3 * box.miny,
	    3 * box.maxy + 3);
	for (c = 0; c < ncells; c++)
		mu_diagram_cell(g, &cv, c);
	for (i = 0; i < n; i++) {
		mu_name_alias(i, alias, sizeof alias);
		snprintf(label, sizeof label, "(%s)", alias);
		x = mu_diagram_x(at[i]) + (strlen(label) > 3 ? 1 : 2);
		mu_canvas_puts(&cv, x, 3 * at[i].r + 1, label);
	}
	mu_canvas_write(&cv, out);
	mu_canvas_free(&cv);
}

/*
 * Say whose turn it is and what they may do; in the layout phase the
 * board shows naliases placements.
 */
void
mu_diagram_status(const struct mu_game *g, int naliases, struct buf *out)
{
	const char	*who = mu_game_colour(g->to_move);
	char		 label[MU_NAME_MAX], last[MU_NAME_MAX];
	int		 segs[MU_MAX_SEGMENTS], n, i, occupied;
	struct mu_score	 score;
	uint64_t	 mask;

	switch (g->phase) {
	case MU_PHASE_LAYOUT:
		mu_name_label(g->board.nsegments, label, sizeof label);
		buf_addf(out, "Layout: %s to place segment %s (%s's %d of "
		    "%d).\n", who, label, who,
		    mu_game_placed(g, g->to_move) + 1, g->segments);
		n = naliases;
		if (n == 1) {
			buf_addf(out, "Write a (the one place shown) or "
			    "@q,r.\n");
		} else {
			mu_name_alias(n - 1, last, sizeof last);
			buf_addf(out, "Write one of the letters a to %s "
			    "shown on the board, or @q,r.\n", last);
		}
		break;
	case MU_PHASE_SELECTION:
		n = mu_select_list(g, g->to_move, segs);
		buf_addf(out, "Selection: %s to clear one of %s's segments:",
		    who, who);
		for (i = 0; i < n; i++) {
			mu_name_label(segs[i], label, sizeof label);
			buf_addf(out, " %s", label);
		}
		buf_addf(out, ".\nWrite clear and the letter, such as "
		    "'clear %s'.\nThe last segment each player keeps is "
		    "filled with 7 men.\n", label);
		break;
	case MU_PHASE_MOVEMENT:
		occupied = mu_turn_occupied(g, g->to_move, &mask);
		buf_addf(out, "Movement: %s to move, occupying %d "
		    "segment%s.\n", who, occupied, occupied == 1 ? "" : "s");
		switch (g->variant->turn_rule) {
		case MU_TURN_SINGLE:
			buf_adds(out, "Make one move, or pass.\n");
			break;
		case MU_TURN_PER_SEGMENT:
			buf_addf(out, "Make up to %d move%s, one from each "
			    "segment you occupy, or pass.\n", occupied,
			    occupied == 1 ? "" : "s");
			break;
		case MU_TURN_PER_SEGMENT_CAPPED:
			buf_addf(out, "Make at most one move from each "
			    "segment you occupy\nand up to %d move%s this "
			    "turn; or pass.\n", g->allowance,
			    g->allowance == 1 ? "" : "s");
			break;
		}
		break;
	case MU_PHASE_OVER:
		buf_adds(out, "The game is over.\n");
		mu_score_count(g, &score);
		mu_report_score_text(g, &score, out);
		break;
	}
}

/* Explain the marks the diagram uses. */
void
mu_diagram_legend(const struct mu_game *g, struct buf *out)
{
	int	seat;

	buf_adds(out, "Legend:\n");
	buf_adds(out, "  C4      cell 4 of segment C (0 the centre, 1-6 "
	    "clockwise from north-east)\n");
	buf_adds(out, "  r3      a piece: colour letter and height;");
	for (seat = 0; seat < g->players; seat++) {
		buf_addf(out, "%s%c %s", seat == 3 ? ",\n          " :
		    seat == 0 ? " " : ", ", mu_game_colour_letter(seat),
		    mu_game_colour(seat));
	}
	buf_adds(out, "\n");
	buf_adds(out, "  layers  plain C4: Virginity, .C4..: Commonwealth, "
	    "#C4##: Wall\n");
	buf_adds(out, "  | / \\   edges of segments; beyond the outer edges "
	    "lies the Out of Bounds\n");
	if (g->phase == MU_PHASE_LAYOUT)
		buf_adds(out, "  (a)     where the next segment's centre may "
		    "go\n");
}

/*
 * The title numbers the turn to be made, the record's next line, or
 * says how many were made once the game is over.
 */
static void
mu_diagram_title(const struct mu_game *g, struct buf *out)
{
	buf_addf(out, "%s, %d players, %d segment%s each. ",
	    g->variant->title, g->players, g->segments,
	    g->segments == 1 ? "" : "s");
	if (g->phase == MU_PHASE_OVER) {
		buf_addf(out, "Game over after %d turn%s.\n\n", g->turns,
		    g->turns == 1 ? "" : "s");
	} else
		buf_addf(out, "Turn %d.\n\n", g->turns + 1);
}

/*
 * The whole diagram in form: title, board, whose turn it is, legend;
 * the n placement aliases at at[] in the layout phase.  The listing
 * fits itself, map and all, in the lines the rest leaves.
 */
static void
mu_diagram_form(const struct mu_game *g, const struct hex *at, int n,
    enum mu_diagram_form form, struct buf *out)
{
	struct buf	rest;
	int		lines, maxlines;

	buf_init(&rest);
	buf_addc(&rest, '\n');
	mu_diagram_status(g, n, &rest);
	buf_addc(&rest, '\n');
	switch (form) {
	case MU_DIAGRAM_COMPACT:
		mu_compact_legend(g, &rest);
		break;
	case MU_DIAGRAM_LIST:
		mu_listing_legend(g, &rest);
		break;
	default:
		mu_diagram_legend(g, &rest);
		break;
	}
	mu_diagram_title(g, out);
	switch (form) {
	case MU_DIAGRAM_COMPACT:
		mu_compact_board(g, at, n, out);
		break;
	case MU_DIAGRAM_LIST:
		mu_diagram_measure(out->data, &lines);
		mu_diagram_measure(rest.data, &maxlines);
		mu_listing_board(g, at, n, MU_DIAGRAM_LINES - lines -
		    maxlines, out);
		break;
	default:
		mu_diagram_board(g, at, n, out);
		break;
	}
	buf_add(out, rest.data, rest.len);
	buf_free(&rest);
}

/* The widest line of text, in code points; its lines in *lines. */
int
mu_diagram_measure(const char *text, int *lines)
{
	const char	*p;
	int		 w = 0, col = 0;

	*lines = 0;
	for (p = text; *p != '\0'; p++) {
		if (*p == '\n') {
			(*lines)++;
			col = 0;
		} else if ((*p & 0xc0) != 0x80 && ++col > w)
			w = col;
	}
	return (w);
}

/*
 * Draw g in form, or, for MU_DIAGRAM_AUTO, in the first of the full,
 * compact and listing forms that fits MU_DIAGRAM_WIDTH columns and
 * MU_DIAGRAM_LINES lines; failing that, in the shortest that is narrow
 * enough, and failing that in the listing.  The placements are listed
 * once for all the forms drawn.
 */
void
mu_diagram_render_form(const struct mu_game *g, enum mu_diagram_form form,
    struct buf *out)
{
	static const enum mu_diagram_form forms[] = {
		MU_DIAGRAM_FULL, MU_DIAGRAM_COMPACT, MU_DIAGRAM_LIST
	};
	struct buf	 b;
	struct hex	*at;
	size_t		 i;
	int		 n, w, lines, best = -1, bestlines = 0;

	at = xreallocarray(NULL, MU_LAYOUT_MAX, sizeof *at);
	n = mu_notation_aliases(g, at);
	if (form != MU_DIAGRAM_AUTO) {
		mu_diagram_form(g, at, n, form, out);
		free(at);
		return;
	}
	buf_init(&b);
	for (i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		/* Drawn, it would be too wide. */
		if (forms[i] == MU_DIAGRAM_FULL &&
		    mu_diagram_board_width(g) > MU_DIAGRAM_WIDTH)
			continue;
		buf_reset(&b);
		mu_diagram_form(g, at, n, forms[i], &b);
		w = mu_diagram_measure(b.data, &lines);
		if (w > MU_DIAGRAM_WIDTH)
			continue;
		if (lines <= MU_DIAGRAM_LINES) {
			buf_add(out, b.data, b.len);
			buf_free(&b);
			free(at);
			return;
		}
		if (best == -1 || lines < bestlines) {
			best = (int)i;
			bestlines = lines;
		}
	}
	buf_free(&b);
	mu_diagram_form(g, at, n, best == -1 ? MU_DIAGRAM_LIST : forms[best],
	    out);
	free(at);
}

/* The diagram as it is mailed: the form that fits best. */
void
mu_diagram_render(const struct mu_game *g, struct buf *out)
{
	mu_diagram_render_form(g, MU_DIAGRAM_AUTO, out);
}

/* The form called name, or -1. */
int
mu_diagram_form_parse(const char *name)
{
	static const char	*names[] = {
		"auto", "full", "compact", "list"
	};
	size_t			 i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (strcmp(names[i], name) == 0)
			return ((int)i);
	}
	return (-1);
}
