#include "config.h"

#include <string.h>

#include "mu-board.h"

/*
 * The board is the union of the placed segments; every other position
 * is the Out of Bounds.  Cells are stored segment by segment, so cell
 * number 7s+k is cell k of segment s: this order is also the order of
 * cell names (A0 < A1 < ... < B0), which the explosion rules use.
 *
 * Each cell keeps its six neighbours as cell numbers (MU_NONE for the
 * Out of Bounds), so movement and explosions never look positions up.
 * Looking up a position, which only placing a segment needs, goes
 * through a small open-addressing hash of (q, r) to cell number + 1.
 *
 * Cell k of a segment: 0 is the centre; 1 to 6 are the centre's NE, E,
 * SE, SW, W and NW neighbours.
 *
 * Sections: a Commonwealth cell carries the number of its section, a
 * connected set of Commonwealth cells.  Sections never merge (a Virgin
 * cell that would join two becomes Wall instead), so the section of a
 * new Commonwealth cell is found from its neighbours in O(1).
 *
 * Layers: every change of layer goes through mu_board_set_layer(), which
 * keeps each cell's count of its neighbours on each layer (around[]),
 * from which its capacity is read without looking at its neighbours.
 *
 * Pieces: every piece is put through mu_board_set_piece(), which keeps
 * for each seat a bit set of the cells holding its pieces, so that a
 * seat's pieces, men and segments are found without looking at every
 * cell.  A piece's height may change in place; its colour may not.
 */

static const int mu_board_k_dir[MU_SEGMENT_CELLS] = {
	-1, HEX_NE, HEX_E, HEX_SE, HEX_SW, HEX_W, HEX_NW
};

static unsigned	mu_board_hash(struct hex);
static void	mu_board_around(struct mu_board *, int);
static void	mu_board_flood(struct mu_board *, int, int);

static unsigned
mu_board_hash(struct hex h)
{
	uint32_t	x;

	x = (uint32_t)h.q * 0x9e3779b1U ^ (uint32_t)h.r * 0x85ebca77U;
	x ^= x >> 15;
	return (x & (MU_BOARD_HASH - 1));
}

void
mu_board_init(struct mu_board *b)
{
	memset(b, 0, sizeof *b);
}

/* The cell at position h, or MU_NONE if h is in the Out of Bounds. */
int
mu_board_find(const struct mu_board *b, struct hex h)
{
	unsigned	i;
	int		c;

	for (i = mu_board_hash(h);; i = (i + 1) & (MU_BOARD_HASH - 1)) {
		if (b->index[i] == 0)
			return (MU_NONE);
		c = b->index[i] - 1;
		if (hex_equal(b->cells[c].pos, h))
			return (c);
	}
}

/* Count cell's neighbours on each layer afresh. */
static void
mu_board_around(struct mu_board *b, int cell)
{
	struct mu_cell	*c = &b->cells[cell];
	int		 d, n;

	memset(c->around, 0, sizeof c->around);
	for (d = 0; d < HEX_NDIRS; d++) {
		if ((n = c->nb[d]) != MU_NONE)
			c->around[b->cells[n].layer]++;
	}
}

/* The position of cell k relative to its segment's centre. */
struct hex
mu_board_cell_offset(int k)
{
	struct hex	zero = { 0, 0 };

	if (k == 0)
		return (zero);
	return (hex_step(zero, mu_board_k_dir[k], 1));
}

/*
 * Add a segment centred on h, placed by seat owner, and link its cells
 * with their neighbours.  The caller has checked that it is legal.
 * Returns the new segment's number.
 */
int
mu_board_add_segment(struct mu_board *b, struct hex centre, int owner)
{
	struct mu_cell	*cell;
	struct hex	 off;
	unsigned	 i;
	int		 s, k, c, d, n;

	s = b->nsegments++;
	b->segments[s].centre = centre;
	b->segments[s].owner = owner;
	for (k = 0; k < MU_SEGMENT_CELLS; k++) {
		c = s * MU_SEGMENT_CELLS + k;
		cell = &b->cells[c];
		/* All of it: a copy leaves the cells past the last unset. */
		memset(cell, 0, sizeof *cell);
		off = mu_board_cell_offset(k);
		cell->pos.q = centre.q + off.q;
		cell->pos.r = centre.r + off.r;
		cell->layer = MU_LAYER_VIRGIN;
		cell->colour = MU_NONE;
		cell->height = 0;
		cell->section = MU_NONE;
		i = mu_board_hash(cell->pos);
		while (b->index[i] != 0)
			i = (i + 1) & (MU_BOARD_HASH - 1);
		b->index[i] = (int16_t)(c + 1);
	}
	for (k = 0; k < MU_SEGMENT_CELLS; k++) {
		c = s * MU_SEGMENT_CELLS + k;
		cell = &b->cells[c];
		for (d = 0; d < HEX_NDIRS; d++) {
			n = mu_board_find(b, hex_step(cell->pos, d, 1));
			cell->nb[d] = (int16_t)n;
			if (n != MU_NONE)
				b->cells[n].nb[hex_opposite(d)] = (int16_t)c;
		}
	}
	for (k = 0; k < MU_SEGMENT_CELLS; k++) {
		c = s * MU_SEGMENT_CELLS + k;
		mu_board_around(b, c);
		for (d = 0; d < HEX_NDIRS; d++) {
			if ((n = b->cells[c].nb[d]) != MU_NONE &&
			    n < s * MU_SEGMENT_CELLS)
				mu_board_around(b, n);
		}
	}
	return (s);
}

/* Turn cell to layer, keeping its neighbours' counts up to date. */
void
mu_board_set_layer(struct mu_board *b, int cell, int layer)
{
	struct mu_cell	*c = &b->cells[cell];
	int		 d, n;

	if (c->layer == layer)
		return;
	for (d = 0; d < HEX_NDIRS; d++) {
		if ((n = c->nb[d]) != MU_NONE) {
			b->cells[n].around[c->layer]--;
			b->cells[n].around[layer]++;
		}
	}
	c->layer = (uint8_t)layer;
}

/* Give cell and its connected Commonwealth cells section number id. */
static void
mu_board_flood(struct mu_board *b, int cell, int id)
{
	int16_t	 stack[MU_MAX_CELLS];
	int	 top = 0, c, d, n;

	b->cells[cell].section = (int16_t)id;
	stack[top++] = (int16_t)cell;
	while (top > 0) {
		c = stack[--top];
		for (d = 0; d < HEX_NDIRS; d++) {
			n = b->cells[c].nb[d];
			if (n == MU_NONE || b->cells[n].section != MU_NONE ||
			    b->cells[n].layer != MU_LAYER_COMMON)
				continue;
			b->cells[n].section = (int16_t)id;
			stack[top++] = (int16_t)n;
		}
	}
}

/*
 * Number the Commonwealth sections afresh, in order of each section's
 * lowest-named cell.  Used when a board is read rather than played.
 */
void
mu_board_sections(struct mu_board *b)
{
	int	c, ncells;

	ncells = mu_board_ncells(b);
	for (c = 0; c < ncells; c++)
		b->cells[c].section = MU_NONE;
	b->nsections = 0;
	for (c = 0; c < ncells; c++) {
		if (b->cells[c].layer == MU_LAYER_COMMON &&
		    b->cells[c].section == MU_NONE)
			mu_board_flood(b, c, b->nsections++);
	}
}
