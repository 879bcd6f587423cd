#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "picture-palette.h"
#include "picture-svg.h"
#include "scene.h"
#include "text.h"

/*
 * A scene as SVG text, pure: one element a shape, in the order the
 * scene draws them, with its scene class (scene_class_name()) as its
 * class and what it stands for in data attributes:
 *
 *   a Mu cell   <polygon class="virgin" data-cell="C4" data-layer="V">
 *   a Mu piece  <g class="piece" data-cell="C4" data-seat="red"
 *               data-height="3"> (a disc and its height)
 *   a Mur point <circle class="point" data-point="n1">
 *   a Mur stone <circle class="piece" data-point="n1" data-seat="black">
 *   the mur     <g class="mur" data-point="c">
 *   a mark      <g class="explode" data-cell="C4"> (a halo and a line)
 *   a border    <line class="border"> (where two segments meet)
 *   a segment   <g class="segment" data-segment="C"> (a box, its label)
 *   a name      <text class="name">4</text> (a cell's digit at its top
 *               corner, a point's name) or <text class="site">(a)</text>
 *
 * The look is picture-draw.c's: the same palette and frame, the Wall
 * hatched by a pattern, marks black on a white halo.  A style sheet
 * inside the picture carries what every shape of a class shares, so
 * that an element carries only its geometry.  The caller may add
 * attributes to each element (the archive adds its index, data-i),
 * and wraps the shapes between picture_svg_open() and
 * picture_svg_close(); picture_svg_render() draws a whole scene.
 */


/* The style sheet; the layers' and the pieces' look follow, by palette. */
static const char *picture_svg_style =
    ".virgin,.common,.wall{stroke:#404040;stroke-width:1}"
    ".ring,.spoke{fill:none;stroke:#4d4d4d;stroke-width:2.5}"
    ".point{fill:#333}"
    ".piece text{font-weight:bold;font-family:'DejaVu Sans',sans-serif;"
    "text-anchor:middle;dominant-baseline:central}"
    ".mur circle{stroke:#000;stroke-width:3}"
    ".halo{fill:none;stroke:#fff;stroke-width:5;stroke-linecap:round;"
    "stroke-linejoin:round}"
    ".ink{fill:none;stroke:#000;stroke-width:2.5;stroke-linecap:round;"
    "stroke-linejoin:round}"
    ".from .ink{stroke-dasharray:4 3}.rest .ink{stroke-dasharray:1.5 3}"
    ".badge{fill:#000;stroke:#fff;stroke-width:1.5}"
    ".sym{fill:none;stroke:#fff}.dot{fill:#fff}"
    ".legend{font:14px 'DejaVu Sans',sans-serif}"
    ".to-move{stroke:#000;stroke-width:2}"
    ".border{stroke:#1a1a1a;stroke-width:3;stroke-linecap:round}"
    ".name,.segment text,.site{font-weight:bold;"
    "font-family:'DejaVu Sans',sans-serif;text-anchor:middle;"
    "dominant-baseline:central;fill:#000;stroke:#fff;stroke-width:3;"
    "stroke-linejoin:round;paint-order:stroke}"
    ".segment rect{fill:#fff;stroke:#000;stroke-width:1.5}";

static void	picture_svg_rgb(struct buf *, const double *);
static void	picture_svg_num(struct buf *, double);
static void	picture_svg_addf(struct buf *, const char *, ...);
static void	picture_svg_hex_points(struct buf *, double, double, double);
static void	picture_svg_disc(const struct scene *,
		    const struct picture_palette_frame *,
		    const struct scene_shape *, const char *, struct buf *);
static void	picture_svg_mark(const struct picture_palette_frame *,
		    const struct scene_shape *, const char *, struct buf *);
static void	picture_svg_arrow(const struct picture_palette_frame *,
		    const struct scene_shape *, const char *, struct buf *);
