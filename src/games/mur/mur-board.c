#include "config.h"

#include <string.h>
#include <strings.h>

#include "mur-board.h"
#include "text.h"

/*
 * The board (seed 004, "The mur board is a round grid with 25
 * intersections"): point 0 is the centre; the point on ring r (1 the
 * smallest, 3 the largest) and spoke s (0 north, then clockwise: ne,
 * e, se, s, sw, w, nw) is 1 + 8(r - 1) + s.  Its name is the spoke and
 * the ring, "n1" or "sw3"; the centre is "c".  A set of points is a
 * 25-bit mask, bit p for point p.
 *
 * Neighbours: the centre touches the eight points of ring 1; a ring
 * point touches the two beside it on its ring and the points on its
 * spoke one ring in and one ring out (ring 1's inner neighbour is the
 * centre).  So a point has 3 neighbours on ring 3, 4 on rings 1 and 2
 * and 8 at the centre: the sizes of a trap.
 *
 * Paths: a ring move steps round its ring, keeping its direction.  A
 * diameter is a line of seven points, the spoke s (s < 4) from ring 3
 * in to the centre and on out along spoke s + 4; a point's place on it
 * is x from -3 to 3 (x = r on spoke s, -r on spoke s + 4).  A diameter
 * move steps along the line, through the centre, and turns back at
 * either end, at ring 3, while it still has steps to go; so the steps
 * repeat every 12.  The bumped stone goes on along the same path.
 */

#define MUR_P(r, s)	(1 + ((r) - 1) * 8 + (((s) + 8) % 8))
#define MUR_B(p)	(1U << (p))
#define MUR_ADJ(r, s)						\
	(MUR_B(MUR_P(r, (s) + 1)) | MUR_B(MUR_P(r, (s) - 1)) |	\
	((r) > 1 ? MUR_B(MUR_P((r) > 1 ? (r) - 1 : 1, s)) : MUR_B(0)) | \
	((r) < 3 ? MUR_B(MUR_P((r) < 3 ? (r) + 1 : 3, s)) : 0))
#define MUR_RING(r)						\
	MUR_ADJ(r, 0), MUR_ADJ(r, 1), MUR_ADJ(r, 2), MUR_ADJ(r, 3),	\
	MUR_ADJ(r, 4), MUR_ADJ(r, 5), MUR_ADJ(r, 6), MUR_ADJ(r, 7)

const uint32_t mur_board_adjacent[MUR_POINTS] = {
	0x1feU,
	MUR_RING(1),
	MUR_RING(2),
	MUR_RING(3)
};

static const char *mur_board_spokes[MUR_SPOKES] = {
	"n", "ne", "e", "se", "s", "sw", "w", "nw"
};

static const char *mur_board_names[MUR_POINTS] = {
	"c",
	"n1", "ne1", "e1", "se1", "s1", "sw1", "w1", "nw1",
	"n2", "ne2", "e2", "se2", "s2", "sw2", "w2", "nw2",
	"n3", "ne3", "e3", "se3", "s3", "sw3", "w3", "nw3"
};

static const char *mur_board_dir_names[MUR_SPOKE] = { "cw", "ccw", "in", "out" };

static void	mur_board_line(int, int *, int *);
static int	mur_board_find(const char **, int, const char *, size_t);

/* The point on ring r (1 to 3) and spoke s (any integer, taken mod 8). */
int
mur_board_point(int r, int s)
{
	return (MUR_P(r, s));
}

/* A point's ring, 0 for the centre. */
int
mur_board_ring(int p)
{
	return (p == MUR_CENTRE ? 0 : 1 + (p - 1) / 8);
}

/* A point's spoke, -1 for the centre. */
int
mur_board_spoke(int p)
{
	return (p == MUR_CENTRE ? -1 : (p - 1) % 8);
}

const char *
mur_board_name(int p)
{
	return (mur_board_names[p]);
}

/* The index of the name s in names[n] (case-insensitive), or -1. */
static int
mur_board_find(const char **names, int n, const char *s, size_t len)
{
	int	i;

	for (i = 0; i < n; i++) {
		if (strlen(names[i]) == len &&
		    strncasecmp(names[i], s, len) == 0)
			return (i);
	}
	return (-1);
}

