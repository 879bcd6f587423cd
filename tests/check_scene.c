#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "game.h"
#include "record.h"
#include "scene-record.h"
#include "scene.h"
#include "test-util.h"

/*
 * The scenes of known positions, counted by class: every cell a
 * hexagon of its layer, every piece a disc, and the marks of the last
 * action, which the report of the same action confirms (in the velox
 * example of the rules, check_mu_example.c: two moves, two captures,
 * seven explosions, five sprouts and two cells turned Wall).  A summary
 * lists each class present as name:count, in class order, with arrows
 * apart.
 *
 * Then what a player reads (docs/pictures.md, Coordinates): every
 * cell's name, as segment label and digit, is at its top corner; no
 * piece, mark or arrow covers a name or a height, measured in the
 * scene's units; the layout phase's places are the letters and places
 * of the text diagram (mupbem legal's order); a finished game's title
 * says who won and the score.
 */

/* A height's box on a piece of radius 0.62: half a digit, its height. */
#define SCENE_HEIGHT_W		0.2
#define SCENE_HEIGHT_H		0.25

static const struct {
	const char	*file;		/* under tests/data */
	const char	*action;	/* played by the seat to move, or NULL */
	const char	*want;
} cases[] = {
	/* A position: its cells and pieces, no marks. */
	{ "positions/velox-walls.pos", NULL,
	  "virgin:107 common:3 wall:2 piece:18 border:237 name:96 "
	  "segment:16" },
	/* The rules' velox example: 001, steps 1-9. */
	{ "pictures/velox-example.pos", "C3-A0 A4-C3(A0,A5)",
	  "virgin:25 common:15 wall:2 piece:14 from:2 to:2 explode:7 "
	  "capture:2 sprout:5 newwall:2 border:93 name:36 segment:6 "
	  "arrow:2" },
	/* A record: its last turn, red's two moves A2-A3 B0-B6. */
	{ "records/classic-3p-movement.rec", NULL,
	  "virgin:144 common:3 piece:14 from:2 to:2 border:308 name:126 "
	  "segment:21 arrow:2" },
	/* Mur: the board, the stones, the last move se2 cw. */
	{ "records/mur-game-two.rec", NULL,
	  "board:1 ring:3 spoke:4 point:25 piece:13 mur:1 from:1 to:1 "
	  "rest:1 name:25 arrow:1" },
	/* Mur: two white stones trapped, owed for withdrawal. */
	{ "positions/mur-double-trap.pos", NULL,
	  "board:1 ring:3 spoke:4 point:25 piece:9 mur:1 capture:2 "
	  "name:25" },
	/*
	 * Mur: withdrawing both is black's third trap; the next game's
	 * set-up takes the stone off the centre as well.
	 */
	{ "positions/mur-double-trap.pos", "x ne3 se3",
	  "board:1 ring:3 spoke:4 point:25 piece:6 mur:1 remove:3 "
	  "name:25" },
	/* The layout phase: its places, as the text diagram letters them. */
	{ "records/levis-layout.rec", NULL,
	  "virgin:28 piece:4 place:1 border:63 name:24 segment:4 "
	  "site:22" },
	/* The busiest board of the test data: 6 players, 459 turns. */
	{ "pictures/classic-6p-busy.rec", NULL, NULL },
	{ "records/velox-midgame.rec", NULL, NULL },
};

static void	scene_summary(const struct scene *, struct buf *);
static void	scene_of(int, struct scene *);
static const struct scene_shape *scene_hex_at(const struct scene *, double,
		    double);
static double	scene_box_distance(double, double, double, double, double,
		    double);
static int	scene_boxes_meet(double, double, double, double, double,
		    double, double, double);
static void	scene_title_of(const char *, char *, size_t);

static void
scene_summary(const struct scene *s, struct buf *out)
{
	size_t	n;
	int	c;

	for (c = 0; c < SCENE_NCLASSES; c++) {
		n = scene_count(s, -1, c) - scene_count(s, SCENE_ARROW, c);
		if (n != 0)
			buf_addf(out, "%s%s:%zu", out->len ? " " : "",
			    scene_class_name(c), n);
	}
	if ((n = scene_count(s, SCENE_ARROW, -1)) != 0)
		buf_addf(out, " arrow:%zu", n);
}

