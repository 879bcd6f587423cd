#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mu-layout.h"
#include "mu-name.h"
#include "xmalloc.h"

/*
 * Placement rule (MU-RULINGS, "Layout phase"; seed 000): the first
 * segment's centre is A0, the origin (0,0).  Every later segment must
 * keep all seven of its cells off the board, and at least two of them
 * must share an edge with a board cell.  Lakes are allowed.
 *
 * A legal centre is therefore at distance exactly 2 from some board
 * cell: its cells are off the board (distance >= 2) and one of them
 * touches the board (distance <= 2).  The candidates are the ring of
 * radius 2 around each board cell; each is checked with the rule.
 */

static int	mu_layout_contacts(const struct mu_board *, struct hex,
		    char **);
static int	mu_layout_cmp(const void *, const void *);

/*
 * Count the new segment's cells that share an edge with the board; -1
 * if a cell overlaps the board, with the reason in *cause.
 */
static int
mu_layout_contacts(const struct mu_board *b, struct hex centre,
    char **cause)
{
	struct hex	 off, pos;
	char		 name[MU_NAME_MAX], at[MU_NAME_MAX];
	int		 k, d, n, c, touching = 0;

	for (k = 0; k < MU_SEGMENT_CELLS; k++) {
		off = mu_board_cell_offset(k);
		pos.q = centre.q + off.q;
		pos.r = centre.r + off.r;
		if ((c = mu_board_find(b, pos)) != MU_NONE) {
			if (cause != NULL) {
				mu_name_placement(centre, at, sizeof at);
				mu_name_cell(c, name, sizeof name);
				xasprintf(cause, "%s: the segment would "
				    "overlap %s", at, name);
			}
			return (-1);
		}
		for (d = 0; d < HEX_NDIRS; d++) {
			n = mu_board_find(b, hex_step(pos, d, 1));
			if (n != MU_NONE) {
				touching++;
				break;
			}
		}
	}
	return (touching);
}

/* Check that a segment may be centred on h; 0 or -1 with *cause. */
int
mu_layout_check(const struct mu_board *b, struct hex centre, char **cause)
{
	char	at[MU_NAME_MAX];
	int	touching;

	mu_name_placement(centre, at, sizeof at);
	if (b->nsegments >= MU_MAX_SEGMENTS) {
		xasprintf(cause, "%s: the board already has the most "
		    "segments a game can have (%d)", at, MU_MAX_SEGMENTS);
		return (-1);
	}
	if (b->nsegments == 0) {
		if (centre.q == 0 && centre.r == 0)
			return (0);
		xasprintf(cause, "%s: the first segment is A and its centre "
		    "A0 is the origin, so it is placed with @0,0", at);
		return (-1);
	}
	if ((touching = mu_layout_contacts(b, centre, cause)) == -1)
		return (-1);
	if (touching < 2) {
		if (touching == 0) {
			xasprintf(cause, "%s: the segment would not touch "
			    "the board", at);
		} else {
			xasprintf(cause, "%s: only 1 cell of the segment "
			    "would touch the board, and at least 2 must", at);
		}
		return (-1);
	}
	return (0);
}

/* Reading order: by row, then from west to east. */
static int
mu_layout_cmp(const void *a, const void *b)
{
	const struct hex	*x = a, *y = b;

	if (x->r != y->r)
		return (x->r < y->r ? -1 : 1);
	if (x->q != y->q)
		return (x->q < y->q ? -1 : 1);
	return (0);
}

/*
 * Fill out[] (room for MU_LAYOUT_MAX) with every legal centre, in
 * reading order, and return how many there are.
 */
int
mu_layout_list(const struct mu_board *b, struct hex *out)
{
	struct hex	 h, centre;
	int		 ncells, c, dq, dr, n = 0, i, m;

	if (b->nsegments >= MU_MAX_SEGMENTS)
		return (0);
	if (b->nsegments == 0) {
		out[0].q = out[0].r = 0;
		return (1);
	}
	ncells = mu_board_ncells(b);
	for (c = 0; c < ncells; c++) {
		centre = b->cells[c].pos;
		for (dq = -2; dq <= 2; dq++) {
			for (dr = -2; dr <= 2; dr++) {
				h.q = centre.q + dq;
				h.r = centre.r + dr;
				if (hex_distance(h, centre) == 2)
					out[n++] = h;
			}
		}
	}
	qsort(out, (size_t)n, sizeof *out, mu_layout_cmp);
	m = 0;
	for (i = 0; i < n; i++) {
		if (i > 0 && hex_equal(out[i - 1], out[i]))
			continue;
		if (mu_layout_contacts(b, out[i], NULL) >= 2)
			out[m++] = out[i];
	}
	return (m);
}
