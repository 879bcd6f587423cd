#include "config.h"

#include <stdint.h>
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

/*
 * A window of the plane around the board, MU_LAYOUT_MARGIN wider on
 * each side, row by row: for each position, whether it is a board
 * cell, whether it shares an edge with one, and whether it is 2 from
 * one, a candidate centre.  Positions are indices into the window, and
 * a step to a neighbour is a fixed difference of index, so a
 * candidate's seven cells are each one look.  The window is read in
 * index order, which is reading order: the list comes out sorted.
 */
#define MU_LAYOUT_MARGIN	4	/* a centre 2 off, its cells, theirs */
#define MU_LAYOUT_CELL		1
#define MU_LAYOUT_CANDIDATE	2	/* 2 from a board cell */
#define MU_LAYOUT_NEAR		4	/* next to a board cell */

struct mu_layout_grid {
	int		 q0, r0, w, h;
	uint8_t		*at;
	int		 seg[MU_SEGMENT_CELLS];	/* a segment's cells */
};

static int	mu_layout_contacts(const struct mu_board *, struct hex,
		    char **);
static int	mu_layout_index(const struct mu_layout_grid *, struct hex);
static int	mu_layout_grid_contacts(const struct mu_layout_grid *, int);

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

/* The index of h in the window. */
static int
mu_layout_index(const struct mu_layout_grid *g, struct hex h)
{
	return ((h.r - g->r0) * g->w + h.q - g->q0);
}

/* The contacts of the segment centred on index i, or -1 on overlap. */
static int
mu_layout_grid_contacts(const struct mu_layout_grid *g, int i)
{
	uint8_t	at;
	int	k, touching = 0;

	for (k = 0; k < MU_SEGMENT_CELLS; k++) {
		at = g->at[i + g->seg[k]];
		if (at & MU_LAYOUT_CELL)
			return (-1);
		touching += (at & MU_LAYOUT_NEAR) != 0;
	}
	return (touching);
}

/*
 * Find the legal centres in reading order, stopping at the max-th: put
 * them in out[] (room for MU_LAYOUT_MAX), unless it is NULL, and
 * return how many were found.  The ring of radius 2 around each board
 * cell on the board's edge marks the candidates (2 from a cell inside
 * is 1 from its neighbour, a board cell); each is checked on the
 * window rather than by the board's hash.
 */
static int
mu_layout_scan(const struct mu_board *b, struct hex *out, int max)
{
	/* The positions at distance 2 from (0, 0). */
	static const struct hex	 ring[12] = {
		{ -2, 0 }, { -2, 1 }, { -2, 2 }, { -1, -1 }, { -1, 2 },
		{ 0, -2 }, { 0, 2 }, { 1, -2 }, { 1, 1 }, { 2, -2 },
		{ 2, -1 }, { 2, 0 }
	};
	struct mu_layout_grid	 g;
	struct hex		 h, zero = { 0, 0 };
	int			 step[HEX_NDIRS], around[12];
	int			 ncells, c, n = 0, i, q1, r1, at, end, edge;

	if (b->nsegments >= MU_MAX_SEGMENTS || max <= 0)
		return (0);
	if (b->nsegments == 0) {
		if (out != NULL)
			out[0].q = out[0].r = 0;
		return (1);
	}
	ncells = mu_board_ncells(b);
	g.q0 = q1 = b->cells[0].pos.q;
	g.r0 = r1 = b->cells[0].pos.r;
	for (c = 1; c < ncells; c++) {
		h = b->cells[c].pos;
		g.q0 = h.q < g.q0 ? h.q : g.q0;
		g.r0 = h.r < g.r0 ? h.r : g.r0;
		q1 = h.q > q1 ? h.q : q1;
		r1 = h.r > r1 ? h.r : r1;
	}
	g.q0 -= MU_LAYOUT_MARGIN;
	g.r0 -= MU_LAYOUT_MARGIN;
	g.w = q1 + MU_LAYOUT_MARGIN - g.q0 + 1;
	g.h = r1 + MU_LAYOUT_MARGIN - g.r0 + 1;
	g.at = xcalloc((size_t)g.w * (size_t)g.h, 1);
	for (i = 0; i < MU_SEGMENT_CELLS; i++) {
		h = mu_board_cell_offset(i);
		g.seg[i] = h.r * g.w + h.q;
	}
	for (i = 0; i < HEX_NDIRS; i++) {
		h = hex_step(zero, i, 1);
		step[i] = h.r * g.w + h.q;
	}
	for (i = 0; i < 12; i++)
		around[i] = ring[i].r * g.w + ring[i].q;
	for (c = 0; c < ncells; c++) {
		at = mu_layout_index(&g, b->cells[c].pos);
		g.at[at] |= MU_LAYOUT_CELL;
		edge = 0;
		for (i = 0; i < HEX_NDIRS; i++) {
			if (b->cells[c].nb[i] != MU_NONE)
				continue;
			g.at[at + step[i]] |= MU_LAYOUT_NEAR;
			edge = 1;
		}
		for (i = 0; edge && i < 12; i++)
			g.at[at + around[i]] |= MU_LAYOUT_CANDIDATE;
	}
	end = g.w * g.h;
	for (at = 0; at < end && n < max; at++) {
		if ((g.at[at] & (MU_LAYOUT_CANDIDATE | MU_LAYOUT_CELL)) !=
		    MU_LAYOUT_CANDIDATE ||
		    mu_layout_grid_contacts(&g, at) < 2)
			continue;
		if (out != NULL) {
			out[n].q = g.q0 + at % g.w;
			out[n].r = g.r0 + at / g.w;
		}
		n++;
	}
	free(g.at);
	return (n);
}

/*
 * Fill out[] (room for MU_LAYOUT_MAX) with every legal centre, in
 * reading order (by row, then from west to east), and return how many
 * there are.
 */
int
mu_layout_list(const struct mu_board *b, struct hex *out)
{
	return (mu_layout_scan(b, out, MU_LAYOUT_MAX));
}

/* How many legal centres there are, counting no further than max. */
int
mu_layout_count(const struct mu_board *b, int max)
{
	return (mu_layout_scan(b, NULL, max));
}
