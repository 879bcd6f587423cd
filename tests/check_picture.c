#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo.h>

#include "buf.h"
#include "game.h"
#include "picture-cairo.h"
#include "picture-font.h"
#include "picture-palette.h"
#include "picture-png.h"
#include "picture-svg.h"
#include "record.h"
#include "scene-record.h"
#include "scene.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * Pictures against golden images (PNG files in tests/data/pictures), compared
 * by a tolerant pixel diff, not byte for byte: another cairo, pixman
 * or font version may move antialiased edges a little, so the test
 * passes when at most PICTURE_DIFF_SHARE of the pixels differ from the
 * golden by more than PICTURE_DIFF_LEVEL in some channel.  It must
 * still fail on a real change: the position one turn earlier, or
 * another game, is refused against the same golden.
 *
 * The names a player reads are at least PICTURE_PALETTE_LABEL_MIN
 * pixels (the font size) at the default width on the busiest boards,
 * and each digit's ink, measured by cairo, fits the circle the scene
 * keeps free for it.
 *
 * MUPBEM_GOLDEN=DIR writes the pictures to DIR instead of comparing,
 * to make new goldens after a deliberate change (look at them first).
 *
 * The palettes are checked pair by pair against WCAG 2.1 AA: every
 * text 4.5:1 against what is behind it, every piece and mark 3:1
 * against the cell it is on; a seat has a shape of its own, in the
 * pieces and the legend; a phone's picture is cut to the board in
 * play, with no text under PICTURE_PALETTE_SMALL pixels.
 *
 * The font is opened from its file, not through fontconfig's
 * configuration (picture-font.c): both faces draw text pixel for pixel
 * as fontconfig's face of the family does, and the faces, kept for the
 * process, serve many pictures alike and again after they are let go.
 * An image of more than 256 colours is written with the 256 most used
 * as its palette and every other colour as its nearest in it.
 */

#define PICTURE_AA_TEXT		4.5	/* WCAG 1.4.3 */
#define PICTURE_AA_GRAPHIC	3.0	/* WCAG 1.4.11 */

#define PICTURE_DIFF_LEVEL	64	/* of 255, in any channel */
#define PICTURE_DIFF_SHARE	0.005	/* of all pixels */
#define PICTURE_WIDTH		400

static const struct {
	const char	*golden;	/* under tests/data/pictures */
	const char	*file;		/* under tests/data */
	const char	*action;	/* played by the seat to move */
	int		 names;
	int		 earlier;	/* one action fewer: a different image */
} goldens[] = {
	{ "velox-example.png", "pictures/velox-example.pos",
	  "C3-A0 A4-C3(A0,A5)", 1, 0 },
	{ "classic-3p-movement.png", "records/classic-3p-movement.rec",
	  NULL, 0, 0 },
	{ "mur-game-two.png", "records/mur-game-two.rec", NULL, 1, 0 },
	{ "velox-walls.png", "positions/velox-walls.pos", NULL, 0, 0 },
};

struct picture_read {
	const struct buf	*in;
	size_t			 off;
};

static cairo_status_t picture_read(void *, unsigned char *, unsigned int);
static cairo_surface_t *picture_load(const struct buf *);
static cairo_surface_t *picture_render(int, int, int, const char *);
static double	picture_diff(cairo_surface_t *, cairo_surface_t *);
static cairo_surface_t *picture_golden(int);
static void	picture_teardown(void);

static cairo_status_t
picture_read(void *closure, unsigned char *data, unsigned int len)
{
	struct picture_read	*pr = closure;

	if (pr->in->len - pr->off < len)
		return (CAIRO_STATUS_READ_ERROR);
	memcpy(data, pr->in->data + pr->off, len);
	pr->off += len;
	return (CAIRO_STATUS_SUCCESS);
}

static cairo_surface_t *
picture_load(const struct buf *png)
{
	struct picture_read	 pr = { png, 0 };
	cairo_surface_t		*s;

	s = cairo_image_surface_create_from_png_stream(picture_read, &pr);
	ck_assert_msg(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS,
	    "PNG: %s", cairo_status_to_string(cairo_surface_status(s)));
	return (s);
}

/*
 * Golden i drawn now (a turn earlier if earlier), as an image; if png
 * is 0, as SVG, checked and dropped; saved in dir if not NULL.
 */
