#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mu-canvas.h"
#include "mu-diagram.h"
#include "mu-listing.h"
#include "mu-name.h"
#include "xmalloc.h"

/*
 * The listing names every cell that is not empty Virginity, segment by
 * segment: "A0.r3" is A0 on the Commonwealth ('.') holding red 3,
 * "A1#" an empty Wall cell, "A5:r2" red 2 on Virginity.  Segments with
 * nothing to list are named on one line.
 *
 * Under it a map puts each segment's label where its centre is, and in
 * the layout phase each legal centre's letters: column 2q + r and line
 * r, so a row of segments reads west to east as on the full drawing.
 * Centres are at least three cells apart, so no two labels meet; when
 * the map is too tall, lines are shared by two or three rows, and when
 * the letters of neighbouring places would run together, columns are
 * doubled.  A map that fits nowhere is left out and each segment's line
 * gives its centre as @q,r, as do the places.
 */

struct mu_listing_mark {
	struct hex	at;
	char		text[MU_NAME_MAX + 2];
};

static int	mu_listing_map(const struct mu_listing_mark *, int, int,
		    int, int, struct buf *);
static void	mu_listing_wrap(struct buf *, const char *, size_t *);
static int	mu_listing_segment(const struct mu_game *, int, size_t *,
		    struct buf *);
static int	mu_listing_cells(const struct mu_game *,
		    const struct mu_listing_mark *, int, int, struct buf *);

static const char mu_listing_layers[] = { ':', '.', '#' };

/*
 * Draw the map of marks with cs columns per unit of 2q + r and rows
 * sharing lines k at a time, into out, if it is at most width columns
 * and maxlines lines and no two marks meet; return 0 if it was drawn.
 */
static int
mu_listing_map(const struct mu_listing_mark *m, int n, int cs, int k,
    int maxlines, struct buf *out)
{
	struct mu_canvas	 cv;
	struct mu_canvas_box	 box;
	int			 i, x, y, len, rc = -1;

	mu_canvas_box_init(&box);
	for (i = 0; i < n; i++) {
		x = cs * (2 * m[i].at.q + m[i].at.r);
		mu_canvas_box_add(&box, x, x + 4, m[i].at.r);
	}
	if ((box.maxy - box.miny) / k + 1 > maxlines)
		return (-1);
	mu_canvas_init(&cv, box.minx - 3, box.maxx, 0,
	    (box.maxy - box.miny) / k);
	for (i = 0; i < n; i++) {
		x = cs * (2 * m[i].at.q + m[i].at.r) + 2;
		y = (m[i].at.r - box.miny) / k;
		len = (int)strlen(m[i].text);
		if (!mu_canvas_blank(&cv, x - 1, y, len + 2))
			goto out;
		mu_canvas_puts(&cv, x, y, m[i].text);
	}
	for (y = 0; y < cv.lines; y++) {
		len = cv.width;
		while (len > 0 && cv.text[y][len - 1] == ' ')
			len--;
		if (len > MU_DIAGRAM_WIDTH)
			goto out;
	}
	mu_canvas_write(&cv, out);
	rc = 0;
out:
	mu_canvas_free(&cv);
	return (rc);
}

/*
 * Add word to out after a space, starting a new indented line past the
 * width; *col is the column reached, 0 at first for a line that will
 * start with a word of 6 characters.
 */
static void
mu_listing_wrap(struct buf *out, const char *word, size_t *col)
{
	if (*col == 0)
		*col = 7;
	if (*col + 1 + strlen(word) > MU_DIAGRAM_WRAP) {
		buf_adds(out, "\n  ");
		*col = 2;
	}
	buf_addf(out, " %s", word);
	*col += 1 + strlen(word);
}

/* Add the cells of segment s that are not empty Virginity to out. */
static int
mu_listing_segment(const struct mu_game *g, int s, size_t *col,
    struct buf *out)
{
	const struct mu_cell	*cell;
	char			 word[64], name[MU_NAME_MAX];
	int			 k, c, any = 0;

	for (k = 0; k < 7; k++) {
		c = 7 * s + k;
		cell = &g->board.cells[c];
		if (cell->layer == MU_LAYER_VIRGIN &&
		    cell->colour == MU_NONE)
			continue;
		mu_name_cell(c, name, sizeof name);
		if (cell->colour == MU_NONE) {
			snprintf(word, sizeof word, "%s%c", name,
			    mu_listing_layers[cell->layer]);
		} else {
			snprintf(word, sizeof word, "%s%c%c%u", name,
			    mu_listing_layers[cell->layer],
			    mu_game_colour_letter(cell->colour), cell->height);
		}
		mu_listing_wrap(out, word, col);
		any = 1;
	}
	return (any);
}

/*
 * The cells by segment, segments two spaces apart and never split
 * when they fit a line, with each centre as @q,r when there is no map;
 * then the segments with nothing to list and, without a map, the
 * places.  Returns how many lines were written.
 */
