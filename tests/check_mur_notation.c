#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "game-registry.h"
#include "game.h"
#include "mur-game.h"
#include "test-util.h"

/*
 * Mur notation (docs/notation.md, "Mur"): what players may write, the
 * canonical form each becomes, and the error for what is not a
 * turn.  The position: black's pair on n1 and ne1 and a stone on
 * e3, white's stone on s2, the mur stone on c; black to move.
 */

#define POSITION							\
	"mupbem position 2\ngame mur\nmatch 6\nplaying 1\nto-move black\n" \
	"turns 4\nquiet 4\ntraps 0 0\nresults -\nblack n1 ne1 e3\n"	\
	"white s2\nmur c\nwithdraw -\nknocked -\nlast -\n"

static const struct {
	const char	*text;
	const char	*want;		/* canonical form, or the error */
	int		 ok;
} cases[] = {
	{ "e2", "e2", 1 },
	{ " E2 ", "e2", 1 },
	{ "place nw3", "nw3", 1 },
	{ "n1 cw", "n1 cw", 1 },
	{ "N1 Clockwise", "n1 cw", 1 },
	{ "move n1 counter-clockwise", "n1 ccw", 1 },
	{ "n1 anticlockwise", "n1 ccw", 1 },
	{ "e3 acw", "e3 ccw", 1 },
	{ "n1 in", "n1 in", 1 },
	{ "n1 out", "n1 out", 1 },
	{ "n1 n", "n1 out", 1 },
	{ "n1 s", "n1 in", 1 },
	{ "n1-e1", "n1 cw", 1 },
	{ "n1-w1", "n1 ccw", 1 },
	{ "n1-s1", "n1 in", 1 },
	{ "e3-ne3", "e3 ccw", 1 },
	{ "resign", "resign", 1 },
	{ "c ne", "c ne", 1 },
	{ "C SW", "c sw", 1 },
	{ "x", "x", 1 },
	{ "withdraw e3 and n1", "x n1 e3", 1 },
	{ "", "no turn: write a point to place a stone (n1), a stone and "
	  "a direction to move it (n1 cw, n1 ccw, n1 in, n1 out, c ne), x "
	  "and the stones to withdraw (x n1), or resign", 0 },
	{ "pass", "'pass': Mur has no passing: a turn must place, move or "
	  "withdraw a stone", 0 },
	{ "zz9", "'zz9': 'zz9' is not a point: a point is c (the centre) or "
	  "a spoke (n, ne, e, se, s, sw, w, nw) and a ring (1 to 3), such as "
	  "n1 or sw3", 0 },
	{ "n1 up", "'n1 up': 'up' is not a direction: write cw, ccw, in or "
	  "out (from c, a spoke such as ne)", 0 },
	{ "e3 out", "'e3 out': e3 is on the third ring, so along its "
	  "diameter it can only move in", 0 },
	{ "n1 e", "'n1 e': e is not on the diameter of n1: along it, a stone "
	  "on n1 moves towards n or s", 0 },
	{ "n1 cw e1", "'n1 cw e1': too many words; a move is a point and a "
	  "direction, such as n1 cw", 0 },
	{ "place n1 n2", "'place n1 n2': place takes one point, such as "
	  "place n1", 0 },
	{ "move n1", "'move n1': move n1 which way? Add cw, ccw, in or out",
	  0 },
	{ "n1-se1", "'n1-se1': the stone on n1 is of order 2 and moves "
	  "exactly 2, so it can reach e1 (cw), w1 (ccw), s1 (in), n3 (out), "
	  "not se1", 0 },
	{ "s3-s2", "'s3-s2': there is no stone on s3 to move", 0 },
	{ "c cw", "'c cw': the centre is on no ring: a stone there moves out "
	  "along a spoke, such as c n or c sw", 0 },
	{ "c-n1", "'c-n1': c holds the mur stone, which no player may move",
	  0 },
	{ "x n1 n1", "'x n1 n1': n1 is named twice", 0 },
	{ "resign now", "'resign now': resign takes nothing after it", 0 },
};

START_TEST(test_parse)
{
	struct game	*g;
	struct mur_action	 a;
	struct buf		 out;
	char			*cause = NULL;
	int			 rc;

	g = game_read_position(POSITION, &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	rc = g->ops->parse(g, cases[_i].text, strlen(cases[_i].text),
	    (struct action *)&a, &cause);
	if (!cases[_i].ok) {
		ck_assert_int_eq(rc, -1);
		ck_assert_str_eq(cause, cases[_i].want);
		free(cause);
	} else {
		ck_assert_msg(rc == 0, "'%s': %s", cases[_i].text, cause);
		buf_init(&out);
		g->ops->format(g, (struct action *)&a, &out);
		ck_assert_str_eq(out.data, cases[_i].want);
		buf_free(&out);
	}
	game_free(g);
}
END_TEST

/* A group of four reaches s1 from n1 both ways round: refused. */
START_TEST(test_ambiguous)
{
	struct game	*g;
	struct mur_action	 a;
	char			*cause = NULL;

	g = game_read_position("mupbem position 2\ngame mur\nmatch 6\n"
	    "playing 1\nto-move black\nturns 4\nquiet 4\ntraps 0 0\n"
	    "results -\nblack n1 ne1 e1 se1\nwhite -\nmur c\nwithdraw -\n"
	    "knocked -\nlast -\n", &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	ck_assert_int_eq(g->ops->parse(g, "n1-s1", 5, (struct action *)&a,
	    &cause), -1);
	ck_assert_str_eq(cause, "'n1-s1': both n1 cw and n1 ccw reach s1: "
	    "write one of them");
	free(cause);
	game_free(g);
}
END_TEST

/* The legal list is in canonical form and every entry parses back. */
START_TEST(test_legal_canonical)
{
	struct game	*g;
	struct action		*list;
	struct mur_action	 a;
	struct buf		 out, again;
	char		*cause = NULL;
	int		 n, i;

	g = game_read_position(POSITION, &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	n = g->ops->legal(g, &list);
	ck_assert_int_gt(n, 0);
	buf_init(&out);
	buf_init(&again);
	for (i = 0; i < n; i++) {
		buf_reset(&out);
		g->ops->format(g, game_action_at(g, list, i), &out);
		ck_assert_int_eq(g->ops->parse(g, out.data, out.len,
		    (struct action *)&a, &cause), 0);
		buf_reset(&again);
		g->ops->format(g, (struct action *)&a, &again);
		ck_assert_str_eq(out.data, again.data);
	}
	buf_free(&out);
	buf_free(&again);
	free(list);
	game_free(g);
}
END_TEST

int
main(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("mur notation");
	tc = tcase_create("notation");
	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_parse, 0, sizeof cases / sizeof cases[0]);
	tcase_add_test(tc, test_ambiguous);
	tcase_add_test(tc, test_legal_canonical);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
