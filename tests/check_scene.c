#include "config.h"

#include <check.h>
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
 * seven explosions, five sprouts and two cells turned Wall).  A summary lists each class present
 * as name:count, in class order, with arrows apart.
 */

static const struct {
	const char	*file;		/* under tests/data */
	const char	*action;	/* played by the seat to move, or NULL */
	const char	*want;
} cases[] = {
	/* A position: its cells and pieces, no marks. */
	{ "positions/velox-walls.pos", NULL,
	  "virgin:107 common:3 wall:2 piece:18" },
	/* The rules' velox example: 001, steps 1-9. */
	{ "pictures/velox-example.pos", "C3-A0 A4-C3(A0,A5)",
	  "virgin:25 common:15 wall:2 piece:14 from:2 to:2 explode:7 "
	  "capture:2 sprout:5 newwall:2 arrow:2" },
	/* A record: its last turn, red's two moves A2-A3 B0-B6. */
	{ "records/classic-3p-movement.rec", NULL,
	  "virgin:144 common:3 piece:14 from:2 to:2 arrow:2" },
	/* Mur: the board, the stones, the last move se2 cw. */
	{ "records/mur-game-two.rec", NULL,
	  "board:1 ring:3 spoke:4 point:25 piece:13 mur:1 from:1 to:1 "
	  "rest:1 arrow:1" },
	/* Mur: two white stones trapped, owed for withdrawal. */
	{ "positions/mur-double-trap.pos", NULL,
	  "board:1 ring:3 spoke:4 point:25 piece:9 mur:1 capture:2" },
	/*
	 * Mur: withdrawing both is black's third trap; the next game's
	 * set-up takes the stone off the centre as well.
	 */
	{ "positions/mur-double-trap.pos", "x ne3 se3",
	  "board:1 ring:3 spoke:4 point:25 piece:6 mur:1 remove:3" },
};

static void	scene_summary(const struct scene *, struct buf *);
static void	scene_of(int, struct scene *);

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
	ck_assert_msg(strcmp(out.data, cases[_i].want) == 0,
	    "%s: got \"%s\", want \"%s\"", cases[_i].file, out.data,
	    cases[_i].want);
	ck_assert(s.title[0] != '\0');
	buf_free(&out);
	scene_free(&s);
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