static int
mu_listing_cells(const struct mu_game *g, const struct mu_listing_mark *m,
    int nm, int mapped, struct buf *out)
{
	struct buf	seg, empty, places;
	char		word[64], at[32];
	int		s, lines = 0;
	size_t		col = 0, ecol = 0, pcol = 0, i;

	buf_init(&seg);
	buf_init(&empty);
	buf_init(&places);
	for (s = 0; s < g->board.nsegments; s++) {
		buf_reset(&seg);
		i = 0;
		if (!mapped) {
			mu_name_placement(m[s].at, word, sizeof word);
			buf_addf(&seg, "%s:%s", m[s].text, word);
			i = seg.len;
		}
		if (!mu_listing_segment(g, s, &i, &seg) && mapped) {
			mu_listing_wrap(&empty, m[s].text, &ecol);
			continue;
		}
		if (col > 0 && col + 2 + seg.len > MU_DIAGRAM_WRAP) {
			buf_addc(out, '\n');
			col = 0;
		}
		buf_adds(out, col > 0 ? "  " : "");
		buf_adds(out, seg.data + (seg.data[0] == ' '));
		col += (col > 0 ? 2 : 0) + seg.len - (seg.data[0] == ' ');
	}
	if (col > 0)
		buf_addc(out, '\n');
	if (empty.len > 0)
		buf_addf(out, "Empty:%s\n", empty.data);
	if (!mapped && nm > g->board.nsegments) {
		for (s = g->board.nsegments; s < nm; s++) {
			mu_name_placement(m[s].at, at, sizeof at);
			snprintf(word, sizeof word, "%s=%s", m[s].text, at);
			mu_listing_wrap(&places, word, &pcol);
		}
		buf_addf(out, "Places:%s\n", places.data);
	}
	for (i = 0; i < out->len; i++)
		lines += out->data[i] == '\n';
	buf_free(&seg);
	buf_free(&empty);
	buf_free(&places);
	return (lines);
}

/*
 * List the board under a map of the segments, with the n placement
 * aliases of the layout phase at at[] (mu_notation_aliases()), in
 * maxlines lines if it can, the map's rows two to a line if it cannot,
 * or, if no map fits the width, with the centres written out.
 */
void
mu_listing_board(const struct mu_game *g, const struct hex *at, int n,
    int maxlines, struct buf *out)
{
	const struct mu_board	*b = &g->board;
	struct mu_listing_mark	*m;
	struct buf		 map, list;
	char			 word[MU_NAME_MAX];
	static const int	 shares[2][3] = { { 1, 2, 3 }, { 2, 3, 1 } };
	int			 s, k, nm, cs, pass, budget, mapped = 0;

	nm = b->nsegments + n;
	m = xreallocarray(NULL, (size_t)nm + 1, sizeof *m);
	for (s = 0; s < nm; s++) {
		if (s < b->nsegments) {
			m[s].at = b->segments[s].centre;
			mu_name_label(s, m[s].text, sizeof m[s].text);
		} else {
			m[s].at = at[s - b->nsegments];
			mu_name_alias(s - b->nsegments, word, sizeof word);
			snprintf(m[s].text, sizeof m[s].text, "(%s)", word);
		}
	}
	buf_init(&list);
	budget = maxlines - mu_listing_cells(g, m, nm, 1, &list) - 1;
	buf_init(&map);
	for (pass = 0; pass < 2 && !mapped; pass++) {
		for (cs = 1; cs <= 2 && !mapped; cs++) {
			for (k = 0; k < 3 && !mapped; k++) {
				mapped = mu_listing_map(m, nm, cs,
				    shares[pass][k], pass == 0 ? budget :
				    1 << 20, &map) == 0;
			}
		}
	}
	if (mapped)
		buf_addf(out, "%s\n%s", map.data, list.data);
	else {
		buf_reset(&list);
		mu_listing_cells(g, m, nm, 0, &list);
		buf_add(out, list.data, list.len);
	}
	buf_free(&map);
	buf_free(&list);
	free(m);
}

/* Explain the listing's marks. */
void
mu_listing_legend(const struct mu_game *g, struct buf *out)
{
	int	seat;

	buf_adds(out, "Legend: the map puts each segment's label at its "
	    "centre; below it, by\n  segment, the cells that are not "
	    "empty Virginity (C4: cell 4 of C, 0 the\n  centre, 1-6 "
	    "clockwise from north-east).  C4# is Wall, C4. Commonwealth;\n"
	    "  C4:r3 is red 3 on Virginity, C4.r3 on the Commonwealth.  "
	    "Colours:");
	for (seat = 0; seat < g->players; seat++) {
		buf_addf(out, "%s%c %s", seat == 0 ? "\n  " : ", ",
		    mu_game_colour_letter(seat), mu_game_colour(seat));
	}
	buf_adds(out, ".\n");
	if (g->phase == MU_PHASE_LAYOUT)
		buf_adds(out, "  (a), (b)...: where the next segment's centre "
		    "may go.\n");
}