static cairo_surface_t *
picture_render(int i, int earlier, int png, const char *dir)
{
	struct picture_cairo_options	 o = { PICTURE_WIDTH,
					     !goldens[i].names, NULL };
	struct record			 r;
	struct scene			 s;
	struct game			*g;
	struct action			*a;
	struct buf			 out;
	cairo_surface_t			*image;
	size_t				 n;
	char				*text, *cause = NULL;

	scene_init(&s);
	text = test_util_read(goldens[i].file);
	if (strncmp(text, "mupbem position", 15) != 0) {
		ck_assert_int_eq(record_parse(&r, text, &cause), 0);
		n = r.nactions;
		r.nactions -= earlier;
		ck_assert_msg(scene_record_build(&r, &s, &cause) == 0, "%s",
		    cause);
		r.nactions = n;
		record_free(&r);
	} else {
		g = test_util_load(goldens[i].file);
		a = game_action_new(g);
		if (goldens[i].action != NULL && !earlier) {
			ck_assert_int_eq(g->ops->parse(g, goldens[i].action,
			    strlen(goldens[i].action), a, &cause), 0);
			ck_assert_int_eq(g->ops->picture(g,
			    g->ops->to_move(g), a, &s, &cause), 0);
		} else
			ck_assert_int_eq(scene_record_game(g, &s, &cause), 0);
		free(a);
		game_free(g);
	}
	free(text);
	buf_init(&out);
	ck_assert_msg(picture_cairo_render(&s, &o, png ? PICTURE_CAIRO_PNG :
	    PICTURE_CAIRO_SVG, &out, &cause) == 0, "%s", cause);
	scene_free(&s);
	if (dir != NULL) {
		xasprintf(&text, "%s/%s", dir, goldens[i].golden);
		ck_assert_msg(picture_cairo_save(text, &out, &cause) == 0,
		    "%s", cause);
		free(text);
	}
	image = png ? picture_load(&out) : NULL;
	if (!png) {
		ck_assert(strstr(out.data, "<svg") != NULL);
		ck_assert_msg(strstr(out.data, "href=\"http") == NULL &&
		    strstr(out.data, "href=\"file") == NULL &&
		    strstr(out.data, "@import") == NULL,
		    "the SVG refers outside itself");
	}
	buf_free(&out);
	return (image);
}

/* The share of pixels of a and b that differ by more than the level. */
static double
picture_diff(cairo_surface_t *a, cairo_surface_t *b)
{
	const unsigned char	*pa, *pb;
	uint32_t		 xa, xb;
	int			 w, h, sa, sb, k, d, bad = 0, c;

	w = cairo_image_surface_get_width(a);
	h = cairo_image_surface_get_height(a);
	if (w != cairo_image_surface_get_width(b) ||
	    h != cairo_image_surface_get_height(b))
		return (1);
	sa = cairo_image_surface_get_stride(a);
	sb = cairo_image_surface_get_stride(b);
	pa = cairo_image_surface_get_data(a);
	pb = cairo_image_surface_get_data(b);
	for (c = 0; c < w * h; c++) {
		xa = ((const uint32_t *)(pa + (c / w) * sa))[c % w];
		xb = ((const uint32_t *)(pb + (c / w) * sb))[c % w];
		for (k = 0; k < 24; k += 8) {
			d = (int)(xa >> k & 0xff) - (int)(xb >> k & 0xff);
			if (d > PICTURE_DIFF_LEVEL || d < -PICTURE_DIFF_LEVEL) {
				bad++;
				break;
			}
		}
	}
	return ((double)bad / (w * h));
}

static cairo_surface_t *
picture_golden(int i)
{
	cairo_surface_t	*s;
	char		*path;

	xasprintf(&path, "%s/pictures/%s", TEST_DATA, goldens[i].golden);
	s = cairo_image_surface_create_from_png(path);
	ck_assert_msg(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS,
	    "%s: %s", path, cairo_status_to_string(cairo_surface_status(s)));
	free(path);
	return (s);
}