static void	picture_svg_badge(double, double, double, int, struct buf *);
static void	picture_svg_piece_shape(const struct picture_palette_piece *,
		    const double *, double, double, struct buf *);
static void	picture_svg_palette_style(const struct picture_palette *,
		    struct buf *);
static void	picture_svg_text(const struct picture_palette_frame *,
		    const struct scene_shape *, const char *, struct buf *);
static void	picture_svg_data(const struct scene *,
		    const struct scene_shape *, struct buf *);

static void
picture_svg_rgb(struct buf *out, const double *rgb)
{
	static const char	hex[] = "0123456789abcdef";
	char			s[7];
	int			i, v;

	for (i = 0; i < 3; i++) {
		v = (int)lround(rgb[i] * 255);
		s[2 * i] = hex[(v >> 4) & 15];
		s[2 * i + 1] = hex[v & 15];
	}
	buf_addc(out, '#');
	buf_add(out, s, 6);
}

/* Add n in decimal. */
void
picture_svg_int(struct buf *out, long long n)
{
	char			 s[24], *p = s + sizeof s;
	unsigned long long	 u = n < 0 ? -(unsigned long long)n :
				     (unsigned long long)n;

	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u != 0);
	if (n < 0)
		*--p = '-';
	buf_add(out, p, (size_t)(s + sizeof s - p));
}

/* Add v to a tenth, without a zero tenth: "12", "12.5", "-0.5". */
static void
picture_svg_num(struct buf *out, double v)
{
	long long	t = llround(v * 10);

	if (t < 0) {
		buf_addc(out, '-');
		t = -t;
	}
	picture_svg_int(out, t / 10);
	if (t % 10 != 0) {
		buf_addc(out, '.');
		buf_addc(out, (char)('0' + t % 10));
	}
}

/*
 * A small printf for the many numbers of a picture, much quicker than
 * the C library's: %f a double to a tenth, %d an int, %z a size_t,
 * %s a string, %% a percent sign.
 */
static void
picture_svg_addf(struct buf *out, const char *fmt, ...)
{
	const char	*p, *q;
	va_list		 ap;

	va_start(ap, fmt);
	for (p = fmt; *p != '\0'; p = q) {
		if (*p != '%') {
			for (q = p; *q != '\0' && *q != '%'; q++)
				;
			buf_add(out, p, (size_t)(q - p));
			continue;
		}
		q = p + 2;
		switch (p[1]) {
		case 'f':
			picture_svg_num(out, va_arg(ap, double));
			break;
		case 'd':
			picture_svg_int(out, va_arg(ap, int));
			break;
		case 'z':
			picture_svg_int(out, (long long)va_arg(ap, size_t));
			break;
		case 's':
			buf_adds(out, va_arg(ap, const char *));
			break;
		default:
			buf_addc(out, '%');
			q = p + 1 + (p[1] == '%');
			break;
		}
	}
	va_end(ap);
}

/*
 * Open the picture of s in frame f: its title (label) and its
 * description in words (desc), the style sheet and the Wall's hatch.
 */
void
picture_svg_open(const struct scene *s, const struct picture_palette_frame *f,
    const char *label, const char *desc, struct buf *out)
{
	(void)s;
	picture_svg_addf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "viewBox=\"0 0 %d %d\" role=\"img\" "
	    "aria-labelledby=\"board-title board-desc\">", f->width,
	    f->height);
	buf_adds(out, "<title id=\"board-title\">");
	text_escape_markup(out, label);
	buf_adds(out, "</title><desc id=\"board-desc\">");
	text_escape_markup(out, desc);
	buf_adds(out, "</desc>");
	picture_svg_palette_style(f->palette, out);
}