/* The scene of case i. */
static void
scene_of(int i, struct scene *s)
{
	struct record	 r;
	struct game	*g;
	struct action	*a;
	char		*text, *cause = NULL;

	text = test_util_read(cases[i].file);
	if (strncmp(text, "mupbem position", 15) != 0) {
		ck_assert_int_eq(record_parse(&r, text, &cause), 0);
		ck_assert_msg(scene_record_build(&r, s, &cause) == 0, "%s",
		    cause);
		record_free(&r);
		free(text);
		return;
	}
	free(text);
	g = test_util_load(cases[i].file);
	if (cases[i].action == NULL)
		ck_assert_msg(scene_record_game(g, s, &cause) == 0, "%s",
		    cause);
	else {
		a = game_action_new(g);
		ck_assert_msg(g->ops->parse(g, cases[i].action,
		    strlen(cases[i].action), a, &cause) == 0, "%s", cause);
		ck_assert_msg(g->ops->picture(g, g->ops->to_move(g), a, s,
		    &cause) == 0, "%s", cause);
		free(a);
	}
	game_free(g);
}

START_TEST(test_counts)
{
	struct scene	s;
	struct buf	out;

	scene_init(&s);
	scene_of(_i, &s);
	buf_init(&out);
	scene_summary(&s, &out);
	ck_assert_msg(cases[_i].want == NULL ||
	    strcmp(out.data, cases[_i].want) == 0,
	    "%s: got \"%s\", want \"%s\"", cases[_i].file, out.data,
	    cases[_i].want);
	ck_assert(s.title[0] != '\0');
	buf_free(&out);
	scene_free(&s);
}
END_TEST

/* The hexagon centred on x, y, or NULL. */
static const struct scene_shape *
scene_hex_at(const struct scene *s, double x, double y)
{
	size_t	i;

	for (i = 0; i < s->n; i++) {
		if (s->shapes[i].kind == SCENE_HEX &&
		    fabs(s->shapes[i].x - x) < 1e-6 &&
		    fabs(s->shapes[i].y - y) < 1e-6)
			return (&s->shapes[i]);
	}
	return (NULL);
}

/* From x, y to the box centred on bx, by, half w wide and h high. */
static double
scene_box_distance(double x, double y, double bx, double by, double w,
    double h)
{
	double	dx = fabs(x - bx) - w, dy = fabs(y - by) - h;

	if (dx < 0)
		dx = 0;
	if (dy < 0)
		dy = 0;
	return (hypot(dx, dy));
}

/* Whether two boxes, centre and half width and height, overlap. */
static int
scene_boxes_meet(double x1, double y1, double w1, double h1, double x2,
    double y2, double w2, double h2)
{
	return (fabs(x1 - x2) < w1 + w2 && fabs(y1 - y2) < h1 + h2);
}

/*
 * Each cell's name reads from its top corner: the centre cell's is the
 * segment's label, every other cell's its digit, beside its centre
 * cell, whose top corner has the segment's label; one name a cell.
 */
START_TEST(test_names)
{
	const struct scene_shape	*sh, *hex, *centre, *t;
	struct scene			 s;
	char				 seg[SCENE_LABEL_MAX];
	size_t				 i, j, n = 0, len;

	scene_init(&s);
	scene_of(_i, &s);
	for (i = 0; i < s.n; i++) {
		sh = &s.shapes[i];
		if (sh->kind != SCENE_TEXT || (sh->class != SCENE_NAME &&
		    sh->class != SCENE_SEGMENT) || scene_count(&s, SCENE_HEX,
		    -1) == 0)
			continue;
		hex = scene_hex_at(&s, sh->x, sh->y + 1);
		ck_assert_msg(hex != NULL, "%s: %s at %g,%g is on no cell's "
		    "top corner", cases[_i].file, sh->label, sh->x, sh->y);
		len = strlen(hex->label) - 1;
		memcpy(seg, hex->label, len);
		seg[len] = '\0';
		if (sh->class == SCENE_SEGMENT) {
			ck_assert_str_eq(sh->label, seg);
			ck_assert_str_eq(hex->label + len, "0");
			n++;
			continue;
		}
		ck_assert_str_eq(sh->label, hex->label + len);
		ck_assert_str_ne(sh->label, "0");
		centre = NULL;
		for (j = 0; j < s.n; j++) {
			t = &s.shapes[j];
			if (t->class == SCENE_SEGMENT &&
			    strcmp(t->label, seg) == 0)
				centre = scene_hex_at(&s, t->x, t->y + 1);
		}
		ck_assert_msg(centre != NULL, "%s: no label %s",
		    cases[_i].file, seg);
		ck_assert_msg(fabs(hypot(centre->x - hex->x,
		    centre->y - hex->y) - sqrt(3.0)) < 1e-9, "%s: %s is not "
		    "beside %s's centre", cases[_i].file, hex->label, seg);
		n++;
	}
	if (scene_count(&s, SCENE_HEX, -1) != 0)
		ck_assert_uint_eq(n, scene_count(&s, SCENE_HEX, -1));
	scene_free(&s);
}
END_TEST