/* Each picture matches its golden, within the tolerance. */
START_TEST(test_golden)
{
	cairo_surface_t	*now, *golden;
	const char	*dir = getenv("MUPBEM_GOLDEN");
	double		 share;

	now = picture_render(_i, 0, 1, dir);
	if (dir != NULL) {
		cairo_surface_destroy(now);
		return;
	}
	golden = picture_golden(_i);
	share = picture_diff(now, golden);
	ck_assert_msg(share <= PICTURE_DIFF_SHARE, "%s: %.2f%% of the pixels "
	    "differ", goldens[_i].golden, share * 100);
	picture_render(_i, 0, 0, NULL);
	cairo_surface_destroy(now);
	cairo_surface_destroy(golden);
}
END_TEST

/* The tolerance is a tolerance: small scattered changes pass. */
START_TEST(test_tolerant)
{
	cairo_surface_t	*now, *golden;
	unsigned char	*p;
	int		 w, h, stride, c, n;

	now = picture_render(0, 0, 1, NULL);
	golden = picture_golden(0);
	w = cairo_image_surface_get_width(now);
	h = cairo_image_surface_get_height(now);
	stride = cairo_image_surface_get_stride(now);
	cairo_surface_flush(now);
	p = cairo_image_surface_get_data(now);
	/* Every pixel a little off, and a tenth of the share far off. */
	for (c = 0; c < w * h; c++)
		p[(c / w) * stride + (c % w) * 4] ^= 0x0f;
	n = (int)(w * h * PICTURE_DIFF_SHARE / 10);
	for (c = 0; c < n; c++)
		p[(c * 97 % h) * stride + (c * 89 % w) * 4 + 1] ^= 0xff;
	cairo_surface_mark_dirty(now);
	ck_assert(picture_diff(now, golden) <= PICTURE_DIFF_SHARE);
	cairo_surface_destroy(now);
	cairo_surface_destroy(golden);
}
END_TEST

/* A real change fails: a turn earlier, or another game. */
START_TEST(test_change)
{
	cairo_surface_t	*now, *golden;
	double		 share;
	int		 i;

	for (i = 0; i < 3; i++) {
		now = picture_render(i, 1, 1, NULL);
		golden = picture_golden(i);
		share = picture_diff(now, golden);
		ck_assert_msg(share > PICTURE_DIFF_SHARE, "%s a turn earlier: "
		    "only %.3f%% of the pixels differ", goldens[i].golden,
		    share * 100);
		cairo_surface_destroy(now);
		cairo_surface_destroy(golden);
	}
	now = picture_render(3, 0, 1, NULL);
	golden = picture_golden(0);
	ck_assert(picture_diff(now, golden) > PICTURE_DIFF_SHARE);
	cairo_surface_destroy(now);
	cairo_surface_destroy(golden);
}
END_TEST

/*
 * Every pair palette _i can draw reads: a piece's height on each seat
 * colour, a piece (its fill or its black rim) on each layer, Mur's
 * stone on its board, and the black text, names and marks on white
 * (a name is drawn on a white disc or box, whatever the layer).
 */
START_TEST(test_contrast)
{
	const struct picture_palette	*p = picture_palette_all[_i];
	const double			*c, *layer;
	double				 fill, rim, text;
	int				 i, k;

	ck_assert_ptr_nonnull(p);
	ck_assert_msg(p->rim >= 2, "%s: a rim of %.1f pixels", p->name,
	    p->rim);
	for (i = 0; p->seats[i].name != NULL; i++) {
		c = p->seats[i].rgb;
		text = picture_palette_contrast(picture_palette_ink(c), c);
		ck_assert_msg(text >= PICTURE_AA_TEXT, "%s: a height on %s is "
		    "%.2f:1", p->name, p->seats[i].name, text);
		for (k = 0; k < 3; k++) {
			layer = p->layers[k];
			fill = picture_palette_contrast(c, layer);
			rim = picture_palette_contrast(picture_palette_black,
			    layer);
			ck_assert_msg(fill >= PICTURE_AA_GRAPHIC ||
			    rim >= PICTURE_AA_GRAPHIC, "%s: %s on %s is "
			    "%.2f:1, its rim %.2f:1", p->name, p->seats[i].name,
			    picture_palette_layer_names[k], fill, rim);
		}
	}
	ck_assert(fmax(picture_palette_contrast(p->mur, p->layers[0]),
	    picture_palette_contrast(picture_palette_black, p->layers[0])) >=
	    PICTURE_AA_GRAPHIC);
	ck_assert(picture_palette_contrast(picture_palette_black, p->mur) >=
	    PICTURE_AA_GRAPHIC);
	ck_assert(picture_palette_contrast(picture_palette_black,
	    picture_palette_white) >= PICTURE_AA_TEXT);
}
END_TEST

