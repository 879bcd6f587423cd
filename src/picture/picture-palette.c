#include "config.h"

#include <math.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "picture-palette.h"
#include "scene.h"

/*
 * How a scene is coloured and framed, whatever draws it
 * (docs/pictures.md).  A palette gives each seat's colour by the name
 * the game gives it (Mu's red is vermillion in the default palette,
 * its blue Okabe-Ito blue), and an unknown name takes the palette's
 * next colour by seat.  Three palettes: "default", Okabe and Ito's,
 * safe for the common kinds of colour blindness; "contrast", darker
 * and stronger colours on a white board; "grey", for a printer or a
 * screen without colour, where the seats differ in lightness and
 * shape only.  A player chooses with set palette.
 *
 * What a player must read is readable (WCAG 2.1 AA), and
 * tests/check_picture.c checks it for every pair a palette can draw:
 * text 4.5:1 against what is behind it, and a piece 3:1 against the
 * cell it stands on (1.4.11).  The ratio is WCAG's, of the relative
 * luminances of two sRGB colours.  So the text on a piece is black or
 * white, whichever contrasts more (never less than 4.58:1, the ratio
 * at the luminance where both are equal); a piece has a black rim, so
 * that a white or yellow piece stands out on pale Virginity; names are
 * black on a white disc or box, whatever the layer; and the Wall is
 * light enough for the black rim.  A seat is not told by colour alone: its pieces have a shape
 * of their own (picture_palette_shape()), the legend's too.
 *
 * The three layers differ in lightness as well as hue, and the Wall is
 * hatched, so they read in grey too.
 *
 * The frame maps model units to pixels: a title band on top, the board
 * scaled to fit the width (and never taller than it is wide), and a
 * legend below: one piece a seat, the seat to move underlined, and for
 * a board of hexagons a swatch a layer.  A picture of
 * PICTURE_PALETTE_PHONE pixels or less is for a phone: its frame is
 * the part of a board of hexagons where pieces stand and the last turn
 * was played, with a margin that holds the whole of each segment they
 * are on, up to half again as tall as it is wide, and no text in it is
 * smaller than PICTURE_PALETTE_SMALL.
 */

/*
 * Model units around a crop: a cell's centre is at most 2 sqrt(3)
 * from the far cells of its segment, whose corners are 1 further.
 */
#define PICTURE_PALETTE_MARGIN	4.5
#define PICTURE_PALETTE_TALL	1.5	/* a phone's height, in widths */

