#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "record.h"
#include "test-util.h"

/*
 * The Mur diagram: golden files pin it exactly (an opening with a trap
 * withdrawn and the mur stone bumped off the centre; a double trap
 * owed in game 2 of 4; a match over by resignation; game 2 of a match,
 * its turn counted over the match), and it fits in 80 columns.
 */

static const struct {
	const char	*input;
	const char	*diagram;
} golden[] = {
	{ "records/mur-opening.rec", "diagrams/mur-opening.txt" },
	{ "positions/mur-double-trap.pos", "diagrams/mur-double-trap.txt" },
	{ "records/mur-resigned.rec", "diagrams/mur-resigned.txt" },
	{ "records/mur-game-two.rec", "diagrams/mur-game-two.txt" },
};

START_TEST(test_golden)
{
	struct game	*g;
	struct buf	 out;
	const char	*p, *nl;
	char		*want;

	g = test_util_load(golden[_i].input);
	want = test_util_read(golden[_i].diagram);
	buf_init(&out);
	g->ops->render(g, &out);
	ck_assert_str_eq(out.data, want);
	for (p = out.data; (nl = strchr(p, '\n')) != NULL; p = nl + 1)
		ck_assert_int_le(nl - p, 80);
	buf_free(&out);
	free(want);
	game_free(g);
}
END_TEST

int
main(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("mur diagram");
	tc = tcase_create("diagram");
	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_golden, 0, sizeof golden /
	    sizeof golden[0]);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