/* WCAG's own figures: white on black 21:1, on #777 4.48:1. */
START_TEST(test_contrast_ratio)
{
	static const double	grey[3] = { 0x77 / 255.0, 0x77 / 255.0,
				    0x77 / 255.0 };

	ck_assert_double_eq_tol(picture_palette_contrast(picture_palette_white,
	    picture_palette_black), 21, 1e-9);
	ck_assert_double_eq_tol(picture_palette_contrast(grey,
	    picture_palette_white), 4.48, 0.005);
	ck_assert_ptr_eq(picture_palette_ink(grey), picture_palette_black);
	ck_assert_ptr_null(picture_palette_find("sepia"));
	ck_assert_str_eq(picture_palette_find("Contrast")->name, "contrast");
}
END_TEST

/* A scene of six seats, one piece each on a row of Virginity. */
static void
picture_six(struct scene *s)
{
	static const char	*seats[] = { "red", "blue", "green", "yellow",
				    "purple", "white" };
	struct scene_shape	*sh;
	int			 i;

	scene_init(s);
	s->nseats = 6;
	for (i = 0; i < 6; i++) {
		s->seats[i] = seats[i];
		sh = scene_add(s, SCENE_HEX, SCENE_VIRGIN, 2 * i, 0, 1);
		snprintf(sh->label, sizeof sh->label, "A%d", i);
		sh = scene_add(s, SCENE_DISC, SCENE_PIECE, 2 * i, 0, 0.62);
		sh->seat = i;
		snprintf(sh->label, sizeof sh->label, "%d", i + 1);
	}
	s->to_move = 0;
}

/* Each seat's pieces, and its key in the legend, have its own shape. */
START_TEST(test_shapes)
{
	static const char	*want[] = {
		"data-seat=\"red\" data-height=\"1\"><circle ",
		"data-seat=\"blue\" data-height=\"2\"><path class=\"square\"",
		"data-seat=\"green\" data-height=\"3\"><path class=\"diamond\"",
		"data-seat=\"yellow\" data-height=\"4\"><path "
		    "class=\"triangle\"",
		"data-seat=\"purple\" data-height=\"5\"><path class=\"nabla\"",
		"data-seat=\"white\" data-height=\"6\"><path "
		    "class=\"pentagon\"",
		"<g class=\"key\" data-seat=\"blue\" stroke=\"#000\" "
		    "stroke-width=\"1.5\"><path class=\"square\"",
		"<g class=\"key\" data-seat=\"white\" stroke=\"#000\" "
		    "stroke-width=\"1.5\"><path class=\"pentagon\""
	};
	struct scene	s;
	struct buf	out;
	size_t		i;

	picture_six(&s);
	buf_init(&out);
	picture_svg_render(&s, 800, &out);
	for (i = 0; i < sizeof want / sizeof want[0]; i++)
		ck_assert_msg(strstr(out.data, want[i]) != NULL, "no '%s' in "
		    "%s", want[i], out.data);
	buf_free(&out);
	scene_free(&s);
}
END_TEST

/*
 * No piece rises into the band of its cell's name, which starts 1.1
 * disc radii above its centre, and every piece's text is inside it.
 */
START_TEST(test_piece_top)
{
	struct picture_palette_frame	f;
	struct picture_palette_piece	p;
	int				k;

	memset(&f, 0, sizeof f);
	picture_palette_piece(&f, (enum picture_palette_shape)_i, 1, 10, &p);
	ck_assert_double_eq_tol(p.r, 10, 1e-9);
	ck_assert(p.size >= 8 && p.size <= 10.5);
	ck_assert(p.dy > -p.r / 2 && p.dy < p.r / 2);
	for (k = 0; k < p.n; k++)
		ck_assert_msg(p.xy[2 * k + 1] >= -11 - 1e-9, "%s: a corner "
		    "%.1f above the centre",
		    picture_palette_shape_name(p.shape), -p.xy[2 * k + 1]);
}
END_TEST

