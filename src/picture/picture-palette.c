#include "config.h"

#include <math.h>
#include <string.h>

#include "picture-palette.h"
#include "scene.h"

/*
 * How a scene is coloured and framed, whatever draws it
 * (docs/pictures.md).  The palette is Okabe and Ito's, safe for the
 * common kinds of colour blindness: a seat's colour is found by the
 * name the game gives it (Mu's red is vermillion, its blue Okabe-Ito
 * blue), and an unknown name takes the palette's next colour by seat.
 * The three layers differ in lightness as well as hue, and the Wall is
 * hatched, so they read in grey too.
 *
 * The frame maps model units to pixels: a title band on top, the board
 * scaled to fit the width (and never taller than it is wide), and a
 * legend below: one disc a seat, the seat to move underlined, and for
 * a board of hexagons a swatch a layer.
 */

struct picture_palette_colour {
	const char	*name;
	double		 rgb[3];
};

static const struct picture_palette_colour picture_palette_seats[] = {
	{ "red", { 0.835, 0.369, 0.000 } },	/* vermillion */
	{ "blue", { 0.000, 0.447, 0.698 } },
	{ "green", { 0.000, 0.620, 0.451 } },	/* bluish green */
	{ "yellow", { 0.941, 0.894, 0.259 } },
	{ "purple", { 0.800, 0.475, 0.655 } },	/* reddish purple */
	{ "white", { 1.000, 1.000, 1.000 } },
	{ "black", { 0.000, 0.000, 0.000 } },
	{ "orange", { 0.902, 0.624, 0.000 } },
	{ "sky", { 0.337, 0.706, 0.914 } },
	{ NULL, { 0, 0, 0 } }
};

const double picture_palette_layers[3][3] = {
	{ 0.973, 0.949, 0.878 },	/* Virginity: pale sand */
	{ 0.686, 0.812, 0.906 },	/* Commonwealth: light sky */
	{ 0.478, 0.478, 0.478 }		/* Wall: grey, hatched */
};

const double picture_palette_mur[3] = { 0.902, 0.624, 0.000 };

const char *picture_palette_layer_names[3] = {
	"Virginity", "Commonwealth", "Wall"
};

/* Fit scene s into a picture width pixels wide. */
void
picture_palette_frame(const struct scene *s, int width,
    struct picture_palette_frame *f)
{
	double	b[4];

	scene_bounds(s, b);
	picture_palette_frame_bounds(b, scene_count(s, SCENE_HEX, -1) != 0,
	    width, f);
}

/*
 * Fit the box b (left, top, right, bottom, in model units) into a
 * picture width pixels wide, with a legend of the layers if layers.
 */
void
picture_palette_frame_bounds(const double *b, int layers, int width,
    struct picture_palette_frame *f)
{
	double	w, h, room = width - 2 * PICTURE_PALETTE_PAD;

	w = b[2] - b[0];
	h = b[3] - b[1];
	f->scale = room / (w > h ? w : h);
	f->ox = PICTURE_PALETTE_PAD + (room - w * f->scale) / 2 -
	    b[0] * f->scale;
	f->oy = PICTURE_PALETTE_TITLE - b[1] * f->scale;
	f->width = width;
	f->legend = PICTURE_PALETTE_TITLE + h * f->scale + PICTURE_PALETTE_PAD;
	f->layers = layers;
	f->height = (int)ceil(f->legend + PICTURE_PALETTE_LEGEND *
	    (f->layers ? 2 : 1));
}

/* The colour of seat, by its name in s, or the palette's by number. */
const double *
picture_palette_seat(const struct scene *s, int seat)
{
	int	i, n;

	if (seat >= 0 && seat < s->nseats && s->seats[seat] != NULL) {
		for (i = 0; picture_palette_seats[i].name != NULL; i++) {
			if (strcmp(picture_palette_seats[i].name,
			    s->seats[seat]) == 0)
				return (picture_palette_seats[i].rgb);
		}
	}
	n = sizeof picture_palette_seats / sizeof picture_palette_seats[0] - 1;
	return (picture_palette_seats[(seat < 0 ? 0 : seat) % n].rgb);
}

/* Whether text on rgb should be white (it is dark) rather than black. */
int
picture_palette_dark(const double *rgb)
{
	return (0.30 * rgb[0] + 0.59 * rgb[1] + 0.11 * rgb[2] <= 0.5);
}

/*
 * The font size in pixels of the label sh (a TEXT shape), whose ink
 * the scene keeps free a circle of radius r around its centre for: a
 * digit of DejaVu Sans Bold, hinted, is up to 0.7 of the size wide and
 * 0.75 high, so half its diagonal is 0.51 of the size.  It is kept between
 * PICTURE_PALETTE_LABEL_MIN and _MAX, so that a name reads at mail
 * size and does not shout on a small board.
 */
double
picture_palette_label_size(const struct picture_palette_frame *f,
    const struct scene_shape *sh)
{
	double	size = sh->r * f->scale / 0.51;

	if (size < PICTURE_PALETTE_LABEL_MIN)
		return (PICTURE_PALETTE_LABEL_MIN);
	if (size > PICTURE_PALETTE_LABEL_MAX)
		return (PICTURE_PALETTE_LABEL_MAX);
	return (size);
}
