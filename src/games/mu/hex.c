#include "config.h"

#include <stdlib.h>
#include <strings.h>

#include "hex.h"

/*
 * Axial coordinates: q grows to the east, r to the south-east, and the
 * implicit third coordinate is s = -q - r.  Pointy-top hexagons, so a
 * row of constant r runs east-west and each row below is shifted half a
 * cell to the east.  The distance between two cells is the largest of
 * the three coordinate differences.
 */

static const struct hex hex_dirs[HEX_NDIRS] = {
	{ 1, 0 },	/* E */
	{ 1, -1 },	/* NE */
	{ 0, -1 },	/* NW */
	{ -1, 0 },	/* W */
	{ -1, 1 },	/* SW */
	{ 0, 1 },	/* SE */
};

static const char *hex_dir_names[HEX_NDIRS] = {
	"E", "NE", "NW", "W", "SW", "SE"
};

/* The cell n steps from h in direction dir. */
struct hex
hex_step(struct hex h, int dir, int n)
{
	h.q += hex_dirs[dir].q * n;
	h.r += hex_dirs[dir].r * n;
	return (h);
}

int
hex_distance(struct hex a, struct hex b)
{
	int	dq, dr, ds;

	dq = abs(a.q - b.q);
	dr = abs(a.r - b.r);
	ds = abs((a.q + a.r) - (b.q + b.r));
	if (dq >= dr && dq >= ds)
		return (dq);
	return (dr >= ds ? dr : ds);
}

int
hex_equal(struct hex a, struct hex b)
{
	return (a.q == b.q && a.r == b.r);
}

int
hex_opposite(int dir)
{
	return ((dir + 3) % HEX_NDIRS);
}

const char *
hex_dir_name(int dir)
{
	return (hex_dir_names[dir]);
}

/* The direction named s (case-insensitive), or -1. */
int
hex_dir_parse(const char *s)
{
	int	dir;

	for (dir = 0; dir < HEX_NDIRS; dir++) {
		if (strcasecmp(s, hex_dir_names[dir]) == 0)
			return (dir);
	}
	return (-1);
}