/* The style sheet and the Wall's hatch, in palette p. */
static void
picture_svg_palette_style(const struct picture_palette *p, struct buf *out)
{
	buf_adds(out, "<style>.virgin,.board{fill:");
	picture_svg_rgb(out, p->layers[0]);
	buf_adds(out, "}.common{fill:");
	picture_svg_rgb(out, p->layers[1]);
	buf_adds(out, "}.wall{fill:url(#hatch)}"
	    ".board{stroke:#4d4d4d;stroke-width:2}");
	picture_svg_addf(out, ".piece circle,.piece path,circle.piece{"
	    "stroke:#000;stroke-width:%f;stroke-linejoin:round}", p->rim);
	buf_adds(out, picture_svg_style);
	buf_adds(out, "</style><defs><pattern id=\"hatch\" width=\"6\" "
	    "height=\"6\" patternUnits=\"userSpaceOnUse\" "
	    "patternTransform=\"rotate(45)\"><rect width=\"6\" "
	    "height=\"6\" fill=\"");
	picture_svg_rgb(out, p->layers[2]);
	buf_adds(out, "\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" "
	    "stroke=\"");
	picture_svg_rgb(out, p->hatch);
	buf_adds(out, "\" stroke-width=\"1.5\"/></pattern></defs>");
}

void
picture_svg_close(struct buf *out)
{
	buf_adds(out, "</svg>");
}

/* The name of the cell or point shape sh stands on, or NULL. */
const char *
picture_svg_place(const struct scene *s, const struct scene_shape *sh)
{
	const struct scene_shape	*c;
	size_t				 i;

	if (sh->kind == SCENE_HEX || sh->class == SCENE_POINT)
		return (sh->label);
	for (i = 0; i < s->n; i++) {
		c = &s->shapes[i];
		if ((c->kind == SCENE_HEX || c->class == SCENE_POINT) &&
		    fabs(c->x - sh->x) < 1e-6 && fabs(c->y - sh->y) < 1e-6)
			return (c->label);
	}
	return (NULL);
}

/* The data attributes of sh: where it stands, its layer, seat, height. */
static void
picture_svg_data(const struct scene *s, const struct scene_shape *sh,
    struct buf *out)
{
	static const char	*layers[] = { "V", "C", "W" };
	const char		*place;
	int			 hex;

	hex = scene_count(s, SCENE_HEX, -1) != 0;
	/* Mur's board and lines are no place, though one is centred on c. */
	if (sh->class != SCENE_BOARD && sh->class != SCENE_RING &&
	    sh->class != SCENE_SPOKE &&
	    (place = picture_svg_place(s, sh)) != NULL && *place != '\0') {
		buf_adds(out, hex ? " data-cell=\"" : " data-point=\"");
		text_escape_markup(out, place);
		buf_addc(out, '"');
	}
	if (sh->kind == SCENE_HEX)
		picture_svg_addf(out, " data-layer=\"%s\"",
		    layers[sh->class - SCENE_VIRGIN]);
	if (sh->class == SCENE_PIECE && sh->seat >= 0 &&
	    sh->seat < s->nseats && s->seats[sh->seat] != NULL) {
		buf_adds(out, " data-seat=\"");
		text_escape_markup(out, s->seats[sh->seat]);
		buf_addc(out, '"');
	}
	if (sh->class == SCENE_PIECE && sh->label[0] != '\0') {
		buf_adds(out, " data-height=\"");
		text_escape_markup(out, sh->label);
		buf_addc(out, '"');
	}
}

static void
picture_svg_hex_points(struct buf *out, double x, double y, double r)
{
	double	a;
	int	k;

	for (k = 0; k < 6; k++) {
		a = (60 * k - 30) * M_PI / 180;
		picture_svg_addf(out, "%s%f,%f", k > 0 ? " " : "",
		    x + r * cos(a), y + r * sin(a));
	}
}