/*
 * Nothing covers a name or a height.  Names are drawn after everything
 * else; a circle of radius r holds a character (check_picture measures
 * it), and no piece or mark reaches that circle round a cell's digit;
 * no label (its box r a character wide) meets a
 * height's box.  Arrows are drawn under the pieces, and no arrow's
 * head is inside a piece.
 */
START_TEST(test_no_cover)
{
	const struct scene_shape	*sh, *t;
	struct scene			 s;
	size_t				 i, j, lastdrawn = 0, firstpiece;
	double				 w;
	int				 hex;

	scene_init(&s);
	scene_of(_i, &s);
	hex = scene_count(&s, SCENE_HEX, -1) != 0;
	firstpiece = s.n;
	for (i = 0; i < s.n; i++) {
		sh = &s.shapes[i];
		if (sh->kind == SCENE_DISC || sh->kind == SCENE_MARK ||
		    sh->kind == SCENE_ARROW)
			lastdrawn = i;
		if (sh->class == SCENE_PIECE && firstpiece == s.n)
			firstpiece = i;
	}
	for (i = 0; i < s.n; i++) {
		t = &s.shapes[i];
		if (t->kind != SCENE_TEXT || t->class == SCENE_SITE)
			continue;
		ck_assert_msg(i > lastdrawn, "%s: %s is drawn before a piece "
		    "or mark", cases[_i].file, t->label);
		w = t->r * strlen(t->label);
		for (j = 0; j < s.n; j++) {
			sh = &s.shapes[j];
			if (sh->class == SCENE_PIECE && sh->label[0] != '\0' &&
			    scene_boxes_meet(t->x, t->y, w, t->r, sh->x,
			    sh->y, SCENE_HEIGHT_W * strlen(sh->label),
			    SCENE_HEIGHT_H))
				ck_abort_msg("%s: %s at %g,%g meets a height "
				    "at %g,%g", cases[_i].file, t->label, t->x,
				    t->y, sh->x, sh->y);
			/* Mur's names are only drawn over its marks. */
			if (t->class != SCENE_NAME || !hex ||
			    (sh->kind != SCENE_MARK &&
			    sh->class != SCENE_PIECE))
				continue;
			ck_assert_msg(hypot(t->x - sh->x, t->y - sh->y) >=
			    t->r + sh->r - 1e-9, "%s: the %s at %g,%g covers "
			    "%s at %g,%g", cases[_i].file,
			    scene_class_name(sh->class), sh->x, sh->y,
			    t->label, t->x, t->y);
		}
	}
	for (i = 0; i < s.n; i++) {
		sh = &s.shapes[i];
		if (sh->kind != SCENE_ARROW)
			continue;
		ck_assert_msg(i < firstpiece, "%s: an arrow over the pieces",
		    cases[_i].file);
		for (j = 0; j < s.n; j++) {
			t = &s.shapes[j];
			if (t->class != SCENE_PIECE && t->class != SCENE_MUR)
				continue;
			ck_assert_msg(scene_box_distance(sh->x2, sh->y2, t->x,
			    t->y, 0, 0) >= t->r, "%s: an arrow's head at "
			    "%g,%g is inside the piece at %g,%g",
			    cases[_i].file, sh->x2, sh->y2, t->x, t->y);
		}
	}
	scene_free(&s);
}
END_TEST

/*
 * The layout phase: its places are those of the text diagram, letter
 * for letter: the i-th legal placement (mupbem legal's order, which
 * the diagram letters a, b, ...) at the i-th place, "(a)" at @q,r's
 * centre.
 */