/*
 * A phone's picture: 400 pixels wide, cut to where the pieces are on
 * a big board, with no text under PICTURE_PALETTE_SMALL pixels.
 */
START_TEST(test_phone)
{
	struct picture_palette_frame	 wide, phone;
	struct scene			 s;
	struct scene_shape		*sh;
	struct buf			 out;
	const char			*p;
	double				 size;

	picture_six(&s);
	/* An empty corner far away, which a phone leaves out. */
	sh = scene_add(&s, SCENE_HEX, SCENE_VIRGIN, 10, 30, 1);
	snprintf(sh->label, sizeof sh->label, "Z0");
	picture_palette_frame(&s, 800, &wide);
	picture_palette_frame(&s, 400, &phone);
	ck_assert_int_eq(wide.crop, 0);
	ck_assert_int_eq(phone.crop, 1);
	ck_assert_int_eq(phone.width, 400);
	ck_assert_msg(phone.scale > wide.scale, "a phone's scale %.1f, "
	    "the whole board's at 800 pixels %.1f", phone.scale, wide.scale);
	ck_assert_int_lt(phone.height, 400 * 3 / 2 + 100);
	buf_init(&out);
	picture_svg_render(&s, 400, &out);
	ck_assert(strstr(out.data, "clip-path=\"url(#crop)\"") != NULL);
	for (p = out.data; (p = strstr(p, "font-size=\"")) != NULL; p++) {
		size = strtod(p + 11, NULL);
		ck_assert_msg(size >= PICTURE_PALETTE_SMALL, "a text of %.1f "
		    "pixels at 400", size);
	}
	buf_free(&out);
	scene_free(&s);
}
END_TEST

/*
 * A phone's legend of six seats breaks into two rows, which the frame
 * makes room for, and the SVG puts the sixth key on the second.
 */
START_TEST(test_phone_legend)
{
	struct picture_palette_frame	 wide, phone;
	struct scene			 s;
	struct buf			 out;
	const char			*p;
	double				 x, y0, y5;
	int				 row;

	picture_six(&s);
	picture_palette_frame(&s, 800, &wide);
	picture_palette_frame(&s, 400, &phone);
	ck_assert_int_eq(wide.rows, 1);
	ck_assert_int_eq(phone.rows, 2);
	picture_palette_key(&s, 400, 5, &x, &row);
	ck_assert_int_eq(row, 1);
	ck_assert_double_lt(x, 100);
	picture_palette_key(&s, 400, 4, &x, &row);
	ck_assert_int_eq(row, 0);
	ck_assert_double_lt(x + 13 + 6 * PICTURE_PALETTE_CHAR, 390);
	buf_init(&out);
	picture_svg_render(&s, 400, &out);
	ck_assert_ptr_nonnull(p = strstr(out.data, "data-seat=\"red\" stroke"));
	ck_assert_ptr_nonnull(p = strstr(p, "</g><text x=\""));
	ck_assert_ptr_nonnull(p = strstr(p, "y=\""));
	y0 = strtod(p + 3, NULL);
	ck_assert_ptr_nonnull(p = strstr(out.data,
	    "data-seat=\"white\" stroke"));
	ck_assert_ptr_nonnull(p = strstr(p, "</g><text x=\""));
	ck_assert_ptr_nonnull(p = strstr(p, "y=\""));
	y5 = strtod(p + 3, NULL);
	ck_assert_double_eq_tol(y5 - y0, PICTURE_PALETTE_LEGEND, 1e-6);
	ck_assert_double_lt(y5 + PICTURE_PALETTE_LEGEND, phone.height);
	buf_free(&out);
	scene_free(&s);
}
END_TEST

/*
 * On a phone, a busy board of six leaves its cells' digits out, which
 * would cover their neighbours at 11 pixels, and keeps its segments'
 * labels; at 800 pixels every digit is drawn.
 */
