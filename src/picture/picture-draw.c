#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cairo.h>

#include "picture-draw.h"
#include "picture-font.h"
#include "picture-palette.h"
#include "scene.h"

/*
 * How each shape of a scene looks with cairo (docs/pictures.md), in
 * the palette and frame of picture-palette.c.  Marks are shapes, not
 * colours: black on a white halo, so they show on every layer and
 * every piece.  A piece of Mu has its seat's shape as well as its
 * colour, a black rim and its height in black or white, whichever
 * reads better on it (picture-palette.c).
 */

#define PICTURE_DRAW_PAD	PICTURE_PALETTE_PAD
#define PICTURE_DRAW_LEGEND	PICTURE_PALETTE_LEGEND
#define PICTURE_DRAW_FONT	PICTURE_PALETTE_FONT

static void	picture_draw_rgb(cairo_t *, const double *);
static void	picture_draw_fill(cairo_t *, const double *, double, double);
static void	picture_draw_hex_path(cairo_t *, double, double, double);
static void	picture_draw_hatch(cairo_t *, double, double, double,
		    double);
static void	picture_draw_text(cairo_t *, const char *, double, double,
		    double, int);
static void	picture_draw_title(cairo_t *, const char *, double);
static void	picture_draw_hex(cairo_t *,
		    const struct picture_palette_frame *,
		    const struct scene_shape *);
static void	picture_draw_disc(cairo_t *, const struct scene *,
		    const struct picture_palette_frame *,
		    const struct scene_shape *);
static void	picture_draw_piece_path(cairo_t *,
		    const struct picture_palette_piece *, double, double);
static void	picture_draw_piece(cairo_t *, const struct scene *,
		    const struct picture_palette_frame *,
		    const struct scene_shape *);
static void	picture_draw_border(cairo_t *,
		    const struct picture_palette_frame *,
		    const struct scene_shape *);
static void	picture_draw_label(cairo_t *,
		    const struct picture_palette_frame *,
		    const struct scene_shape *);
static void	picture_draw_arrow(cairo_t *,
		    const struct picture_palette_frame *,
		    const struct scene_shape *);
static void	picture_draw_mark(cairo_t *,
		    const struct picture_palette_frame *,
		    const struct scene_shape *);
static void	picture_draw_badge(cairo_t *, double, double, double, int);
static void	picture_draw_legend(cairo_t *, const struct scene *,
		    const struct picture_palette_frame *);

/* Draw s on cr, which is f->width by f->height. */
void
picture_draw_scene(cairo_t *cr, const struct scene *s,
    const struct picture_palette_frame *f, int names)
{
	const struct scene_shape	*sh;
	size_t				 i;

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_set_font_face(cr, picture_font_face(PICTURE_DRAW_FONT, 1));
	cairo_set_source_rgb(cr, 0, 0, 0);
	picture_draw_title(cr, s->title, f->width - 2 * PICTURE_DRAW_PAD);
	cairo_save(cr);
	if (f->crop) {
		cairo_new_path(cr);
		cairo_rectangle(cr, 0, PICTURE_PALETTE_TITLE, f->width,
		    f->legend - PICTURE_PALETTE_TITLE);
		cairo_clip(cr);
	}
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
			cairo_arc(cr, PICTURE_PALETTE_X(f, sh->x),
			    PICTURE_PALETTE_Y(f, sh->y), sh->r * f->scale, 0,
			    2 * M_PI);
			cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
			cairo_set_line_width(cr, 2.5);
			cairo_stroke(cr);
			break;
		case SCENE_LINE:
			if (sh->class == SCENE_BORDER) {
				picture_draw_border(cr, f, sh);
				break;
			}
			cairo_move_to(cr, PICTURE_PALETTE_X(f, sh->x),
			    PICTURE_PALETTE_Y(f, sh->y));
			cairo_line_to(cr, PICTURE_PALETTE_X(f, sh->x2),
			    PICTURE_PALETTE_Y(f, sh->y2));
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
		case SCENE_TEXT:
			if ((sh->class != SCENE_NAME || names) &&
			    picture_palette_label_shown(f, sh))
				picture_draw_label(cr, f, sh);
			break;
		}
	}
	cairo_restore(cr);
	picture_draw_legend(cr, s, f);
}