/* Shape sh of s in frame f, with the attributes extra ("" for none). */
void
picture_svg_shape(const struct scene *s, const struct picture_palette_frame *f,
    const struct scene_shape *sh, const char *extra, struct buf *out)
{
	double	x = PICTURE_PALETTE_X(f, sh->x);
	double	y = PICTURE_PALETTE_Y(f, sh->y), r = sh->r * f->scale;

	switch (sh->kind) {
	case SCENE_HEX:
		picture_svg_addf(out, "<polygon%s class=\"%s\"", extra,
		    scene_class_name(sh->class));
		picture_svg_data(s, sh, out);
		buf_adds(out, " points=\"");
		picture_svg_hex_points(out, x, y, r);
		buf_adds(out, "\"/>");
		break;
	case SCENE_DISC:
		picture_svg_disc(s, f, sh, extra, out);
		break;
	case SCENE_CIRCLE:
		picture_svg_addf(out, "<circle%s class=\"%s\" cx=\"%f\" "
		    "cy=\"%f\" r=\"%f\"/>", extra, scene_class_name(sh->class),
		    x, y, r);
		break;
	case SCENE_LINE:
		picture_svg_addf(out, "<line%s class=\"%s\" x1=\"%f\" "
		    "y1=\"%f\" x2=\"%f\" y2=\"%f\"/>", extra,
		    scene_class_name(sh->class), x, y,
		    PICTURE_PALETTE_X(f, sh->x2), PICTURE_PALETTE_Y(f, sh->y2));
		break;
	case SCENE_ARROW:
		picture_svg_arrow(f, sh, extra, out);
		break;
	case SCENE_MARK:
		picture_svg_addf(out, "<g%s class=\"%s\"", extra,
		    scene_class_name(sh->class));
		picture_svg_data(s, sh, out);
		buf_addc(out, '>');
		picture_svg_mark(f, sh, extra, out);
		buf_adds(out, "</g>");
		break;
	case SCENE_TEXT:
		if (picture_palette_label_shown(f, sh))
			picture_svg_text(f, sh, extra, out);
		break;
	}
}

/*
 * A label a player reads, as picture-draw.c draws it: black on a white
 * halo; a segment's label in a white box outlined in black, which is
 * sized from the font (a bold capital is about 0.75 of its size wide).
 */
static void
picture_svg_text(const struct picture_palette_frame *f,
    const struct scene_shape *sh, const char *extra, struct buf *out)
{
	double	x = PICTURE_PALETTE_X(f, sh->x);
	double	y = PICTURE_PALETTE_Y(f, sh->y), size, w, h;

	size = picture_palette_label_size(f, sh);
	if (sh->class == SCENE_SEGMENT) {
		w = 0.75 * size * strlen(sh->label) + 0.4 * size;
		h = 1.13 * size;
		picture_svg_addf(out, "<g%s class=\"segment\" "
		    "data-segment=\"", extra);
		text_escape_markup(out, sh->label);
		picture_svg_addf(out, "\"><rect x=\"%f\" y=\"%f\" "
		    "width=\"%f\" height=\"%f\"/><text x=\"%f\" y=\"%f\" "
		    "font-size=\"%f\">", x - w / 2, y - h / 2, w, h, x, y,
		    size);
		text_escape_markup(out, sh->label);
		buf_adds(out, "</text></g>");
		return;
	}
	picture_svg_addf(out, "<text%s class=\"%s\" x=\"%f\" y=\"%f\" "
	    "font-size=\"%f\">", extra, scene_class_name(sh->class), x, y,
	    size);
	text_escape_markup(out, sh->label);
	buf_adds(out, "</text>");
}