START_TEST(test_phone_names)
{
	struct picture_palette_frame	 f;
	struct record			 r;
	struct scene			 s;
	char				*text, *cause = NULL;
	size_t				 i, digits[2] = { 0, 0 }, labels[2] = { 0, 0 };
	int				 k, widths[2] = { 800, 400 };

	text = test_util_read("pictures/classic-6p-busy.rec");
	ck_assert_int_eq(record_parse(&r, text, &cause), 0);
	scene_init(&s);
	ck_assert_msg(scene_record_build(&r, &s, &cause) == 0, "%s", cause);
	for (k = 0; k < 2; k++) {
		picture_palette_frame(&s, widths[k], &f);
		for (i = 0; i < s.n; i++) {
			if (s.shapes[i].kind != SCENE_TEXT ||
			    !picture_palette_label_shown(&f, &s.shapes[i]))
				continue;
			if (s.shapes[i].class == SCENE_NAME)
				digits[k]++;
			else if (s.shapes[i].class == SCENE_SEGMENT)
				labels[k]++;
		}
	}
	ck_assert_uint_eq(digits[0], 6 * 42);
	ck_assert_uint_eq(digits[1], 0);
	ck_assert_uint_eq(labels[0], 42);
	ck_assert_uint_eq(labels[1], 42);
	scene_free(&s);
	record_free(&r);
	free(text);
}
END_TEST

/*
 * Names at mail size: at 800 pixels, on the busiest boards, each cell's
 * digit and segment's label is drawn at 11 pixels or more, and cairo
 * measures its ink inside the box the scene keeps free for it.
 */
START_TEST(test_name_size)
{
	static const char		*files[] = {
		"pictures/classic-6p-busy.rec", "records/velox-midgame.rec"
	};
	const struct scene_shape	*sh;
	struct picture_palette_frame	 f;
	cairo_text_extents_t		 te;
	cairo_surface_t			*surface;
	cairo_t				*cr;
	struct record			 r;
	struct scene			 s;
	char				*text, *cause = NULL;
	double				 size, least = 1e9;
	size_t				 i, n = 0;

	surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 10, 10);
	cr = cairo_create(surface);
	cairo_select_font_face(cr, PICTURE_PALETTE_FONT,
	    CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
	text = test_util_read(files[_i]);
	ck_assert_int_eq(record_parse(&r, text, &cause), 0);
	scene_init(&s);
	ck_assert_msg(scene_record_build(&r, &s, &cause) == 0, "%s", cause);
	picture_palette_frame(&s, PICTURE_CAIRO_WIDTH, &f);
	for (i = 0; i < s.n; i++) {
		sh = &s.shapes[i];
		if (sh->kind != SCENE_TEXT || (sh->class != SCENE_NAME &&
		    sh->class != SCENE_SEGMENT))
			continue;
		size = picture_palette_label_size(&f, sh);
		if (size < least)
			least = size;
		cairo_set_font_size(cr, size);
		cairo_text_extents(cr, sh->label, &te);
		/* A digit's ink in its circle, a label's in its height. */
		if (sh->class == SCENE_NAME)
			ck_assert_msg(hypot(te.width, te.height) / 2 <=
			    sh->r * f.scale + 0.5, "%s: %s is %.1f by %.1f "
			    "pixels, its circle %.1f across", files[_i],
			    sh->label, te.width, te.height,
			    2 * sh->r * f.scale);
		else
			ck_assert_msg(te.height <= 2 * sh->r * f.scale,
			    "%s: %s is %.1f pixels high", files[_i],
			    sh->label, te.height);
		n++;
	}
	ck_assert_uint_gt(n, 100);
	ck_assert_msg(least >= 11, "%s: names at %.1f pixels", files[_i],
	    least);
	fprintf(stderr, "%s: %zu names, the smallest at %.1f pixels, cells "
	    "%.1f pixels across\n", files[_i], n, least, f.scale * 2);
	scene_free(&s);
	record_free(&r);
	free(text);
	cairo_destroy(cr);
	cairo_surface_destroy(surface);
}
END_TEST

/* Text in face at a few sizes, on a white image of its own. */
static cairo_surface_t *
picture_font_text(cairo_font_face_t *face)
{
	static const char	*text = "G12: red wins 11-0 by resignation, "
				    "A1 b7 C12 0123456789";
	static const double	 sizes[] = { 9, 11, 13.5, 14, 20 };
	cairo_surface_t		*surface;
	cairo_t			*cr;
	size_t			 i;

	surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 600, 160);
	cr = cairo_create(surface);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_font_face(cr, face);
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		cairo_set_font_size(cr, sizes[i]);
		cairo_move_to(cr, 3.25 + i, 25 + 28 * i);
		cairo_show_text(cr, text);
	}
	ck_assert_int_eq(cairo_status(cr), CAIRO_STATUS_SUCCESS);
	cairo_destroy(cr);
	cairo_surface_flush(surface);
	return (surface);
}