/* Where two segments meet, or the board ends: a thick dark line. */
static void
picture_draw_border(cairo_t *cr, const struct picture_palette_frame *f,
    const struct scene_shape *sh)
{
	cairo_move_to(cr, PICTURE_PALETTE_X(f, sh->x),
	    PICTURE_PALETTE_Y(f, sh->y));
	cairo_line_to(cr, PICTURE_PALETTE_X(f, sh->x2),
	    PICTURE_PALETTE_Y(f, sh->y2));
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	cairo_set_line_width(cr, PICTURE_PALETTE_BORDER);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_stroke(cr);
}

/*
 * A label a player reads, bold and black: a cell's digit or a point's
 * name on a white disc that parts it from the lines meeting at its
 * corner, a segment's label in a white box outlined in black so that
 * it stands out from the digits, a place of the layout phase as it is.
 */
static void
picture_draw_label(cairo_t *cr, const struct picture_palette_frame *f,
    const struct scene_shape *sh)
{
	cairo_text_extents_t	te;
	double			x = PICTURE_PALETTE_X(f, sh->x);
	double			y = PICTURE_PALETTE_Y(f, sh->y), size, m;

	size = picture_palette_label_size(f, sh);
	cairo_set_font_face(cr, picture_font_face(PICTURE_DRAW_FONT, 1));
	cairo_set_font_size(cr, size);
	cairo_text_extents(cr, sh->label, &te);
	cairo_set_source_rgb(cr, 1, 1, 1);
	/* The disc holds the digit: no bigger on a small board. */
	if (sh->class == SCENE_NAME && strlen(sh->label) == 1) {
		m = 0.51 * size + 1;
		cairo_arc(cr, x, y, m < sh->r * f->scale ? m : sh->r * f->scale,
		    0, 2 * M_PI);
		cairo_fill(cr);
	}
	x -= te.x_bearing + te.width / 2;
	y -= te.y_bearing + te.height / 2;
	if (sh->class == SCENE_SEGMENT) {
		m = size * 0.2;
		cairo_rectangle(cr, x + te.x_bearing - m,
		    y + te.y_bearing - m, te.width + 2 * m, te.height + 2 * m);
		cairo_fill_preserve(cr);
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_set_line_width(cr, 1.5);
		cairo_stroke(cr);
	}
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_move_to(cr, x, y);
	cairo_show_text(cr, sh->label);
}

/*
 * The title, in 15 pixels, or smaller to fit room on a phone, but no
 * smaller than PICTURE_PALETTE_SMALL.
 */