static const struct picture_palette_colour picture_palette_okabe[] = {
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

/* Dark and strong, or very light: text on each at 7:1 or more. */
static const struct picture_palette_colour picture_palette_strong[] = {
	{ "red", { 0.627, 0.000, 0.000 } },
	{ "blue", { 0.000, 0.200, 0.667 } },
	{ "green", { 0.000, 0.400, 0.000 } },
	{ "yellow", { 1.000, 0.867, 0.000 } },
	{ "purple", { 0.416, 0.051, 0.678 } },
	{ "white", { 1.000, 1.000, 1.000 } },
	{ "black", { 0.000, 0.000, 0.000 } },
	{ "orange", { 1.000, 0.600, 0.000 } },
	{ "sky", { 0.400, 0.800, 1.000 } },
	{ NULL, { 0, 0, 0 } }
};

/* Lightness only; the shapes tell seats of a like grey apart. */
static const struct picture_palette_colour picture_palette_greys[] = {
	{ "red", { 0.150, 0.150, 0.150 } },
	{ "blue", { 0.700, 0.700, 0.700 } },
	{ "green", { 0.450, 0.450, 0.450 } },
	{ "yellow", { 0.900, 0.900, 0.900 } },
	{ "purple", { 0.300, 0.300, 0.300 } },
	{ "white", { 1.000, 1.000, 1.000 } },
	{ "black", { 0.000, 0.000, 0.000 } },
	{ "orange", { 0.600, 0.600, 0.600 } },
	{ "sky", { 0.800, 0.800, 0.800 } },
	{ NULL, { 0, 0, 0 } }
};

static const struct picture_palette picture_palette_okabe_ito = {
	"default", "Okabe and Ito's colours, safe for colour blindness",
	picture_palette_okabe,
	{ { 0.973, 0.949, 0.878 },	/* Virginity: pale sand */
	  { 0.686, 0.812, 0.906 },	/* Commonwealth: light sky */
	  { 0.400, 0.400, 0.400 } },	/* Wall: grey, hatched */
	{ 0.240, 0.240, 0.240 },
	{ 0.902, 0.624, 0.000 },
	2
};

static const struct picture_palette picture_palette_high = {
	"contrast", "strong colours and thick rims on a white board",
	picture_palette_strong,
	{ { 1.000, 1.000, 1.000 },
	  { 0.620, 0.800, 1.000 },
	  { 0.400, 0.400, 0.400 } },
	{ 0.100, 0.100, 0.100 },
	{ 1.000, 0.600, 0.000 },
	3
};

static const struct picture_palette picture_palette_grey = {
	"grey", "greys only, for a printer or a screen without colour",
	picture_palette_greys,
	{ { 1.000, 1.000, 1.000 },
	  { 0.820, 0.820, 0.820 },
	  { 0.400, 0.400, 0.400 } },
	{ 0.200, 0.200, 0.200 },
	{ 0.600, 0.600, 0.600 },
	2.5
};

const struct picture_palette *const picture_palette_all[] = {
	&picture_palette_okabe_ito,
	&picture_palette_high,
	&picture_palette_grey,
	NULL
};

const double picture_palette_black[3] = { 0, 0, 0 };
const double picture_palette_white[3] = { 1, 1, 1 };

const char *picture_palette_layer_names[3] = {
	"Virginity", "Commonwealth", "Wall"
};

static const char *picture_palette_shapes[] = {
	"circle", "square", "diamond", "triangle", "nabla", "pentagon"
};

static void	picture_palette_rows(const struct scene *,
		    struct picture_palette_frame *);
static void	picture_palette_crop(const struct scene *, double *);

/* The palette called name, or NULL. */
const struct picture_palette *
picture_palette_find(const char *name)
{
	size_t	i;

	for (i = 0; picture_palette_all[i] != NULL; i++) {
		if (strcasecmp(picture_palette_all[i]->name, name) == 0)
			return (picture_palette_all[i]);
	}
	return (NULL);
}

const struct picture_palette *
picture_palette_default(void)
{
	return (picture_palette_all[0]);
}

/* The palettes' names, joined by sep. */
void
picture_palette_list(const char *sep, struct buf *out)
{
	size_t	i;

	for (i = 0; picture_palette_all[i] != NULL; i++) {
		if (i > 0)
			buf_adds(out, sep);
		buf_adds(out, picture_palette_all[i]->name);
	}
}

/*
 * The part of s a phone shows, in b: where pieces stand and marks are,
 * with a margin, within the board; the whole board if nothing is.
 */
static void
picture_palette_crop(const struct scene *s, double *b)
{
	const struct scene_shape	*sh;
	double				 all[4], m = PICTURE_PALETTE_MARGIN;
	size_t				 i;
	int				 n = 0;

	scene_bounds(s, all);
	for (i = 0; i < s->n; i++) {
		sh = &s->shapes[i];
		if (sh->class != SCENE_PIECE && sh->kind != SCENE_MARK &&
		    sh->kind != SCENE_ARROW)
			continue;
		if (n++ == 0) {
			b[0] = b[2] = sh->x;
			b[1] = b[3] = sh->y;
		}
		b[0] = fmin(b[0], sh->x - m);
		b[1] = fmin(b[1], sh->y - m);
		b[2] = fmax(b[2], sh->x + m);
		b[3] = fmax(b[3], sh->y + m);
	}
	if (n == 0) {
		memcpy(b, all, sizeof all);
		return;
	}
	b[0] = fmax(b[0], all[0]);
	b[1] = fmax(b[1], all[1]);
	b[2] = fmin(b[2], all[2]);
	b[3] = fmin(b[3], all[3]);
}

/*
 * Fit scene s into a picture width pixels wide, in the default
 * palette; a phone's picture is cropped to the board in play.
 */
void
picture_palette_frame(const struct scene *s, int width,
    struct picture_palette_frame *f)
{
	double	b[4], w, h, room = width - 2 * PICTURE_PALETTE_PAD;
	int	hex = scene_count(s, SCENE_HEX, -1) != 0;

	if (width > PICTURE_PALETTE_PHONE || !hex) {
		scene_bounds(s, b);
		picture_palette_frame_bounds(b, hex, width, f);
		if (width <= PICTURE_PALETTE_PHONE)
			f->small = PICTURE_PALETTE_SMALL;
		picture_palette_rows(s, f);
		return;
	}
	picture_palette_crop(s, b);
	picture_palette_frame_bounds(b, hex, width, f);
	w = b[2] - b[0];
	h = b[3] - b[1];
	f->scale = fmin(room / w, PICTURE_PALETTE_TALL * room / h);
	f->ox = PICTURE_PALETTE_PAD + (room - w * f->scale) / 2 -
	    b[0] * f->scale;
	f->oy = PICTURE_PALETTE_TITLE - b[1] * f->scale;
	f->legend = PICTURE_PALETTE_TITLE + h * f->scale + PICTURE_PALETTE_PAD;
	f->height = (int)ceil(f->legend + PICTURE_PALETTE_LEGEND * 2);
	f->small = PICTURE_PALETTE_SMALL;
	f->crop = 1;
	picture_palette_rows(s, f);
}

/* The legend's rows of seats in f, and the height they add. */
static void
picture_palette_rows(const struct scene *s, struct picture_palette_frame *f)
{
	double	x;
	int	row = 0;

	if (s->nseats > 0)
		picture_palette_key(s, f->width, s->nseats - 1, &x, &row);
	f->rows = row + 1;
	f->height += row * (int)PICTURE_PALETTE_LEGEND;
}

/*
 * Where seat's key stands in the legend of a picture width pixels
 * wide: x, its piece's centre, and its row.  The keys run from the
 * left, and a key that would pass the right edge starts a new row.
 * Their widths are estimated, PICTURE_PALETTE_CHAR a character, so
 * that every renderer breaks the rows alike and the frame knows their
 * number (six seats need two rows at 400 pixels).
 */
void
picture_palette_key(const struct scene *s, int width, int seat, double *x,
    int *row)
{
	double	left = PICTURE_PALETTE_PAD + 8, w;
	int	i;

	*x = left;
	*row = 0;
	for (i = 0; i <= seat && i < s->nseats; i++) {
		w = 13 + PICTURE_PALETTE_CHAR * strlen(s->seats[i]);
		if (*x > left && *x + w > width - PICTURE_PALETTE_PAD) {
			*x = left;
			(*row)++;
		}
		if (i < seat)
			*x += w + 22;
	}
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
	f->small = 0;
	f->crop = 0;
	f->rows = 1;
	f->palette = picture_palette_default();
}

/* The colour of seat in the default palette. */
const double *
picture_palette_seat(const struct scene *s, int seat)
{
	return (picture_palette_colour(picture_palette_default(), s, seat));
}

/* The colour of seat in palette p, by its name in s, or by number. */
const double *
picture_palette_colour(const struct picture_palette *p,
    const struct scene *s, int seat)
{
	int	i;

	if (seat >= 0 && seat < s->nseats && s->seats[seat] != NULL) {
		for (i = 0; p->seats[i].name != NULL; i++) {
			if (strcmp(p->seats[i].name, s->seats[seat]) == 0)
				return (p->seats[i].rgb);
		}
	}
	for (i = 0; p->seats[i].name != NULL; i++)
		;
	return (p->seats[(seat < 0 ? 0 : seat) % i].rgb);
}

/* The shape of seat's pieces. */
enum picture_palette_shape
picture_palette_shape(int seat)
{
	return ((enum picture_palette_shape)((seat < 0 ? 0 : seat) %
	    PICTURE_PALETTE_NSHAPES));
}

/*
 * A piece of shape in frame f, of about a disc of radius r pixels,
 * whose text is len characters long.  Each shape is about as wide as
 * the disc, a triangle a little more, with its text smaller and low
 * in it.  No corner rises more than 1.1 r above the centre, into the
 * band of the cell's name; a triangle pointing up is set lower for
 * that.  On a phone a piece is made as large as its text needs.
 */
void
picture_palette_piece(const struct picture_palette_frame *f,
    enum picture_palette_shape shape, size_t len, double r,
    struct picture_palette_piece *p)
{
	static const struct {
		int	n;		/* corners; 0 for a circle */
		double	start;		/* the first corner, degrees */
		double	size;		/* the corners' distance, in r */
		double	text;		/* the text's size, in r */
		double	low;		/* the corners below the centre, in r */
		double	dy;		/* the text below the centre, in r */
	} shapes[] = {
		{ 0, 0, 1, 1.05, 0, 0 },		/* circle */
		{ 4, 45, 1.25, 1.05, 0, 0 },		/* square */
		{ 4, 0, 1.1, 1.05, 0, 0 },		/* diamond */
		{ 3, -90, 1.35, 0.84, 0.3, 0.45 },	/* triangle, up */
		{ 3, 90, 1.35, 0.84, 0, -0.15 },	/* nabla, down */
		{ 5, -90, 1.08, 1.05, 0, 0.05 }		/* pentagon */
	};
	double	k, a;
	int	i;

	k = shapes[shape].text * (len > 2 ? 0.8 / 1.05 : 1);
	p->shape = shape;
	p->size = picture_palette_text(f, r * k);
	p->r = p->size > r * k ? p->size / k : r;
	p->dy = shapes[shape].dy * p->r;
	p->n = shapes[shape].n;
	for (i = 0; i < p->n; i++) {
		a = (shapes[shape].start + 360.0 * i / p->n) * M_PI / 180;
		p->xy[2 * i] = shapes[shape].size * p->r * cos(a);
		p->xy[2 * i + 1] = (shapes[shape].size * sin(a) +
		    shapes[shape].low) * p->r;
	}
}

const char *
picture_palette_shape_name(enum picture_palette_shape shape)
{
	return (picture_palette_shapes[shape]);
}

/* WCAG's relative luminance of an sRGB colour, 0 to 1. */
double
picture_palette_luminance(const double *rgb)
{
	static const double	w[3] = { 0.2126, 0.7152, 0.0722 };
	double			l = 0, c;
	int			i;

	for (i = 0; i < 3; i++) {
		c = rgb[i] <= 0.04045 ? rgb[i] / 12.92 :
		    pow((rgb[i] + 0.055) / 1.055, 2.4);
		l += w[i] * c;
	}
	return (l);
}

/* WCAG's contrast ratio of two colours, 1 to 21. */
double
picture_palette_contrast(const double *a, const double *b)
{
	double	la = picture_palette_luminance(a);
	double	lb = picture_palette_luminance(b);

	return ((fmax(la, lb) + 0.05) / (fmin(la, lb) + 0.05));
}

/* The text colour on fill: black or white, whichever contrasts more. */
const double *
picture_palette_ink(const double *fill)
{
	if (picture_palette_contrast(fill, picture_palette_black) >=
	    picture_palette_contrast(fill, picture_palette_white))
		return (picture_palette_black);
	return (picture_palette_white);
}

/* A text size of size pixels, no smaller than frame f allows. */
double
picture_palette_text(const struct picture_palette_frame *f, double size)
{
	return (size < f->small ? f->small : size);
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

/*
 * Whether sh, a label, is drawn in f: a cell's digit on a phone's
 * picture is left out where 11 pixels are more than half again what
 * its corner holds (a cell's radius under about 12 pixels, as on a
 * busy board of six), where it would cover its neighbours; the
 * segment's label stays, and the mail's text names the cells.
 */
int
picture_palette_label_shown(const struct picture_palette_frame *f,
    const struct scene_shape *sh)
{
	if (sh->class != SCENE_NAME || f->small <= 0)
		return (1);
	return (PICTURE_PALETTE_LABEL_MIN <= 1.5 * sh->r * f->scale / 0.51);
}