/* A disc: the board, a point, a piece with its height, the mur. */
static void
picture_svg_disc(const struct scene *s, const struct picture_palette_frame *f,
    const struct scene_shape *sh, const char *extra, struct buf *out)
{
	struct picture_palette_piece	 p;
	const double			*rgb;
	double				 x = PICTURE_PALETTE_X(f, sh->x);
	double				 y = PICTURE_PALETTE_Y(f, sh->y);
	double				 r = sh->r * f->scale;

	if (sh->class == SCENE_MUR) {
		picture_svg_addf(out, "<g%s class=\"mur\"", extra);
		picture_svg_data(s, sh, out);
		picture_svg_addf(out, "><circle cx=\"%f\" cy=\"%f\" r=\"%f\" "
		    "fill=\"", x, y, r);
		picture_svg_rgb(out, f->palette->mur);
		picture_svg_addf(out, "\"/><circle cx=\"%f\" cy=\"%f\" "
		    "r=\"%f\" fill=\"#000\"/></g>", x, y, r / 3);
		return;
	}
	if (sh->class != SCENE_PIECE || sh->label[0] == '\0') {
		picture_svg_addf(out, "<circle%s class=\"%s\"", extra,
		    scene_class_name(sh->class));
		picture_svg_data(s, sh, out);
		picture_svg_addf(out, " cx=\"%f\" cy=\"%f\" r=\"%f\"", x, y, r);
		if (sh->class == SCENE_PIECE) {
			buf_adds(out, " fill=\"");
			picture_svg_rgb(out, picture_palette_colour(f->palette,
			    s, sh->seat));
			buf_addc(out, '"');
		}
		buf_adds(out, "/>");
		return;
	}
	picture_palette_piece(f, picture_palette_shape(sh->seat),
	    strlen(sh->label), r, &p);
	rgb = picture_palette_colour(f->palette, s, sh->seat);
	picture_svg_addf(out, "<g%s class=\"piece\"", extra);
	picture_svg_data(s, sh, out);
	buf_addc(out, '>');
	picture_svg_piece_shape(&p, rgb, x, y, out);
	picture_svg_addf(out, "<text x=\"%f\" y=\"%f\" font-size=\"%f\" "
	    "fill=\"%s\">", x, y + p.dy, p.size,
	    picture_palette_ink(rgb) == picture_palette_white ? "#fff" :
	    "#000");
	text_escape_markup(out, sh->label);
	buf_adds(out, "</text></g>");
}

/*
 * Piece p at x, y, filled with rgb: a circle, or a path whose class
 * names its shape (class="square").
 */
static void
picture_svg_piece_shape(const struct picture_palette_piece *p,
    const double *rgb, double x, double y, struct buf *out)
{
	int	i;

	if (p->n == 0)
		picture_svg_addf(out, "<circle cx=\"%f\" cy=\"%f\" r=\"%f\" "
		    "fill=\"", x, y, p->r);
	else {
		picture_svg_addf(out, "<path class=\"%s\" d=\"M",
		    picture_palette_shape_name(p->shape));
		for (i = 0; i < p->n; i++)
			picture_svg_addf(out, "%s%f %f", i > 0 ? "L" : "",
			    x + p->xy[2 * i], y + p->xy[2 * i + 1]);
		buf_adds(out, "Z\" fill=\"");
	}
	picture_svg_rgb(out, rgb);
	buf_adds(out, "\"/>");
}

/* The last move: a line from centre to centre, its head at the end. */
static void
picture_svg_arrow(const struct picture_palette_frame *f,
    const struct scene_shape *sh, const char *extra, struct buf *out)
{
	double	x = PICTURE_PALETTE_X(f, sh->x);
	double	y = PICTURE_PALETTE_Y(f, sh->y);
	double	x2 = PICTURE_PALETTE_X(f, sh->x2);
	double	y2 = PICTURE_PALETTE_Y(f, sh->y2);
	double	a = atan2(y2 - y, x2 - x), head = 0.35 * f->scale;
	struct buf	d;

	if (head > 18)
		head = 18;
	buf_init(&d);
	/* Relative steps: shorter, and an arrow is drawn for every move. */
	picture_svg_addf(&d, "M%f %fl%f %fm%f %fl%f %f %f %f", x, y, x2 - x,
	    y2 - y, -head * cos(a - 0.45), -head * sin(a - 0.45),
	    head * cos(a - 0.45), head * sin(a - 0.45),
	    -head * cos(a + 0.45), -head * sin(a + 0.45));
	picture_svg_addf(out, "<g%s class=\"%s\"><path class=\"halo\" "
	    "d=\"%s\"/><path class=\"ink\" d=\"%s\"/></g>", extra,
	    scene_class_name(sh->class), d.data, d.data);
	buf_free(&d);
}

