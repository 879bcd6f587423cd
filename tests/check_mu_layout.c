#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "mu-layout.h"
#include "rng.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * The layout rule (MU-RULINGS "Layout phase"): the first segment at
 * @0,0; later ones off the board with at least two cells touching it;
 * lakes allowed.  The list of legal placements is checked against a
 * brute-force search with the rule itself.
 */

static struct hex *
list_of(const struct mu_board *b, int *n)
{
	struct hex	*at;

	at = xreallocarray(NULL, MU_LAYOUT_MAX, sizeof *at);
	*n = mu_layout_list(b, at);
	return (at);
}

START_TEST(test_first)
{
	struct mu_board	 b;
	struct hex	 h = { 0, 0 }, *at;
	char		*cause = NULL;
	int		 n;

	mu_board_init(&b);
	at = list_of(&b, &n);
	ck_assert_int_eq(n, 1);
	ck_assert(hex_equal(at[0], h));
	ck_assert_int_eq(mu_layout_check(&b, h, &cause), 0);
	h.q = 3;
	ck_assert_int_eq(mu_layout_check(&b, h, &cause), -1);
	ck_assert_str_eq(cause, "@3,0: the first segment is A and its "
	    "centre A0 is the origin, so it is placed with @0,0");
	free(cause);
	free(at);
}
END_TEST

/* Around one segment: the 12 ring-3 centres that are not in line. */
START_TEST(test_second)
{
	static const struct hex	 want[12] = {
		{ 1, -3 }, { 2, -3 }, { -1, -2 }, { 3, -2 }, { -2, -1 },
		{ 3, -1 }, { -3, 1 }, { 2, 1 }, { -3, 2 }, { 1, 2 },
		{ -2, 3 }, { -1, 3 }
	};
	struct mu_board		 b;
	struct hex		*at;
	int			 n, i;

	mu_board_init(&b);
	mu_board_add_segment(&b, (struct hex){ 0, 0 }, 0);
	at = list_of(&b, &n);
	ck_assert_int_eq(n, 12);
	for (i = 0; i < 12; i++) {
		ck_assert_int_eq(at[i].q, want[i].q);
		ck_assert_int_eq(at[i].r, want[i].r);
	}
	free(at);
}
END_TEST

static const struct {
	int		 q, r;
	const char	*error;
} bad[] = {
	{ 3, 0, "@3,0: only 1 cell of the segment would touch the board, "
	    "and at least 2 must" },
	{ 0, -3, "@0,-3: only 1 cell of the segment would touch the "
	    "board, and at least 2 must" },
	{ 2, 0, "@2,0: the segment would overlap A2" },
	{ 0, 0, "@0,0: the segment would overlap A0" },
	{ 1, 1, "@1,1: the segment would overlap A3" },
	{ 4, 0, "@4,0: the segment would not touch the board" },
	{ 10, -20, "@10,-20: the segment would not touch the board" },
};

START_TEST(test_bad)
{
	struct mu_board	 b, before;
	char		*cause = NULL;

	mu_board_init(&b);
	mu_board_add_segment(&b, (struct hex){ 0, 0 }, 0);
	before = b;
	ck_assert_int_eq(mu_layout_check(&b, (struct hex){ bad[_i].q,
	    bad[_i].r }, &cause), -1);
	ck_assert_str_eq(cause, bad[_i].error);
	ck_assert_int_eq(memcmp(&b, &before, sizeof b), 0);
	free(cause);
}
END_TEST

/* Six segments round a point leave a lake of seven cells. */
START_TEST(test_lake)
{
	static const char	*ring = "@0,0;@1,-3;@-1,-4;@-4,-2;@-5,1;@-3,2";
	struct game		*g;
	const struct mu_board	*b;
	struct hex		 p = { -2, -1 };
	int			 d;

	g = test_util_game("classic", 2, 4, ring);
	b = &test_util_mu(g)->board;
	ck_assert_int_eq(b->nsegments, 6);
	ck_assert_int_eq(mu_board_find(b, p), MU_NONE);
	for (d = 0; d < HEX_NDIRS; d++) {
		ck_assert_int_eq(mu_board_find(b, hex_step(p, d, 1)),
		    MU_NONE);
		ck_assert_int_ne(mu_board_find(b, hex_step(p, d, 2)),
		    MU_NONE);
	}
	game_free(g);
}
END_TEST

/*
 * On random boards, a centre is listed if and only if the rule allows
 * it, over a window reaching well past the board, and the list is in
 * reading order, each centre once.
 */
START_TEST(test_list_is_rule)
{
	struct game		*g;
	const struct mu_board	*b;
	struct hex		*at, h;
	struct action		*legal;
	struct rng		 rng;
	char			*cause;
	int			 n, i, step, listed, allowed;

	g = test_util_game("classic", 6, 8, NULL);
	rng_init(&rng, 1000 + (uint64_t)_i);
	for (step = 0; step < 6 * 8; step++) {
		b = &test_util_mu(g)->board;
		at = list_of(b, &n);
		/* In reading order, each once. */
		for (i = 1; i < n; i++)
			ck_assert(at[i - 1].r < at[i].r || (at[i - 1].r ==
			    at[i].r && at[i - 1].q < at[i].q));
		for (h.q = -30; h.q <= 30; h.q++) {
			for (h.r = -30; h.r <= 30; h.r++) {
				cause = NULL;
				allowed = mu_layout_check(b, h, &cause) == 0;
				free(cause);
				listed = 0;
				for (i = 0; i < n && !listed; i++)
					listed = hex_equal(at[i], h);
				ck_assert_int_eq(listed, allowed);
			}
		}
		free(at);
		n = g->ops->legal(g, &legal);
		ck_assert_int_gt(n, 0);
		ck_assert_int_eq(g->ops->apply(g, g->ops->to_move(g),
		    game_action_at(g, legal, (int)rng_below(&rng, (uint32_t)n)),
		    NULL, &cause), 0);
		free(legal);
	}
	game_free(g);
}
END_TEST

/* A full board of 48 segments takes no more. */
START_TEST(test_full)
{
	struct game		*g;
	const struct mu_board	*b;
	struct hex		*at;
	char			*cause = NULL;
	int			 n;

	g = test_util_game("classic", 6, 8, NULL);
	test_util_layout(g, 7);
	b = &test_util_mu(g)->board;
	ck_assert_int_eq(b->nsegments, MU_MAX_SEGMENTS);
	ck_assert_int_eq(mu_board_ncells(b), 336);
	at = list_of(b, &n);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(mu_layout_check(b, (struct hex){ 100, 100 },
	    &cause), -1);
	ck_assert_str_eq(cause, "@100,100: the board already has the most "
	    "segments a game can have (48)");
	free(cause);
	free(at);
	game_free(g);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("mu_layout");
	TCase	*tc = tcase_create("layout");

	/* The slowest test: 1.5 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_first);
	tcase_add_test(tc, test_second);
	tcase_add_loop_test(tc, test_bad, 0, sizeof bad / sizeof bad[0]);
	tcase_add_test(tc, test_lake);
	tcase_add_loop_test(tc, test_list_is_rule, 0, 3);
	tcase_add_test(tc, test_full);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
