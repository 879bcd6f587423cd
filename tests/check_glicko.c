#include "config.h"

#include <check.h>
#include <stddef.h>

#include "glicko.h"
#include "test-util.h"

/*
 * Glicko-2: Glickman's worked example to the paper's digits; RD grows
 * with idle time as after empty rating periods, never past the
 * newcomer's; a game of four splits into three results per player by
 * rank, and equal newcomers' changes sum to nothing.
 */

START_TEST(test_glickman)
{
	struct glicko_settings	s;
	struct glicko		g = { 1500, 200, 0.06 };
	struct glicko_game	games[] = {
		{ 1400, 30, 1 },
		{ 1550, 100, 0 },
		{ 1700, 300, 0 }
	};

	glicko_defaults(&s);
	ck_assert_double_eq_tol(s.tau, 0.5, 1e-12);
	glicko_rate(&s, &g, games, 3);
	ck_assert_double_eq_tol(g.rating, 1464.06, 0.01);
	ck_assert_double_eq_tol(g.rd, 151.52, 0.01);
	ck_assert_double_eq_tol(g.volatility, 0.05999, 0.00001);
	/* Unrounded, as docs/ratings.md has it: the paper rounds. */
	ck_assert_double_eq_tol(g.rating, 1464.0507, 0.0001);
	ck_assert_double_eq_tol(g.rd, 151.5165, 0.0001);
	ck_assert_double_eq_tol(g.volatility, 0.059996, 0.000001);
}
END_TEST

START_TEST(test_defaults)
{
	struct glicko_settings	s;
	struct glicko		g;

	glicko_defaults(&s);
	glicko_new(&s, &g);
	ck_assert_double_eq(g.rating, 1500);
	ck_assert_double_eq(g.rd, 350);
	ck_assert_double_eq(g.volatility, 0.06);
	ck_assert_double_eq(s.period, 604800);
	ck_assert_int_eq(glicko_provisional(&g), 1);
}
END_TEST

START_TEST(test_idle)
{
	struct glicko_settings	s;
	struct glicko		a = { 1600, 50, 0.06 }, b = a, c;

	glicko_defaults(&s);
	glicko_idle(&s, &a, s.period);
	glicko_rate(&s, &b, NULL, 0);
	ck_assert_double_gt(a.rd, 50);
	ck_assert_double_eq_tol(a.rd, b.rd, 1e-9);
	ck_assert_double_eq(a.rating, 1600);
	ck_assert_double_eq(a.volatility, 0.06);

	/* Half a period grows it less: t is fractional. */
	c = (struct glicko){ 1600, 50, 0.06 };
	glicko_idle(&s, &c, s.period / 2);
	ck_assert_double_gt(c.rd, 50);
	ck_assert_double_lt(c.rd, a.rd);

	c = (struct glicko){ 1600, 50, 0.06 };
	glicko_idle(&s, &c, 0);
	ck_assert_double_eq(c.rd, 50);
	glicko_idle(&s, &c, -s.period);
	ck_assert_double_eq(c.rd, 50);

	/* Forty years idle: at the newcomer's RD, no more. */
	glicko_idle(&s, &c, 2080 * s.period);
	ck_assert_double_eq(c.rd, 350);
	glicko_idle(&s, &c, s.period);
	ck_assert_double_eq(c.rd, 350);
	glicko_rate(&s, &c, NULL, 0);
	ck_assert_double_eq(c.rd, 350);
}
END_TEST

START_TEST(test_pairwise)
{
	const int	ranks[] = { 1, 2, 2, 4 };

	ck_assert_double_eq(glicko_pairwise(ranks, 4, 0, 1), 1);
	ck_assert_double_eq(glicko_pairwise(ranks, 4, 0, 3), 1);
	ck_assert_double_eq(glicko_pairwise(ranks, 4, 1, 0), 0);
	ck_assert_double_eq(glicko_pairwise(ranks, 4, 1, 2), 0.5);
	ck_assert_double_eq(glicko_pairwise(ranks, 4, 2, 1), 0.5);
	ck_assert_double_eq(glicko_pairwise(ranks, 4, 2, 3), 1);
	ck_assert_double_eq(glicko_pairwise(ranks, 4, 3, 0), 0);
	ck_assert_double_eq(glicko_pairwise(ranks, 4, 3, 2), 0);
}
END_TEST

START_TEST(test_table)
{
	const int		 ranks[] = { 1, 2, 3, 4 };
	struct glicko_settings	 s;
	struct glicko		 before[4], after[4];
	struct glicko_game	 games[3];
	size_t			 i, j, n;
	double			 sum;

	glicko_defaults(&s);
	for (i = 0; i < 4; i++)
		glicko_new(&s, &before[i]);
	sum = 0;
	for (i = 0; i < 4; i++) {
		n = 0;
		for (j = 0; j < 4; j++) {
			if (j == i)
				continue;
			games[n].rating = before[j].rating;
			games[n].rd = before[j].rd;
			games[n].score = glicko_pairwise(ranks, 4, i, j);
			n++;
		}
		ck_assert_uint_eq(n, 3);
		after[i] = before[i];
		glicko_rate(&s, &after[i], games, n);
		ck_assert_double_lt(after[i].rd, 350);
		sum += after[i].rating - before[i].rating;
	}
	ck_assert_double_eq_tol(sum, 0, 1e-6);
	ck_assert_double_gt(after[0].rating, 1500);
	ck_assert_double_gt(after[0].rating, after[1].rating);
	ck_assert_double_gt(after[1].rating, 1500);
	ck_assert_double_lt(after[2].rating, 1500);
	ck_assert_double_gt(after[2].rating, after[3].rating);
}
END_TEST

START_TEST(test_provisional)
{
	struct glicko	g = { 1500, 110, 0.06 };

	ck_assert_int_eq(glicko_provisional(&g), 0);
	g.rd = 110.5;
	ck_assert_int_eq(glicko_provisional(&g), 1);
}
END_TEST

START_TEST(test_expected)
{
	struct glicko	a = { 1500, 200, 0.06 }, b = { 1400, 30, 0.06 };
	struct glicko	c = { 1700, 300, 0.06 };

	/* Glickman's E for the opponents of the example. */
	ck_assert_double_eq_tol(glicko_expected(&a, &b), 0.639, 0.001);
	ck_assert_double_eq_tol(glicko_expected(&a, &c), 0.303, 0.001);
	ck_assert_double_eq_tol(glicko_expected(&a, &a), 0.5, 1e-12);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("glicko");
	TCase	*tc = tcase_create("glicko");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_glickman);
	tcase_add_test(tc, test_defaults);
	tcase_add_test(tc, test_idle);
	tcase_add_test(tc, test_pairwise);
	tcase_add_test(tc, test_table);
	tcase_add_test(tc, test_provisional);
	tcase_add_test(tc, test_expected);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