/*
 * Each face comes from its file, and draws what fontconfig's face of
 * the family draws, to the pixel.
 */
START_TEST(test_font_file)
{
	cairo_font_face_t	*toy;
	cairo_surface_t		*a, *b;
	int			 bold = _i, y, h, stride;

	ck_assert_msg(access(bold ? PICTURE_FONT_BOLD : PICTURE_FONT_REGULAR,
	    R_OK) == 0, "no font file (fonts-dejavu-core)");
	a = picture_font_text(picture_font_face(PICTURE_PALETTE_FONT, bold));
	ck_assert(picture_font_direct(bold));
	toy = cairo_toy_font_face_create(PICTURE_PALETTE_FONT,
	    CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD :
	    CAIRO_FONT_WEIGHT_NORMAL);
	b = picture_font_text(toy);
	cairo_font_face_destroy(toy);
	h = cairo_image_surface_get_height(a);
	stride = cairo_image_surface_get_stride(a);
	for (y = 0; y < h; y++) {
		ck_assert_msg(memcmp(cairo_image_surface_get_data(a) +
		    y * stride, cairo_image_surface_get_data(b) + y * stride,
		    stride) == 0, "%s: row %d differs from fontconfig's",
		    bold ? "bold" : "regular", y);
	}
	cairo_surface_destroy(a);
	cairo_surface_destroy(b);
}
END_TEST

/*
 * The kept faces serve many pictures, each the same PNG, and after
 * picture_cairo_done() lets them go the next picture is the same too.
 */
START_TEST(test_font_kept)
{
	struct picture_cairo_options	 o;
	struct record			 r;
	struct scene			 s;
	struct buf			 first, out;
	cairo_font_face_t		*face;
	char				*text, *cause = NULL;
	int				 i;

	text = test_util_read("records/velox-midgame.rec");
	ck_assert_int_eq(record_parse(&r, text, &cause), 0);
	scene_init(&s);
	ck_assert_msg(scene_record_build(&r, &s, &cause) == 0, "%s", cause);
	memset(&o, 0, sizeof o);
	buf_init(&first);
	buf_init(&out);
	ck_assert(picture_cairo_render(&s, &o, PICTURE_CAIRO_PNG, &first,
	    &cause) == 0);
	face = picture_font_face(PICTURE_PALETTE_FONT, 1);
	for (i = 0; i < 40; i++) {
		buf_reset(&out);
		ck_assert(picture_cairo_render(&s, &o, i % 2 ?
		    PICTURE_CAIRO_SVG : PICTURE_CAIRO_PNG, &out, &cause) == 0);
		ck_assert(picture_font_face(PICTURE_PALETTE_FONT, 1) == face);
		ck_assert(i % 2 || (out.len == first.len &&
		    memcmp(out.data, first.data, out.len) == 0));
	}
	picture_cairo_done();
	buf_reset(&out);
	ck_assert(picture_cairo_render(&s, &o, PICTURE_CAIRO_PNG, &out,
	    &cause) == 0);
	ck_assert(out.len == first.len &&
	    memcmp(out.data, first.data, out.len) == 0);
	ck_assert(picture_font_direct(1) && picture_font_direct(0));
	buf_free(&first);
	buf_free(&out);
	scene_free(&s);
	record_free(&r);
	free(text);
}
END_TEST

static long
picture_rgb_distance(uint32_t a, uint32_t b)
{
	long	dr, dg, db;

	dr = (long)(a >> 16 & 0xff) - (long)(b >> 16 & 0xff);
	dg = (long)(a >> 8 & 0xff) - (long)(b >> 8 & 0xff);
	db = (long)(a & 0xff) - (long)(b & 0xff);
	return (3 * dr * dr + 4 * dg * dg + 2 * db * db);
}

/*
 * 2,000 colours, some common and most rare: the PNG has a palette of
 * 256, and each pixel comes back as the nearest palette colour to its
 * own, as a search of the whole palette finds it.
 */
