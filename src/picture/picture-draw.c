#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cairo.h>

#include "picture-draw.h"
#include "scene.h"

/*
 * How each shape of a scene looks (docs/pictures.md).  The palette is
 * Okabe and Ito's, safe for the common kinds of colour blindness: a
 * seat's colour is found by the name the game gives it (Mu's red is
 * vermillion, its blue Okabe-Ito blue), and an unknown name takes the
 * palette's next colour by seat.  The three layers differ in lightness
 * as well as hue, and the Wall is hatched, so they read in grey too.
 * Marks are shapes, not colours: black on a white halo, so they show
 * on every layer and every piece.
 *
 * The frame maps model units to pixels: a title band on top, the board
 * scaled to fit the width (and never taller than it is wide), and a
 * legend below: one disc a seat, the seat to move underlined, and for
 * a board of hexagons a swatch a layer.
 */

#define PICTURE_DRAW_PAD	10.0
#define PICTURE_DRAW_TITLE	30.0
#define PICTURE_DRAW_LEGEND	30.0
#define PICTURE_DRAW_FONT	"DejaVu Sans"

struct picture_draw_colour {
	const char	*name;
	double		 rgb[3];
};

static const struct picture_draw_colour picture_draw_seats[] = {
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

static const double picture_draw_layers[3][3] = {
	{ 0.973, 0.949, 0.878 },	/* Virginity: pale sand */
	{ 0.686, 0.812, 0.906 },	/* Commonwealth: light sky */
	{ 0.478, 0.478, 0.478 }		/* Wall: grey, hatched */
};

static const double picture_draw_mur[3] = { 0.902, 0.624, 0.000 };

static const char *picture_draw_layer_names[3] = {
	"Virginity", "Commonwealth", "Wall"
};

static void	picture_draw_rgb(cairo_t *, const double *);
static void	picture_draw_fill(cairo_t *, const double *, double, double);
static const double *picture_draw_seat(const struct scene *, int);
static void	picture_draw_hex_path(cairo_t *, double, double, double);
static void	picture_draw_text(cairo_t *, const char *, double, double,
		    double, int);
static void	picture_draw_hex(cairo_t *, const struct picture_draw_frame *,
		    const struct scene_shape *);
static void	picture_draw_disc(cairo_t *, const struct scene *,
		    const struct picture_draw_frame *,
		    const struct scene_shape *);
static void	picture_draw_names(cairo_t *, const struct scene *,
		    const struct picture_draw_frame *);
static void	picture_draw_arrow(cairo_t *,
		    const struct picture_draw_frame *,
		    const struct scene_shape *);
static void	picture_draw_mark(cairo_t *, const struct picture_draw_frame *,
		    const struct scene_shape *);
static void	picture_draw_badge(cairo_t *, double, double, double, int);
static void	picture_draw_legend(cairo_t *, const struct scene *,
		    const struct picture_draw_frame *);

/* Fit scene s into a picture width pixels wide. */
void
picture_draw_frame(const struct scene *s, int width,
    struct picture_draw_frame *f)
{
	double	b[4], w, h, room = width - 2 * PICTURE_DRAW_PAD;

	scene_bounds(s, b);
	w = b[2] - b[0];
	h = b[3] - b[1];
	f->scale = room / (w > h ? w : h);
	f->ox = PICTURE_DRAW_PAD + (room - w * f->scale) / 2 - b[0] * f->scale;
	f->oy = PICTURE_DRAW_TITLE - b[1] * f->scale;
	f->width = width;
	f->legend = PICTURE_DRAW_TITLE + h * f->scale + PICTURE_DRAW_PAD;
	f->layers = scene_count(s, SCENE_HEX, -1) != 0;
	f->height = (int)ceil(f->legend + PICTURE_DRAW_LEGEND *
	    (f->layers ? 2 : 1));
}

/* Draw s on cr, which is f->width by f->height. */
void
picture_draw_scene(cairo_t *cr, const struct scene *s,
    const struct picture_draw_frame *f, int names)
{
	const struct scene_shape	*sh;
	size_t				 i;

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_select_font_face(cr, PICTURE_DRAW_FONT,
	    CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_source_rgb(cr, 0, 0, 0);
	picture_draw_text(cr, s->title, PICTURE_DRAW_PAD, 20, 15, 0);
	for (i = 0; i < s->n; i++) {
		sh = &s->shapes[i];
		/* Text leaves a current point; an arc would join it. */
		cairo_new_path(cr);
		switch (sh->kind) {
		case SCENE_HEX:
			picture_draw_hex(cr, f, sh);
			break;
		case SCENE_DISC:
			picture_draw_disc(cr, s, f, sh);
			break;
		case SCENE_CIRCLE:
			cairo_arc(cr, PICTURE_DRAW_X(f, sh->x),
			    PICTURE_DRAW_Y(f, sh->y), sh->r * f->scale, 0,
			    2 * M_PI);
			cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
			cairo_set_line_width(cr, 2.5);
			cairo_stroke(cr);
			break;
		case SCENE_LINE:
			cairo_move_to(cr, PICTURE_DRAW_X(f, sh->x),
			    PICTURE_DRAW_Y(f, sh->y));
			cairo_line_to(cr, PICTURE_DRAW_X(f, sh->x2),
			    PICTURE_DRAW_Y(f, sh->y2));
			cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
			cairo_set_line_width(cr, 2.5);
			cairo_stroke(cr);
			break;
		case SCENE_ARROW:
			picture_draw_arrow(cr, f, sh);
			break;
		case SCENE_MARK:
			picture_draw_mark(cr, f, sh);
			break;
		}
	}
	if (names)
		picture_draw_names(cr, s, f);
	picture_draw_legend(cr, s, f);
}

/*
 * The names of cells (at the top of the hexagon, above the piece) and
 * of points (to their upper right), over everything else.
 */
static void
picture_draw_names(cairo_t *cr, const struct scene *s,
    const struct picture_draw_frame *f)
{
	const struct scene_shape	*sh;
	double				 x, y, r;
	size_t				 i;

	for (i = 0; i < s->n; i++) {
		sh = &s->shapes[i];
		x = PICTURE_DRAW_X(f, sh->x);
		y = PICTURE_DRAW_Y(f, sh->y);
		r = sh->r * f->scale;
		if (sh->kind == SCENE_HEX) {
			if (sh->class == SCENE_WALL)
				cairo_set_source_rgb(cr, 1, 1, 1);
			else
				cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
			picture_draw_text(cr, sh->label, x, y - 0.8 * r,
			    0.3 * r, 1);
		} else if (sh->class == SCENE_POINT) {
			cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
			picture_draw_text(cr, sh->label, x + 0.5 * f->scale,
			    y - 0.3 * f->scale, 0.16 * f->scale, 1);
		}
	}
}

static void
picture_draw_rgb(cairo_t *cr, const double *rgb)
{
	cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
}

/* Fill the path with rgb and outline it in grey, width pixels wide. */
static void
picture_draw_fill(cairo_t *cr, const double *rgb, double grey, double width)
{
	picture_draw_rgb(cr, rgb);
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, grey, grey, grey);
	cairo_set_line_width(cr, width);
	cairo_stroke(cr);
}

/* The colour of seat, by its name in s, or the palette's by number. */
static const double *
picture_draw_seat(const struct scene *s, int seat)
{
	int	i, n;

	if (seat >= 0 && seat < s->nseats && s->seats[seat] != NULL) {
		for (i = 0; picture_draw_seats[i].name != NULL; i++) {
			if (strcmp(picture_draw_seats[i].name,
			    s->seats[seat]) == 0)
				return (picture_draw_seats[i].rgb);
		}
	}
	n = sizeof picture_draw_seats / sizeof picture_draw_seats[0] - 1;
	return (picture_draw_seats[(seat < 0 ? 0 : seat) % n].rgb);
}

static void
picture_draw_hex_path(cairo_t *cr, double x, double y, double r)
{
	double	a;
	int	k;

	for (k = 0; k < 6; k++) {
		a = (60 * k - 30) * M_PI / 180;
		if (k == 0)
			cairo_move_to(cr, x + r * cos(a), y + r * sin(a));
		else
			cairo_line_to(cr, x + r * cos(a), y + r * sin(a));
	}
	cairo_close_path(cr);
}

/* Text of size pixels at x, y: its baseline's start, or its centre. */
static void
picture_draw_text(cairo_t *cr, const char *text, double x, double y,
    double size, int centre)
{
	cairo_text_extents_t	te;

	if (*text == '\0')
		return;
	cairo_set_font_size(cr, size);
	if (centre) {
		cairo_text_extents(cr, text, &te);
		x -= te.x_bearing + te.width / 2;
		y -= te.y_bearing + te.height / 2;
	}
	cairo_move_to(cr, x, y);
	cairo_show_text(cr, text);
}

static void
picture_draw_hex(cairo_t *cr, const struct picture_draw_frame *f,
    const struct scene_shape *sh)
{
	double	x = PICTURE_DRAW_X(f, sh->x), y = PICTURE_DRAW_Y(f, sh->y);
	double	r = sh->r * f->scale, d;
	int	layer = sh->class - SCENE_VIRGIN;

	picture_draw_hex_path(cr, x, y, r);
	picture_draw_rgb(cr, picture_draw_layers[layer]);
	cairo_fill_preserve(cr);
	if (sh->class == SCENE_WALL) {
		cairo_save(cr);
		cairo_clip_preserve(cr);
		cairo_new_sub_path(cr);
		for (d = -2 * r; d < 2 * r; d += r / 3) {
			cairo_move_to(cr, x + d - r, y + r);
			cairo_line_to(cr, x + d + r, y - r);
		}
		cairo_set_source_rgb(cr, 0.28, 0.28, 0.28);
		cairo_set_line_width(cr, 1);
		cairo_stroke(cr);
		cairo_restore(cr);
		picture_draw_hex_path(cr, x, y, r);
	}
	cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
}

static void
picture_draw_disc(cairo_t *cr, const struct scene *s,
    const struct picture_draw_frame *f, const struct scene_shape *sh)
{
	double		 x = PICTURE_DRAW_X(f, sh->x);
	double		 y = PICTURE_DRAW_Y(f, sh->y), r = sh->r * f->scale;
	const double	*rgb;

	cairo_arc(cr, x, y, r, 0, 2 * M_PI);
	switch (sh->class) {
	case SCENE_BOARD:
		picture_draw_fill(cr, picture_draw_layers[0], 0.3, 2);
		return;
	case SCENE_POINT:
		cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
		cairo_fill(cr);
		return;
	case SCENE_MUR:
		picture_draw_fill(cr, picture_draw_mur, 0, 3);
		cairo_arc(cr, x, y, r / 3, 0, 2 * M_PI);
		cairo_fill(cr);
		return;
	default:
		break;
	}
	rgb = picture_draw_seat(s, sh->seat);
	picture_draw_fill(cr, rgb, 0, 1.5);
	if (0.30 * rgb[0] + 0.59 * rgb[1] + 0.11 * rgb[2] > 0.5)
		cairo_set_source_rgb(cr, 0, 0, 0);
	else
		cairo_set_source_rgb(cr, 1, 1, 1);
	picture_draw_text(cr, sh->label, x, y, r * (strlen(sh->label) > 2 ?
	    0.8 : 1.05), 1);
}

/* The last move: a line from centre to centre, its head at the end. */
static void
picture_draw_arrow(cairo_t *cr, const struct picture_draw_frame *f,
    const struct scene_shape *sh)
{
	double	x = PICTURE_DRAW_X(f, sh->x), y = PICTURE_DRAW_Y(f, sh->y);
	double	x2 = PICTURE_DRAW_X(f, sh->x2), y2 = PICTURE_DRAW_Y(f, sh->y2);
	double	a = atan2(y2 - y, x2 - x), head = 0.35 * f->scale;
	int	pass;

	if (head > 18)
		head = 18;
	for (pass = 0; pass < 2; pass++) {
		cairo_move_to(cr, x, y);
		cairo_line_to(cr, x2, y2);
		cairo_move_to(cr, x2 - head * cos(a - 0.45),
		    y2 - head * sin(a - 0.45));
		cairo_line_to(cr, x2, y2);
		cairo_line_to(cr, x2 - head * cos(a + 0.45),
		    y2 - head * sin(a + 0.45));
		cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
		cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
		if (pass == 0) {
			cairo_set_source_rgb(cr, 1, 1, 1);
			cairo_set_line_width(cr, 5);
		} else {
			cairo_set_source_rgb(cr, 0, 0, 0);
			cairo_set_line_width(cr, 2.5);
		}
		cairo_stroke(cr);
	}
}

/*
 * A mark of the last action, around x, y: black on a white halo.
 * Departure a dashed ring, landing a solid ring, an explosion a burst
 * of spikes, new Wall a hexagon, a bumped stone's rest a dotted ring;
 * a capture (a cross) or removal (a minus) a badge at the upper right,
 * a sprout (a plus) or placement (a dot) one at the lower right.
 */
static void
picture_draw_mark(cairo_t *cr, const struct picture_draw_frame *f,
    const struct scene_shape *sh)
{
	static const double	 dash[] = { 4, 3 }, dot[] = { 1.5, 3 };
	double			 x = PICTURE_DRAW_X(f, sh->x);
	double			 y = PICTURE_DRAW_Y(f, sh->y);
	double			 r = sh->r * f->scale, a;
	int			 k, pass;

	switch (sh->class) {
	case SCENE_CAPTURE:	/* upper right */
	case SCENE_REMOVE:
		picture_draw_badge(cr, x + 0.6 * r, y - 0.6 * r, 0.28 * r,
		    sh->class);
		return;
	case SCENE_SPROUT:	/* lower right */
	case SCENE_PLACE:
		picture_draw_badge(cr, x + 0.6 * r, y + 0.6 * r, 0.28 * r,
		    sh->class);
		return;
	default:
		break;
	}
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	for (pass = 0; pass < 2; pass++) {
		cairo_new_path(cr);
		switch (sh->class) {
		case SCENE_EXPLODE:
			for (k = 0; k < 12; k++) {
				a = k * M_PI / 6;
				cairo_move_to(cr, x + 0.84 * r * cos(a),
				    y + 0.84 * r * sin(a));
				cairo_line_to(cr, x + 1.04 * r * cos(a),
				    y + 1.04 * r * sin(a));
			}
			break;
		case SCENE_NEWWALL:
			picture_draw_hex_path(cr, x, y, 0.95 * r);
			break;
		default:
			cairo_arc(cr, x, y, 0.82 * r, 0, 2 * M_PI);
			break;
		}
		if (pass == 0) {
			cairo_set_dash(cr, NULL, 0, 0);
			cairo_set_source_rgb(cr, 1, 1, 1);
			cairo_set_line_width(cr, 5);
		} else {
			if (sh->class == SCENE_FROM)
				cairo_set_dash(cr, dash, 2, 0);
			else if (sh->class == SCENE_REST)
				cairo_set_dash(cr, dot, 2, 0);
			cairo_set_source_rgb(cr, 0, 0, 0);
			cairo_set_line_width(cr, 2.5);
		}
		cairo_stroke(cr);
	}
	cairo_set_dash(cr, NULL, 0, 0);
}

/* A badge: a black disc with a white symbol, for one class of mark. */
static void
picture_draw_badge(cairo_t *cr, double x, double y, double r, int class)
{
	double	d = r * 0.55;

	if (r < 5)
		r = 5;
	cairo_new_path(cr);
	cairo_arc(cr, x, y, r, 0, 2 * M_PI);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_set_line_width(cr, 1.5);
	cairo_stroke(cr);
	switch (class) {
	case SCENE_CAPTURE:	/* a cross */
		cairo_move_to(cr, x - d, y - d);
		cairo_line_to(cr, x + d, y + d);
		cairo_move_to(cr, x - d, y + d);
		cairo_line_to(cr, x + d, y - d);
		break;
	case SCENE_SPROUT:	/* a plus */
		cairo_move_to(cr, x - d, y);
		cairo_line_to(cr, x + d, y);
		cairo_move_to(cr, x, y - d);
		cairo_line_to(cr, x, y + d);
		break;
	case SCENE_REMOVE:	/* a minus */
		cairo_move_to(cr, x - d, y);
		cairo_line_to(cr, x + d, y);
		break;
	default:		/* placed: a dot */
		cairo_new_path(cr);
		cairo_arc(cr, x, y, d / 2, 0, 2 * M_PI);
		cairo_fill(cr);
		return;
	}
	cairo_set_line_width(cr, r / 3 < 1.5 ? 1.5 : r / 3);
	cairo_stroke(cr);
}

/* One disc and name a seat (the seat to move underlined), the layers. */
static void
picture_draw_legend(cairo_t *cr, const struct scene *s,
    const struct picture_draw_frame *f)
{
	cairo_text_extents_t	 te;
	double			 x = PICTURE_DRAW_PAD + 8, y = f->legend + 12;
	int			 i;

	cairo_select_font_face(cr, PICTURE_DRAW_FONT,
	    CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 14);
	for (i = 0; i < s->nseats; i++) {
		cairo_new_path(cr);
		cairo_arc(cr, x, y, 8, 0, 2 * M_PI);
		picture_draw_fill(cr, picture_draw_seat(s, i), 0, 1.5);
		cairo_move_to(cr, x + 13, y + 5);
		cairo_show_text(cr, s->seats[i]);
		cairo_text_extents(cr, s->seats[i], &te);
		if (i == s->to_move) {
			cairo_move_to(cr, x + 13, y + 9);
			cairo_line_to(cr, x + 13 + te.x_advance, y + 9);
			cairo_set_line_width(cr, 2);
			cairo_stroke(cr);
		}
		x += 13 + te.x_advance + 22;
	}
	if (!f->layers)
		return;
	x = PICTURE_DRAW_PAD + 8;
	y += PICTURE_DRAW_LEGEND;
	for (i = 0; i < 3; i++) {
		cairo_new_path(cr);
		picture_draw_hex(cr, &(struct picture_draw_frame){ 1, x, y,
		    0, 0, 0, 0 }, &(struct scene_shape){ SCENE_HEX,
		    SCENE_VIRGIN + i, -1, 0, 0, 0, 0, 9, "" });
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_move_to(cr, x + 14, y + 5);
		cairo_show_text(cr, picture_draw_layer_names[i]);
		cairo_text_extents(cr, picture_draw_layer_names[i], &te);
		x += 14 + te.x_advance + 22;
	}
}