/*
 * The inside of a mark, as picture-draw.c draws it: departure a dashed
 * ring, landing a solid ring, an explosion a burst of spikes, new Wall
 * a hexagon, a rest a dotted ring; a capture or removal a badge at the
 * upper right, a sprout or placement one below it.
 */
static void
picture_svg_mark(const struct picture_palette_frame *f,
    const struct scene_shape *sh, const char *extra, struct buf *out)
{
	struct buf	d;
	double		x = PICTURE_PALETTE_X(f, sh->x);
	double		y = PICTURE_PALETTE_Y(f, sh->y);
	double		r = sh->r * f->scale, a;
	int		k;

	(void)extra;
	switch (sh->class) {
	case SCENE_CAPTURE:
	case SCENE_REMOVE:
		picture_svg_badge(x + 0.6 * r, y - 0.6 * r, 0.28 * r,
		    sh->class, out);
		return;
	case SCENE_SPROUT:
	case SCENE_PLACE:
		picture_svg_badge(x + 0.42 * r, y + 0.74 * r, 0.28 * r,
		    sh->class, out);
		return;
	default:
		break;
	}
	buf_init(&d);
	switch (sh->class) {
	case SCENE_EXPLODE:
		for (k = 0; k < 12; k++) {
			/* Not towards a corner that holds a name. */
			if (k % 4 == 1)
				continue;
			a = k * M_PI / 6;
			picture_svg_addf(&d, "M%f %fL%f %f",
			    x + 0.78 * r * cos(a), y + 0.78 * r * sin(a),
			    x + r * cos(a), y + r * sin(a));
		}
		break;
	case SCENE_NEWWALL:
		buf_addc(&d, 'M');
		picture_svg_hex_points(&d, x, y, 0.95 * r);
		buf_addc(&d, 'Z');
		break;
	default:
		picture_svg_addf(&d, "M%f %fa%f %f 0 1 0 %f 0a%f %f 0 1 0 "
		    "%f 0", x - 0.92 * r, y, 0.92 * r, 0.92 * r, 1.84 * r,
		    0.92 * r, 0.92 * r, -1.84 * r);
		break;
	}
	picture_svg_addf(out, "<path class=\"halo\" d=\"%s\"/><path "
	    "class=\"ink\" d=\"%s\"/>", d.data, d.data);
	buf_free(&d);
}

/* A badge: a black disc with a white symbol, for one class of mark. */
static void
picture_svg_badge(double x, double y, double r, int class, struct buf *out)
{
	double	d = r * 0.55;

	if (r < 5)
		r = 5;
	picture_svg_addf(out, "<circle class=\"badge\" cx=\"%f\" cy=\"%f\" "
	    "r=\"%f\"/>", x, y, r);
	switch (class) {
	case SCENE_CAPTURE:
		picture_svg_addf(out, "<path class=\"sym\" stroke-width=\"%f\" "
		    "d=\"M%f %fL%f %fM%f %fL%f %f\"/>",
		    r / 3 < 1.5 ? 1.5 : r / 3, x - d, y - d, x + d, y + d,
		    x - d, y + d, x + d, y - d);
		break;
	case SCENE_SPROUT:
		picture_svg_addf(out, "<path class=\"sym\" stroke-width=\"%f\" "
		    "d=\"M%f %fL%f %fM%f %fL%f %f\"/>",
		    r / 3 < 1.5 ? 1.5 : r / 3, x - d, y, x + d, y, x, y - d,
		    x, y + d);
		break;
	case SCENE_REMOVE:
		picture_svg_addf(out, "<path class=\"sym\" stroke-width=\"%f\" "
		    "d=\"M%f %fL%f %f\"/>", r / 3 < 1.5 ? 1.5 : r / 3,
		    x - d, y, x + d, y);
		break;
	default:
		picture_svg_addf(out, "<circle class=\"dot\" cx=\"%f\" "
		    "cy=\"%f\" r=\"%f\"/>", x, y, d / 2);
		break;
	}
}