START_TEST(test_png_nearest)
{
	cairo_surface_t	*surface, *back;
	struct buf	 out;
	uint32_t	 colours[2000], pal[256], *px, *bx, seed = 12345;
	char		*cause = NULL;
	int		 w = 400, h = 200, x, y, k, n = 0, stride, bstride;
	long		 best, d;

	for (k = 0; k < 2000; k++) {
		seed = seed * 1103515245 + 12345;
		colours[k] = seed >> 8 & 0xffffff;
	}
	surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	stride = cairo_image_surface_get_stride(surface);
	for (y = 0; y < h; y++) {
		px = (uint32_t *)(cairo_image_surface_get_data(surface) +
		    y * stride);
		for (x = 0; x < w; x++) {
			seed = seed * 1103515245 + 12345;
			k = seed >> 16 & 0x7fff;
			/* Half the pixels from 100 colours, half from all. */
			px[x] = colours[k % 2 ? k / 2 % 100 : k / 2 % 2000];
		}
	}
	cairo_surface_mark_dirty(surface);
	buf_init(&out);
	ck_assert_msg(picture_png_encode(surface, &out, &cause) == 0, "%s",
	    cause);
	ck_assert(out.len > 33 && memcmp(out.data + 12, "IHDR", 4) == 0 &&
	    out.data[25] == 3);
	back = picture_load(&out);
	bstride = cairo_image_surface_get_stride(back);
	for (y = 0; y < h; y++) {
		bx = (uint32_t *)(cairo_image_surface_get_data(back) +
		    y * bstride);
		for (x = 0; x < w; x++) {
			for (k = 0; k < n && pal[k] != (bx[x] & 0xffffff); k++)
				;
			if (k == n) {
				ck_assert_int_lt(n, 256);
				pal[n++] = bx[x] & 0xffffff;
			}
		}
	}
	ck_assert_int_eq(n, 256);
	for (y = 0; y < h; y++) {
		px = (uint32_t *)(cairo_image_surface_get_data(surface) +
		    y * stride);
		bx = (uint32_t *)(cairo_image_surface_get_data(back) +
		    y * bstride);
		for (x = 0; x < w; x++) {
			best = -1;
			for (k = 0; k < n; k++) {
				d = picture_rgb_distance(px[x], pal[k]);
				if (best == -1 || d < best)
					best = d;
			}
			d = picture_rgb_distance(px[x], bx[x]);
			ck_assert_msg(d == best, "pixel %d,%d: %06x became "
			    "%06x, not the nearest", x, y, px[x] & 0xffffff,
			    bx[x] & 0xffffff);
		}
	}
	cairo_surface_destroy(back);
	cairo_surface_destroy(surface);
	buf_free(&out);
}
END_TEST

/* Cairo's and fontconfig's caches go, so a leak checker sees none. */
static void
picture_teardown(void)
{
	picture_cairo_done();
}

static Suite *
picture_suite(void)
{
	Suite	*s = suite_create("picture");
	TCase	*tc = tcase_create("picture");
	int	 n;

	/* The slowest test: 0.2 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, NULL, picture_teardown);
	tcase_add_loop_test(tc, test_golden, 0,
	    sizeof goldens / sizeof goldens[0]);
	tcase_add_test(tc, test_tolerant);
	tcase_add_test(tc, test_change);
	tcase_add_loop_test(tc, test_name_size, 0, 2);
	suite_add_tcase(s, tc);
	tc = tcase_create("palette");
	tcase_set_timeout(tc, 30);
	for (n = 0; picture_palette_all[n] != NULL; n++)
		;
	tcase_add_loop_test(tc, test_contrast, 0, n);
	tcase_add_test(tc, test_contrast_ratio);
	tcase_add_test(tc, test_shapes);
	tcase_add_loop_test(tc, test_piece_top, 0, PICTURE_PALETTE_NSHAPES);
	tcase_add_test(tc, test_phone);
	tcase_add_test(tc, test_phone_legend);
	tcase_add_test(tc, test_phone_names);
	suite_add_tcase(s, tc);
	tc = tcase_create("font");
	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, NULL, picture_teardown);
	tcase_add_loop_test(tc, test_font_file, 0, 2);
	tcase_add_test(tc, test_font_kept);
	tcase_add_test(tc, test_png_nearest);
	suite_add_tcase(s, tc);
	return (s);
}

int
main(void)
{
	return (test_util_run(picture_suite()));
}
