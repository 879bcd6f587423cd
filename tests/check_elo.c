#include "config.h"

#include <check.h>
#include <math.h>

#include "elo.h"
#include "test-util.h"

/*
 * The Elo estimate: the difference a score rate implies, its 95%
 * interval from the standard error, and the exact bound that stands
 * for the infinite end at 0% or 100%.  The expected figures were
 * worked out apart from elo.c, with a calculator, and are rounded to
 * 0.1 of an Elo point, which is the tolerance.
 */

#define INF	HUGE_VAL

static const struct {
	long	wins, losses, draws;
	double	score, sd, diff, low, high;
} estimate_cases[] = {
	/* Even: 0, and an interval symmetric about it. */
	{ 5, 5, 0, 0.5, 0.158114, 0, -251.8, 251.8 },
	/* 3 to 1: 400 log10(3). */
	{ 3, 1, 0, 0.75, 0.216506, 190.8, -126.5, INF },
	{ 30, 10, 0, 0.75, 0.068465, 190.8, 82.0, 353.1 },
	/* Draws count half, and shrink the spread. */
	{ 20, 10, 10, 0.625, 0.065551, 88.7, -2.4, 194.1 },
	/* 90%: the upper end is past 100%. */
	{ 9, 1, 0, 0.9, 0.094868, 381.7, 159.0, INF },
	/*
	 * All draws: sd 0, and the interval comes from the exact bound on
	 * the rate of decisive games.
	 */
	{ 0, 0, 8, 0.5, 0, 0, -134.7, 134.7 },
	{ 0, 0, 20, 0.5, 0, 0, -59.1, 59.1 },
	/* 100%: at least the rate of 2.5% for n wins in a row. */
	{ 10, 0, 0, 1, 0, INF, 140.2, INF },
	{ 0, 10, 0, 0, 0, -INF, -INF, -140.2 },
	{ 1, 0, 0, 1, 0, INF, -636.4, INF },
	/* No games: nothing is known. */
	{ 0, 0, 0, 0.5, 0, 0, -INF, INF }
};

static void
check_close(double got, double want, double eps, const char *what)
{
	if (isinf(want)) {
		ck_assert_msg(got == want, "%s: %g, not %g", what, got, want);
		return;
	}
	ck_assert_msg(fabs(got - want) <= eps, "%s: %.4f, not %.4f", what,
	    got, want);
}

START_TEST(test_estimate)
{
	struct elo_estimate	e;

	elo_estimate(estimate_cases[_i].wins, estimate_cases[_i].losses,
	    estimate_cases[_i].draws, &e);
	ck_assert_int_eq(e.games, estimate_cases[_i].wins +
	    estimate_cases[_i].losses + estimate_cases[_i].draws);
	check_close(e.score, estimate_cases[_i].score, 1e-6, "score");
	check_close(e.sd, estimate_cases[_i].sd, 1e-6, "sd");
	check_close(e.diff, estimate_cases[_i].diff, 0.1, "diff");
	check_close(e.low, estimate_cases[_i].low, 0.1, "low");
	check_close(e.high, estimate_cases[_i].high, 0.1, "high");
}
END_TEST

START_TEST(test_diff)
{
	ck_assert(elo_diff(0) == -INF);
	ck_assert(elo_diff(1) == INF);
	ck_assert(elo_diff(-0.5) == -INF);
	check_close(elo_diff(0.5), 0, 1e-9, "even");
	check_close(elo_diff(10.0 / 11), 400, 1e-9, "10 to 1");
	check_close(elo_diff(1.0 / 11), -400, 1e-9, "1 to 10");
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("elo");
	TCase	*tc = tcase_create("estimate");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_estimate, 0,
	    sizeof estimate_cases / sizeof estimate_cases[0]);
	tcase_add_test(tc, test_diff);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