/*
 * The marks of radius r (in pixels) drawn once each, around 0, 0, in
 * <defs>: a page with many marks of one size refers to them
 * (picture_svg_mark_use()) instead of drawing each again.
 */
void
picture_svg_marks(double r, struct buf *out)
{
	struct picture_palette_frame	unit;
	struct scene_shape		sh;
	int				c;

	memset(&unit, 0, sizeof unit);
	unit.scale = 1;
	memset(&sh, 0, sizeof sh);
	sh.kind = SCENE_MARK;
	sh.r = r;
	buf_adds(out, "<defs>");
	for (c = SCENE_FROM; c <= SCENE_REST; c++) {
		sh.class = c;
		picture_svg_addf(out, "<g id=\"mark-%s\" class=\"%s\">",
		    scene_class_name(c), scene_class_name(c));
		picture_svg_mark(&unit, &sh, "", out);
		buf_adds(out, "</g>");
	}
	buf_adds(out, "</defs>");
}

/* Mark sh of s as a reference to its drawing by picture_svg_marks(). */
void
picture_svg_mark_use(const struct scene *s,
    const struct picture_palette_frame *f, const struct scene_shape *sh,
    const char *extra, struct buf *out)
{
	picture_svg_addf(out, "<use%s class=\"%s\"", extra,
	    scene_class_name(sh->class));
	picture_svg_data(s, sh, out);
	picture_svg_addf(out, " href=\"#mark-%s\" x=\"%f\" y=\"%f\"/>",
	    scene_class_name(sh->class), PICTURE_PALETTE_X(f, sh->x),
	    PICTURE_PALETTE_Y(f, sh->y));
}

/* The legend: one disc and name a seat, then for Mu the layers. */
void
picture_svg_legend(const struct scene *s,
    const struct picture_palette_frame *f, struct buf *out)
{
	struct picture_palette_frame	key;
	struct picture_palette_piece	p;
	double				x, y;
	int				i, row;

	/* A key is of a fixed size, whatever the frame's least text. */
	memset(&key, 0, sizeof key);
	buf_adds(out, "<g class=\"legend\">");
	for (i = 0; i < s->nseats; i++) {
		picture_palette_key(s, f->width, i, &x, &row);
		y = f->legend + 12 + row * PICTURE_PALETTE_LEGEND;
		buf_adds(out, "<g class=\"key\" data-seat=\"");
		text_escape_markup(out, s->seats[i]);
		buf_adds(out, "\" stroke=\"#000\" stroke-width=\"1.5\">");
		picture_palette_piece(&key, f->layers ?
		    picture_palette_shape(i) : PICTURE_PALETTE_CIRCLE, 0, 8,
		    &p);
		picture_svg_piece_shape(&p, picture_palette_colour(f->palette,
		    s, i), x, y, out);
		picture_svg_addf(out, "</g><text x=\"%f\" y=\"%f\">", x + 13,
		    y + 5);
		text_escape_markup(out, s->seats[i]);
		buf_adds(out, "</text>");
	}
	if (f->layers) {
		x = PICTURE_PALETTE_PAD + 8;
		y = f->legend + 12 + f->rows * PICTURE_PALETTE_LEGEND;
		for (i = 0; i < 3; i++) {
			picture_svg_addf(out, "<polygon class=\"%s\" points=\"",
			    scene_class_name(SCENE_VIRGIN + i));
			picture_svg_hex_points(out, x, y, 9);
			picture_svg_addf(out, "\"/><text x=\"%f\" y=\"%f\">%s"
			    "</text>", x + 14, y + 5,
			    picture_palette_layer_names[i]);
			x += 14 + PICTURE_PALETTE_CHAR *
			    strlen(picture_palette_layer_names[i]) + 22;
		}
	}
	buf_adds(out, "</g>");
}