START_TEST(test_sites)
{
	const struct scene_shape	*sh;
	struct record			 r;
	struct scene			 s;
	struct game			*g;
	struct action			*legal;
	struct buf			 text;
	char				*rec, *cause = NULL, want[16];
	size_t				 i, k = 0;
	int				 n, q, rr;

	rec = test_util_read("records/levis-layout.rec");
	ck_assert_int_eq(record_parse(&r, rec, &cause), 0);
	ck_assert_msg((g = record_replay(&r, &cause)) != NULL, "%s", cause);
	scene_init(&s);
	ck_assert_int_eq(scene_record_build(&r, &s, &cause), 0);
	n = g->ops->legal(g, &legal);
	ck_assert_int_eq(n, 22);
	buf_init(&text);
	for (i = 0; i < s.n; i++) {
		sh = &s.shapes[i];
		if (sh->class != SCENE_SITE)
			continue;
		ck_assert_int_lt(k, n);
		buf_reset(&text);
		g->ops->format(g, game_action_at(g, legal, k), &text);
		ck_assert_int_eq(sscanf(text.data, "@%d,%d", &q, &rr), 2);
		snprintf(want, sizeof want, "(%c)", (char)('a' + k));
		ck_assert_str_eq(sh->label, want);
		ck_assert_msg(fabs(sh->x - sqrt(3.0) * (q + rr / 2.0)) < 1e-9 &&
		    fabs(sh->y - 1.5 * rr) < 1e-9, "%s is not at %s",
		    sh->label, text.data);
		k++;
	}
	ck_assert_uint_eq(k, (size_t)n);
	buf_free(&text);
	free(legal);
	scene_free(&s);
	game_free(g);
	record_free(&r);
	free(rec);
}
END_TEST

/* The title of the picture of the record file, under tests/data. */
static void
scene_title_of(const char *file, char *out, size_t size)
{
	struct record	 r;
	struct scene	 s;
	char		*rec, *cause = NULL;

	rec = test_util_read(file);
	ck_assert_int_eq(record_parse(&r, rec, &cause), 0);
	scene_init(&s);
	ck_assert_msg(scene_record_build(&r, &s, &cause) == 0, "%s", cause);
	snprintf(out, size, "%s", s.title);
	scene_free(&s);
	record_free(&r);
	free(rec);
}

/* A finished game's picture says who won and the score, as the text. */
START_TEST(test_result)
{
	char	title[SCENE_TITLE_MAX];

	scene_title_of("records/classic-walls.rec", title, sizeof title);
	ck_assert_str_eq(title, "Mu after 29 turns: over, red wins "
	    "11-0");
	scene_title_of("records/mur-resigned.rec", title, sizeof title);
	ck_assert_str_eq(title, "Mur, match of 2: over, black wins 1-0 by "
	    "resignation");
}
END_TEST

/* The picture of an action the position refuses is refused, as apply. */
START_TEST(test_refused)
{
	struct scene	 s;
	struct game	*g;
	struct action	*a;
	char		*cause = NULL;

	g = test_util_load("pictures/velox-example.pos");
	a = game_action_new(g);
	ck_assert_int_eq(g->ops->parse(g, "A4-C3", 5, a, &cause), 0);
	scene_init(&s);
	ck_assert_int_eq(g->ops->picture(g, 1, a, &s, &cause), -1);
	ck_assert_str_eq(cause, "it is red's turn, not blue's");
	ck_assert_uint_eq(s.n, 0);
	free(cause);
	free(a);
	scene_free(&s);
	game_free(g);
}
END_TEST

/* Cells carry their names; points carry theirs; bounds hold them. */
START_TEST(test_names_bounds)
{
	struct scene	 s;
	struct game	*g;
	double		 b[4];
	char		*cause = NULL;

	g = test_util_load("positions/velox-walls.pos");
	scene_init(&s);
	ck_assert_int_eq(scene_record_game(g, &s, &cause), 0);
	ck_assert_int_eq(s.shapes[0].kind, SCENE_HEX);
	ck_assert_str_eq(s.shapes[0].label, "A0");
	ck_assert_str_eq(s.shapes[8].label, "B1");
	ck_assert_int_eq(s.nseats, 2);
	ck_assert_str_eq(s.seats[1], "blue");
	ck_assert_int_eq(s.to_move, 1);
	scene_bounds(&s, b);
	ck_assert(b[0] < b[2] && b[1] < b[3]);
	scene_free(&s);
	scene_bounds(&s, b);
	ck_assert(b[0] == 0 && b[1] == 0 && b[2] == 1 && b[3] == 1);
	game_free(g);
}
END_TEST

static Suite *
scene_suite(void)
{
	Suite	*s = suite_create("scene");
	TCase	*tc = tcase_create("scene");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_counts, 0,
	    sizeof cases / sizeof cases[0]);
	tcase_add_loop_test(tc, test_names, 0,
	    sizeof cases / sizeof cases[0]);
	tcase_add_loop_test(tc, test_no_cover, 0,
	    sizeof cases / sizeof cases[0]);
	tcase_add_test(tc, test_sites);
	tcase_add_test(tc, test_result);
	tcase_add_test(tc, test_refused);
	tcase_add_test(tc, test_names_bounds);
	suite_add_tcase(s, tc);
	return (s);
}

int
main(void)
{
	return (test_util_run(scene_suite()));
}
