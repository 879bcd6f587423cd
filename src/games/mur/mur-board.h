/*
 * The Mur board: 25 points, a centre and three rings of eight on four
 * diameters; their names, their neighbours and the paths stones move
 * along.
 */
#ifndef MUR_BOARD_H
#define MUR_BOARD_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"

#define MUR_POINTS	25
#define MUR_CENTRE	0
#define MUR_RINGS	3
#define MUR_SPOKES	8
#define MUR_ALL		((1U << MUR_POINTS) - 1)

/* Directions of a move: along the ring, or along the diameter. */
enum mur_dir {
	MUR_CW,			/* clockwise along the ring */
	MUR_CCW,		/* counter-clockwise along the ring */
	MUR_IN,			/* along the diameter, towards the centre */
	MUR_OUT,		/* along the diameter, away from the centre */
	MUR_SPOKE		/* from the centre: MUR_SPOKE + the spoke */
};
#define MUR_DIRS	(MUR_SPOKE + MUR_SPOKES)

/* The longest path a move and its bumped stone can need. */
#define MUR_PATH_MAX	32

/* A walk along a move's path, one point at a time. */
struct mur_walk {
	int	ring;		/* a ring move's ring, or 0 on a diameter */
	int	at;		/* the spoke (ring) or place + 3 (diameter) */
	int	line;		/* a diameter's line, 0 to 3 */
	int	step;		/* +1 or -1 */
};

extern const uint32_t	mur_board_adjacent[MUR_POINTS];

/*
 * The points next to any point of set, all at once: the ring points,
 * shifted down one bit, are three 8-bit lanes, one per ring, so ring
 * neighbours are a rotation within each lane and spoke neighbours a
 * shift by a lane; the centre and ring 1 touch each other.
 */
static inline uint32_t
mur_board_neighbours(uint32_t set)
{
	uint32_t	x = set >> 1, out;

	out = ((x << 1) & 0xfefefeU) | ((x >> 7) & 0x010101U);
	out |= ((x >> 1) & 0x7f7f7fU) | ((x << 7) & 0x808080U);
	out |= ((x << 8) & 0xffff00U) | (x >> 8);
	out <<= 1;
	if (set & 1)
		out |= 0x1feU;
	if (set & 0x1feU)
		out |= 1;
	return (out);
}

/* How many points set has. */
static inline int
mur_board_count(uint32_t set)
{
	set = set - ((set >> 1) & 0x55555555U);
	set = (set & 0x33333333U) + ((set >> 2) & 0x33333333U);
	return ((int)((((set + (set >> 4)) & 0x0f0f0f0fU) * 0x01010101U) >>
	    24));
}

/* The first direction a stone on p may move in, and how many there are. */
static inline int
mur_board_dirs(int p, int *n)
{
	if (p == 0) {
		*n = MUR_SPOKES;
		return (MUR_SPOKE);
	}
	*n = p > 16 ? 3 : 4;
	return (MUR_CW);
}

int		 mur_board_point(int, int);
int		 mur_board_ring(int);
int		 mur_board_spoke(int);
const char	*mur_board_name(int);
int		 mur_board_parse(const char *, size_t);
const char	*mur_board_spoke_name(int);
int		 mur_board_spoke_parse(const char *, size_t);
int		 mur_board_dir_valid(int, int);
const char	*mur_board_dir_name(int);
int		 mur_board_path(int, int, int, uint8_t *);
void		 mur_board_walk(struct mur_walk *, int, int);
int		 mur_board_next(struct mur_walk *);
void		 mur_board_list(uint32_t, struct buf *);
void		 mur_board_words(uint32_t, struct buf *);

#endif