/* The line under seat's name in the legend: that seat is to move. */
void
picture_svg_to_move(const struct scene *s,
    const struct picture_palette_frame *f, int seat, const char *extra,
    struct buf *out)
{
	double	x, y;
	int	row;

	picture_palette_key(s, f->width, seat, &x, &row);
	x += 13;
	y = f->legend + 21 + row * PICTURE_PALETTE_LEGEND;

	picture_svg_addf(out, "<line%s class=\"to-move\" x1=\"%f\" y1=\"%f\" "
	    "x2=\"%f\" y2=\"%f\"/>", extra, x, y,
	    x + PICTURE_PALETTE_CHAR * strlen(s->seats[seat]), y);
}

/*
 * The position in words, for those who cannot see the picture: each
 * seat's pieces where they stand (with their heights), then the cells
 * of the Wall and of the Commonwealth, or Mur's mur stone.
 */
void
picture_svg_words(const struct scene *s, struct buf *out)
{
	static const enum scene_class	 layers[] = { SCENE_WALL,
					     SCENE_COMMON };
	static const char		*names[] = { "Wall", "Commonwealth" };
	const struct scene_shape	*sh;
	const char			*place;
	size_t				 i, k;
	int				 seat, n;

	for (seat = 0; seat < s->nseats; seat++) {
		picture_svg_addf(out, "%s%s:", seat > 0 ? " " : "",
		    s->seats[seat]);
		for (n = 0, i = 0; i < s->n; i++) {
			sh = &s->shapes[i];
			if (sh->class != SCENE_PIECE || sh->seat != seat ||
			    (place = picture_svg_place(s, sh)) == NULL)
				continue;
			picture_svg_addf(out, "%s %s", n++ > 0 ? "," : "",
			    place);
			if (sh->label[0] != '\0')
				picture_svg_addf(out, " height %s", sh->label);
		}
		buf_adds(out, n == 0 ? " none." : ".");
	}
	for (k = 0; k < 2; k++) {
		for (n = 0, i = 0; i < s->n; i++) {
			sh = &s->shapes[i];
			if (sh->kind != SCENE_HEX || sh->class != layers[k])
				continue;
			if (n++ == 0)
				picture_svg_addf(out, " %s: %s", names[k],
				    sh->label);
			else
				picture_svg_addf(out, ", %s", sh->label);
		}
		if (n > 0)
			buf_addc(out, '.');
	}
	for (i = 0; i < s->n; i++) {
		sh = &s->shapes[i];
		if (sh->class == SCENE_MUR &&
		    (place = picture_svg_place(s, sh)) != NULL)
			picture_svg_addf(out, " Mur stone: %s.", place);
	}
}

/* The whole of scene s, width pixels wide, with its legend. */
void
picture_svg_render(const struct scene *s, int width, struct buf *out)
{
	struct picture_palette_frame	 f;
	struct buf			 words;
	size_t				 i;

	picture_palette_frame(s, width, &f);
	buf_init(&words);
	picture_svg_words(s, &words);
	picture_svg_open(s, &f, s->title, words.data, out);
	if (f.crop)
		picture_svg_addf(out, "<clipPath id=\"crop\"><rect y=\"%f\" "
		    "width=\"%d\" height=\"%f\"/></clipPath><g "
		    "clip-path=\"url(#crop)\">", PICTURE_PALETTE_TITLE,
		    f.width, f.legend - PICTURE_PALETTE_TITLE);
	for (i = 0; i < s->n; i++)
		picture_svg_shape(s, &f, &s->shapes[i], "", out);
	if (f.crop)
		buf_adds(out, "</g>");
	picture_svg_legend(s, &f, out);
	if (s->to_move >= 0 && s->to_move < s->nseats)
		picture_svg_to_move(s, &f, s->to_move, "", out);
	picture_svg_close(out);
	buf_free(&words);
}