/* The point called s (case-insensitive), or -1. */
int
mur_board_parse(const char *s, size_t len)
{
	return (mur_board_find(mur_board_names, MUR_POINTS, s, len));
}

const char *
mur_board_spoke_name(int s)
{
	return (mur_board_spokes[s]);
}

/* The spoke called s (case-insensitive), or -1. */
int
mur_board_spoke_parse(const char *s, size_t len)
{
	return (mur_board_find(mur_board_spokes, MUR_SPOKES, s, len));
}

/*
 * Can a stone on p move in direction dir?  The centre moves only out
 * along a spoke; a ring point moves round its ring or along its
 * diameter, but from ring 3 only in (it is already at the end): the
 * directions mur_board_dirs() gives.
 */
int
mur_board_dir_valid(int p, int dir)
{
	int	first, n;

	first = mur_board_dirs(p, &n);
	return (dir >= first && dir < first + n);
}

/* The name of a direction: "cw", "ccw", "in", "out" or a spoke. */
const char *
mur_board_dir_name(int dir)
{
	if (dir >= MUR_SPOKE)
		return (mur_board_spokes[dir - MUR_SPOKE]);
	return (mur_board_dir_names[dir]);
}

/* The line (0 to 3) and place (-3 to 3) of p on its diameter. */
static void
mur_board_line(int p, int *line, int *x)
{
	int	s = mur_board_spoke(p), r = mur_board_ring(p);

	*line = s % 4;
	*x = s < 4 ? r : -r;
}

/* Start a walk from p in direction dir, which must be valid for p. */
void
mur_board_walk(struct mur_walk *w, int p, int dir)
{
	int	x;

	if (dir == MUR_CW || dir == MUR_CCW) {
		w->ring = mur_board_ring(p);
		w->at = mur_board_spoke(p);
		w->line = 0;
		w->step = dir == MUR_CW ? 1 : 7;
		return;
	}
	w->ring = 0;
	if (p == MUR_CENTRE) {
		w->line = (dir - MUR_SPOKE) % 4;
		x = 0;
		w->step = dir - MUR_SPOKE < 4 ? 1 : -1;
	} else {
		mur_board_line(p, &w->line, &x);
		w->step = (x > 0) == (dir == MUR_OUT) ? 1 : -1;
	}
	w->at = x + 3;
}

/* The next point of a walk; a diameter turns back at either end. */
int
mur_board_next(struct mur_walk *w)
{
	int	x;

	if (w->ring != 0) {
		w->at = (w->at + w->step) & 7;
		return (MUR_P(w->ring, w->at));
	}
	if (w->at + w->step < 0 || w->at + w->step > 6)
		w->step = -w->step;
	w->at += w->step;
	x = w->at - 3;
	if (x == 0)
		return (MUR_CENTRE);
	return (x > 0 ? MUR_P(x, w->line) : MUR_P(-x, w->line + 4));
}

/*
 * The first n points (n at most MUR_PATH_MAX) a stone on p passes
 * moving in direction dir, which must be valid for p: out[k - 1] is
 * the point k steps on.  Returns n.
 */
int
mur_board_path(int p, int dir, int n, uint8_t *out)
{
	struct mur_walk	w;
	int		k;

	mur_board_walk(&w, p, dir);
	for (k = 0; k < n; k++)
		out[k] = (uint8_t)mur_board_next(&w);
	return (n);
}

/* Add the names of the points in mask, "n1, e2 and c". */
void
mur_board_list(uint32_t mask, struct buf *out)
{
	int	p, n = mur_board_count(mask), i = 0;

	for (p = 0; p < MUR_POINTS; p++) {
		if ((mask & MUR_B(p)) == 0)
			continue;
		buf_adds(out, text_list_sep((size_t)i++, (size_t)n));
		buf_adds(out, mur_board_names[p]);
	}
}

/* Add the names of the points in mask separated by spaces, "n1 e2 c". */
void
mur_board_words(uint32_t mask, struct buf *out)
{
	for (; mask != 0; mask &= mask - 1) {
		buf_adds(out, mur_board_names[__builtin_ctz(mask)]);
		if ((mask & (mask - 1)) != 0)
			buf_addc(out, ' ');
	}
}
