/*
 * The Mu board: segments of seven cells, each cell with its layer,
 * its piece and its Commonwealth section.
 */
#ifndef MU_BOARD_H
#define MU_BOARD_H

#include <stdint.h>

#include "hex.h"

#define MU_MAX_PLAYERS		6
#define MU_MAX_SEGMENTS_EACH	8
#define MU_MAX_SEGMENTS		(MU_MAX_PLAYERS * MU_MAX_SEGMENTS_EACH)
#define MU_SEGMENT_CELLS	7
#define MU_MAX_CELLS		(MU_MAX_SEGMENTS * MU_SEGMENT_CELLS)
#define MU_MAX_HEIGHT		999	/* more men than a game can hold */
#define MU_NONE			(-1)

#define MU_BOARD_HASH		1024	/* power of two, > 3 * MU_MAX_CELLS */
#define MU_BOARD_WORDS		((MU_MAX_CELLS + 63) / 64)

enum mu_layer {
	MU_LAYER_VIRGIN,
	MU_LAYER_COMMON,
	MU_LAYER_WALL
};

struct mu_cell {
	struct hex	pos;
	int16_t		nb[HEX_NDIRS];	/* neighbour cell, or MU_NONE */
	uint8_t		layer;
	int8_t		colour;		/* seat, or MU_NONE when empty */
	uint16_t	height;
	int16_t		section;	/* Commonwealth section, or MU_NONE */
	uint8_t		around[3];	/* neighbours on each layer */
	uint8_t		spare;		/* pads a cell to 32 bytes */
};

struct mu_segment {
	struct hex	centre;
	int		owner;		/* the seat that placed it */
};

/*
 * The cells come last, so that a copy of a board (or of a game, whose
 * last member it is) can stop at the last cell in use.
 */
struct mu_board {
	int			nsegments;
	int			nsections;
	struct mu_segment	segments[MU_MAX_SEGMENTS];
	int16_t			index[MU_BOARD_HASH];
	uint64_t		pieces[MU_MAX_PLAYERS][MU_BOARD_WORDS];
	struct mu_cell		cells[MU_MAX_CELLS];
};

void		mu_board_init(struct mu_board *);
int		mu_board_find(const struct mu_board *, struct hex);
struct hex	mu_board_cell_offset(int);
int		mu_board_add_segment(struct mu_board *, struct hex, int);
void		mu_board_set_layer(struct mu_board *, int, int);
void		mu_board_sections(struct mu_board *);

/*
 * Put a piece of height men of colour on cell, or empty it.  Inline:
 * every move and every man an explosion sends comes through here.
 */
static inline void
mu_board_set_piece(struct mu_board *b, int cell, int colour, int height)
{
	struct mu_cell	*c = &b->cells[cell];
	uint64_t	 bit = (uint64_t)1 << (cell & 63);

	if (c->colour != MU_NONE)
		b->pieces[c->colour][cell >> 6] &= ~bit;
	if (height <= 0 || colour == MU_NONE) {
		c->colour = MU_NONE;
		c->height = 0;
		return;
	}
	c->colour = (int8_t)colour;
	c->height = (uint16_t)height;
	b->pieces[colour][cell >> 6] |= bit;
}

/* The number of cells on the board. */
static inline int
mu_board_ncells(const struct mu_board *b)
{
	return (b->nsegments * MU_SEGMENT_CELLS);
}

/* Which cell of its segment a cell is: 0 the centre, 1-6 around it. */
static inline int
mu_board_cell_k(int cell)
{
	return (cell % MU_SEGMENT_CELLS);
}

/* The segment a cell belongs to. */
static inline int
mu_board_cell_segment(int cell)
{
	return (cell / MU_SEGMENT_CELLS);
}

/*
 * The layers of the neighbours a cell's capacity counts, as bits: the
 * Virginity counts Virgin neighbours, the Commonwealth Commonwealth
 * and Virgin ones, and the Wall Wall ones.  Explosions send men to
 * the same neighbours.
 */
static inline unsigned
mu_board_counts(int layer)
{
	switch (layer) {
	case MU_LAYER_VIRGIN:
		return (1U << MU_LAYER_VIRGIN);
	case MU_LAYER_COMMON:
		return (1U << MU_LAYER_VIRGIN | 1U << MU_LAYER_COMMON);
	default:
		return (1U << MU_LAYER_WALL);
	}
}

/*
 * The capacity of a cell: how many of its neighbours are on the layers
 * it counts (mu_board_counts()).  Inline, and from the cell's own
 * count of its neighbours on each layer: explosions ask it of every
 * cell they touch.  The same rule as mu_board_counts(), by layer,
 * which costs explosions fewer instructions than reading the bits.
 */
static inline int
mu_board_capacity(const struct mu_board *b, int cell)
{
	const struct mu_cell	*c = &b->cells[cell];

	switch (c->layer) {
	case MU_LAYER_VIRGIN:
		return (c->around[MU_LAYER_VIRGIN]);
	case MU_LAYER_COMMON:
		return (c->around[MU_LAYER_VIRGIN] +
		    c->around[MU_LAYER_COMMON]);
	default:
		return (c->around[MU_LAYER_WALL]);
	}
}

#endif