static void
picture_draw_title(cairo_t *cr, const char *title, double room)
{
	cairo_text_extents_t	te;
	double			size = 15;

	cairo_set_font_size(cr, size);
	cairo_text_extents(cr, title, &te);
	if (te.x_advance > room)
		size = fmax(PICTURE_PALETTE_SMALL, size * room / te.x_advance);
	picture_draw_text(cr, title, PICTURE_DRAW_PAD, 20, size, 0);
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

/*
 * Add the part inside the cell at x, y of radius r of the hatching
 * line from (x + d - r, y + r) to (x + d + r, y - r), cut to the
 * hexagon here rather than by a clip: a clip made cairo scan a mask
 * of the cell for each Wall, about 0.6M instructions (performance.md).
 */
static void
picture_draw_hatch(cairo_t *cr, double x, double y, double r, double d)
{
	double	ax = x + d - r, ay = y + r, dx = 2 * r, dy = -2 * r;
	double	lo = 0, hi = 1, a, nx, ny, num, den, t;
	int	k;

	for (k = 0; k < 6; k++) {
		/* Edge k's outward normal, at the angle between corners. */
		a = 60 * k * M_PI / 180;
		nx = cos(a);
		ny = sin(a);
		num = r * cos(M_PI / 6) - (nx * (ax - x) + ny * (ay - y));
		den = nx * dx + ny * dy;
		if (den == 0) {
			if (num < 0)
				return;
			continue;
		}
		t = num / den;
		if (den > 0 && t < hi)
			hi = t;
		else if (den < 0 && t > lo)
			lo = t;
	}
	if (lo >= hi)
		return;
	cairo_move_to(cr, ax + lo * dx, ay + lo * dy);
	cairo_line_to(cr, ax + hi * dx, ay + hi * dy);
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
picture_draw_hex(cairo_t *cr, const struct picture_palette_frame *f,
    const struct scene_shape *sh)
{
	double	x = PICTURE_PALETTE_X(f, sh->x);
	double	y = PICTURE_PALETTE_Y(f, sh->y);
	double	r = sh->r * f->scale, d;
	int	layer = sh->class - SCENE_VIRGIN;

	picture_draw_hex_path(cr, x, y, r);
	picture_draw_rgb(cr, f->palette->layers[layer]);
	cairo_fill_preserve(cr);
	if (sh->class == SCENE_WALL) {
		cairo_new_path(cr);
		for (d = -2 * r; d < 2 * r; d += r / 3)
			picture_draw_hatch(cr, x, y, r, d);
		picture_draw_rgb(cr, f->palette->hatch);
		cairo_set_line_width(cr, 1);
		cairo_stroke(cr);
		picture_draw_hex_path(cr, x, y, r);
	}
	cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
}

static void
picture_draw_disc(cairo_t *cr, const struct scene *s,
    const struct picture_palette_frame *f, const struct scene_shape *sh)
{
	double		 x = PICTURE_PALETTE_X(f, sh->x);
	double		 y = PICTURE_PALETTE_Y(f, sh->y);
	double		 r = sh->r * f->scale;
	const double	*rgb;

	if (sh->class == SCENE_PIECE && sh->label[0] != '\0') {
		picture_draw_piece(cr, s, f, sh);
		return;
	}
	cairo_arc(cr, x, y, r, 0, 2 * M_PI);
	switch (sh->class) {
	case SCENE_BOARD:
		picture_draw_fill(cr, f->palette->layers[0], 0.3, 2);
		return;
	case SCENE_POINT:
		cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
		cairo_fill(cr);
		return;
	case SCENE_MUR:
		picture_draw_fill(cr, f->palette->mur, 0, 3);
		cairo_arc(cr, x, y, r / 3, 0, 2 * M_PI);
		cairo_fill(cr);
		return;
	default:
		break;
	}
	rgb = picture_palette_colour(f->palette, s, sh->seat);
	picture_draw_fill(cr, rgb, 0, f->palette->rim);
}

/* The outline of piece p, centred on x, y. */
static void
picture_draw_piece_path(cairo_t *cr, const struct picture_palette_piece *p,
    double x, double y)
{
	int	i;

	if (p->n == 0) {
		cairo_arc(cr, x, y, p->r, 0, 2 * M_PI);
		return;
	}
	for (i = 0; i < p->n; i++) {
		if (i == 0)
			cairo_move_to(cr, x + p->xy[0], y + p->xy[1]);
		else
			cairo_line_to(cr, x + p->xy[2 * i],
			    y + p->xy[2 * i + 1]);
	}
	cairo_close_path(cr);
}

/*
 * A piece of Mu: its seat's shape and colour, a black rim, its height
 * in the ink that reads on the colour (picture-palette.c).
 */
static void
picture_draw_piece(cairo_t *cr, const struct scene *s,
    const struct picture_palette_frame *f, const struct scene_shape *sh)
{
	struct picture_palette_piece	 p;
	double				 x = PICTURE_PALETTE_X(f, sh->x);
	double				 y = PICTURE_PALETTE_Y(f, sh->y);
	const double			*rgb;

	picture_palette_piece(f, picture_palette_shape(sh->seat),
	    strlen(sh->label), sh->r * f->scale, &p);
	rgb = picture_palette_colour(f->palette, s, sh->seat);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	picture_draw_piece_path(cr, &p, x, y);
	picture_draw_fill(cr, rgb, 0, f->palette->rim);
	picture_draw_rgb(cr, picture_palette_ink(rgb));
	picture_draw_text(cr, sh->label, x, y + p.dy, p.size, 1);
}

/* The last move: a line from centre to centre, its head at the end. */
static void
picture_draw_arrow(cairo_t *cr, const struct picture_palette_frame *f,
    const struct scene_shape *sh)
{
	double	x = PICTURE_PALETTE_X(f, sh->x);
	double	y = PICTURE_PALETTE_Y(f, sh->y);
	double	x2 = PICTURE_PALETTE_X(f, sh->x2);
	double	y2 = PICTURE_PALETTE_Y(f, sh->y2);
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
 * a sprout (a plus) or placement (a dot) one below the piece, clear of
 * the lower right corner, which holds a name.
 */
static void
picture_draw_mark(cairo_t *cr, const struct picture_palette_frame *f,
    const struct scene_shape *sh)
{
	static const double	 dash[] = { 4, 3 }, dot[] = { 1.5, 3 };
	double			 x = PICTURE_PALETTE_X(f, sh->x);
	double			 y = PICTURE_PALETTE_Y(f, sh->y);
	double			 r = sh->r * f->scale, a;
	int			 k, pass;

	switch (sh->class) {
	case SCENE_CAPTURE:	/* upper right */
	case SCENE_REMOVE:
		picture_draw_badge(cr, x + 0.6 * r, y - 0.6 * r, 0.28 * r,
		    sh->class);
		return;
	case SCENE_SPROUT:	/* below, right of the bottom */
	case SCENE_PLACE:
		picture_draw_badge(cr, x + 0.42 * r, y + 0.74 * r, 0.28 * r,
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
				/* Not towards a corner that holds a name. */
				if (k % 4 == 1)
					continue;
				a = k * M_PI / 6;
				cairo_move_to(cr, x + 0.78 * r * cos(a),
				    y + 0.78 * r * sin(a));
				cairo_line_to(cr, x + r * cos(a),
				    y + r * sin(a));
			}
			break;
		case SCENE_NEWWALL:
			picture_draw_hex_path(cr, x, y, 0.95 * r);
			break;
		default:
			cairo_arc(cr, x, y, 0.92 * r, 0, 2 * M_PI);
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
    const struct picture_palette_frame *f)
{
	struct picture_palette_frame	 swatch, key;
	struct picture_palette_piece	 p;
	cairo_text_extents_t		 te;
	double				 x, y;
	int				 i, row;

	cairo_set_font_face(cr, picture_font_face(PICTURE_DRAW_FONT, 0));
	cairo_set_font_size(cr, 14);
	/* A key is of a fixed size, whatever the frame's least text. */
	memset(&key, 0, sizeof key);
	for (i = 0; i < s->nseats; i++) {
		picture_palette_key(s, f->width, i, &x, &row);
		y = f->legend + 12 + row * PICTURE_DRAW_LEGEND;
		cairo_new_path(cr);
		picture_palette_piece(&key, f->layers ?
		    picture_palette_shape(i) : PICTURE_PALETTE_CIRCLE, 0, 8,
		    &p);
		picture_draw_piece_path(cr, &p, x, y);
		picture_draw_fill(cr, picture_palette_colour(f->palette, s, i),
		    0, 1.5);
		picture_draw_rgb(cr, picture_palette_black);
		cairo_move_to(cr, x + 13, y + 5);
		cairo_show_text(cr, s->seats[i]);
		cairo_text_extents(cr, s->seats[i], &te);
		if (i == s->to_move) {
			cairo_move_to(cr, x + 13, y + 9);
			cairo_line_to(cr, x + 13 + te.x_advance, y + 9);
			cairo_set_line_width(cr, 2);
			cairo_stroke(cr);
		}
	}
	if (!f->layers)
		return;
	x = PICTURE_DRAW_PAD + 8;
	y = f->legend + 12 + f->rows * PICTURE_DRAW_LEGEND;
	memset(&swatch, 0, sizeof swatch);
	swatch.scale = 1;
	swatch.palette = f->palette;
	for (i = 0; i < 3; i++) {
		cairo_new_path(cr);
		swatch.ox = x;
		swatch.oy = y;
		picture_draw_hex(cr, &swatch, &(struct scene_shape){ SCENE_HEX,
		    SCENE_VIRGIN + i, -1, 0, 0, 0, 0, 9, "" });
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_move_to(cr, x + 14, y + 5);
		cairo_show_text(cr, picture_palette_layer_names[i]);
		cairo_text_extents(cr, picture_palette_layer_names[i], &te);
		x += 14 + te.x_advance + 22;
	}
}
