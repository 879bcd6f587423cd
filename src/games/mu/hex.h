/*
 * Axial hex geometry for pointy-top hexagons, as MU-RULINGS fixes it:
 * a cell is (q, r); the six directions, in the order used everywhere
 * in mupbem, are E, NE, NW, W, SW and SE.
 */
#ifndef HEX_H
#define HEX_H

enum hex_dir {
	HEX_E,
	HEX_NE,
	HEX_NW,
	HEX_W,
	HEX_SW,
	HEX_SE
};
#define HEX_NDIRS 6

struct hex {
	int	q;
	int	r;
};

struct hex	 hex_step(struct hex, int, int);
int		 hex_distance(struct hex, struct hex);
int		 hex_equal(struct hex, struct hex);
int		 hex_opposite(int);
const char	*hex_dir_name(int);
int		 hex_dir_parse(const char *);

#endif
