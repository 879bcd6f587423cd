#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "pairing.h"
#include "standings.h"
#include "test-util.h"

/*
 * Standings: points of games of two and three, Sonneborn-Berger and
 * Buchholz worked out by hand, shared places, and the table and
 * crosstable exactly for four players and within 78 columns for 6, 20
 * and 200.
 */

static const char *const four[] = { "Ann", "Bob", "Cy", "Dee" };

/*
 * Ann beats Dee and Cy and loses to Bob; Bob draws Cy and beats Dee;
 * Cy beats Dee.  Points: Bob 2½, Ann 2, Cy 1½, Dee 0.
 */
static const struct standings_game four_games[] = {
	{ 2, { 0, 3 }, { 1, 2 }, 1 },
	{ 2, { 1, 2 }, { 1, 1 }, 1 },
	{ 2, { 2, 0 }, { 2, 1 }, 2 },
	{ 2, { 3, 1 }, { 2, 1 }, 2 },
	{ 2, { 0, 1 }, { 2, 1 }, 3 },
	{ 2, { 2, 3 }, { 1, 2 }, 3 },
};

static void
add_game(struct standings_game *g, int a, int b, int ra, int rb, int round)
{
	memset(g, 0, sizeof *g);
	g->n = 2;
	g->player[0] = a;
	g->player[1] = b;
	g->rank[0] = ra;
	g->rank[1] = rb;
	g->round = round;
}

/* Every line of text at most 78 characters (UTF-8); returns the lines. */
static int
check_width(const char *text)
{
	const char	*p;
	int		 col = 0, lines = 0;

	for (p = text; *p != '\0'; p++) {
		if (*p == '\n') {
			lines++;
			col = 0;
			continue;
		}
		if (((unsigned char)*p & 0xc0) != 0x80)
			col++;
		if (col > 78)
			ck_abort_msg("line %d wider than 78: %.100s", lines + 1,
			    p - col);
	}
	return (lines);
}

START_TEST(test_points)
{
	struct standings_game	g = { 3, { 4, 5, 6 }, { 1, 2, 2 }, 1 };
	struct standings_game	bye = { 1, { 2 }, { 1 }, 1 };
	struct standings_row	rows[7];

	ck_assert_double_eq(standings_points(&g, 0), 1);
	ck_assert_double_eq(standings_points(&g, 1), 0.25);
	ck_assert_double_eq(standings_points(&g, 2), 0.25);
	ck_assert_double_eq(standings_points(&four_games[1], 0), 0.5);
	ck_assert_double_eq(standings_points(&four_games[0], 1), 0);
	ck_assert_double_eq(standings_points(&bye, 0), 1);

	standings_compute(7, &g, 1, STANDINGS_SONNEBORN, rows);
	ck_assert_int_eq(rows[0].player, 4);
	ck_assert_int_eq(rows[0].wins, 1);
	ck_assert_int_eq(rows[1].player, 5);
	ck_assert_int_eq(rows[1].place, 2);
	ck_assert_int_eq(rows[2].player, 6);
	ck_assert_int_eq(rows[2].place, 2);
	ck_assert_int_eq(rows[2].losses, 1);
	/* SB: ½ against the other 2nd (¼), by n - 1. */
	ck_assert_double_eq_tol(rows[1].tiebreak, 0.0625, 1e-12);
	ck_assert_double_eq_tol(rows[0].tiebreak, 0.25, 1e-12);

	standings_compute(7, &bye, 1, STANDINGS_SONNEBORN, rows);
	ck_assert_int_eq(rows[0].player, 2);
	ck_assert_int_eq(rows[0].byes, 1);
	ck_assert_int_eq(rows[0].played, 0);
	ck_assert_double_eq(rows[0].points, 1);
	ck_assert_double_eq(rows[0].tiebreak, 0);
}
END_TEST

START_TEST(test_four)
{
	struct standings_row	rows[4];

	standings_compute(4, four_games, 6, STANDINGS_SONNEBORN, rows);
	ck_assert_int_eq(rows[0].player, 1);
	ck_assert_double_eq(rows[0].points, 2.5);
	/* Bob: Dee 0 + Ann 2 + ½ Cy 1½ = 2.75 */
	ck_assert_double_eq(rows[0].tiebreak, 2.75);
	ck_assert_int_eq(rows[0].wins, 2);
	ck_assert_int_eq(rows[0].draws, 1);
	ck_assert_int_eq(rows[1].player, 0);
	ck_assert_double_eq(rows[1].tiebreak, 1.5);
	ck_assert_int_eq(rows[1].losses, 1);
	ck_assert_int_eq(rows[2].player, 2);
	ck_assert_double_eq(rows[2].tiebreak, 1.25);
	ck_assert_int_eq(rows[3].player, 3);
	ck_assert_int_eq(rows[3].played, 3);
	ck_assert_int_eq(rows[0].place, 1);
	ck_assert_int_eq(rows[3].place, 4);

	/* Buchholz: Ann met 0 + 1½ + 2½ = 4. */
	standings_compute(4, four_games, 6, STANDINGS_BUCHHOLZ, rows);
	ck_assert_int_eq(rows[1].player, 0);
	ck_assert_double_eq(rows[1].tiebreak, 4);
}
END_TEST

START_TEST(test_shared)
{
	struct standings_game	g[2];
	struct standings_row	rows[3];

	/* 0 and 1 draw twice: equal in all; 2 never played. */
	add_game(&g[0], 0, 1, 1, 1, 1);
	add_game(&g[1], 1, 0, 1, 1, 2);
	standings_compute(3, g, 2, STANDINGS_SONNEBORN, rows);
	ck_assert_int_eq(rows[0].place, 1);
	ck_assert_int_eq(rows[1].place, 1);
	ck_assert_int_eq(rows[0].player, 0);
	ck_assert_int_eq(rows[2].place, 3);
	ck_assert_int_eq(rows[2].played, 0);
}
END_TEST

START_TEST(test_four_text)
{
	struct standings_row	rows[4];
	struct buf		b;

	standings_compute(4, four_games, 6, STANDINGS_SONNEBORN, rows);
	buf_init(&b);
	standings_table(rows, 4, four, STANDINGS_SONNEBORN, &b);
	ck_assert_str_eq(b.data,
"   #  Name                     Games    W    D    L  Points        SB\n"
"   1  Bob                          3    2    1    0      2½      2.75\n"
"   2  Ann                          3    2    0    1       2      1.50\n"
"   3  Cy                           3    1    1    1      1½      1.25\n"
"   4  Dee                          3    0    0    3       0      0.00\n");
	buf_reset(&b);
	standings_crosstable(4, four_games, 6, rows, four, &b);
	ck_assert_str_eq(b.data,
"# Name  1 2 3 4  Pts\n"
"1 Bob   x 1 ½ 1   2½\n"
"2 Ann   0 x 1 1    2\n"
"3 Cy    ½ 0 x 1   1½\n"
"4 Dee   0 0 0 x    0\n");
	buf_free(&b);
}
END_TEST

/* A round robin of n (seats 2 or 3), results by index with draws. */
static struct standings_game *
make_event(int n, int seats, size_t *ngames)
{
	struct standings_game	*g = NULL;
	struct pairing_table	 t[128];
	size_t			 nt, i, k = 0;
	int			 r, j;

	for (r = 0; r < pairing_rounds(n, seats); r++) {
		ck_assert_int_eq(pairing_roundrobin(n, seats, r, t, &nt), 0);
		g = realloc(g, (k + nt) * sizeof *g);
		for (i = 0; i < nt; i++) {
			memset(&g[k], 0, sizeof g[k]);
			g[k].n = t[i].n;
			g[k].round = r + 1;
			for (j = 0; j < t[i].n; j++) {
				g[k].player[j] = t[i].seat[j];
				/* Lower index ranks better; every 5th a tie. */
				g[k].rank[j] = (t[i].seat[j] + r) % 5 == 0 ?
				    1 : 1 + t[i].seat[j] % 7;
			}
			k++;
		}
	}
	*ngames = k;
	return (g);
}

START_TEST(test_widths)
{
	static const int	 sizes[] = { 6, 20, 200 };
	struct standings_game	*g;
	struct standings_row	*rows;
	struct buf		 b;
	char			**names;
	size_t			 ng;
	int			 n, i, lines, seats;

	n = sizes[_i % 3];
	seats = _i < 3 ? 2 : 3;
	if (seats == 3 && n == 200)
		n = 40;
	g = make_event(n, seats, &ng);
	rows = calloc((size_t)n, sizeof *rows);
	names = calloc((size_t)n, sizeof *names);
	for (i = 0; i < n; i++) {
		if (i % 3 == 0)
			asprintf(&names[i], "Player number %d with a very long "
			    "name indeed, Ærøskøbing", i);
		else
			asprintf(&names[i], "Zoë %d", i);
	}
	standings_compute(n, g, ng, _i % 2 ? STANDINGS_BUCHHOLZ :
	    STANDINGS_SONNEBORN, rows);
	buf_init(&b);
	standings_table(rows, n, (const char *const *)names,
	    STANDINGS_SONNEBORN, &b);
	lines = check_width(b.data);
	ck_assert_int_eq(lines, n + 1);
	ck_assert_ptr_nonnull(strstr(b.data, "…"));
	buf_reset(&b);
	standings_crosstable(n, g, ng, rows, (const char *const *)names,
	    &b);
	lines = check_width(b.data);
	if ((n <= 20 && seats == 2) || n == 6)
		ck_assert_int_eq(lines, n + 1);	/* the grid */
	else
		ck_assert_int_gt(lines, n + 1);	/* the lists, wrapped */
	buf_free(&b);
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	free(rows);
	free(g);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("standings");
	TCase	*tc = tcase_create("standings");

	/* The slowest test: 4.6 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_points);
	tcase_add_test(tc, test_four);
	tcase_add_test(tc, test_shared);
	tcase_add_test(tc, test_four_text);
	tcase_add_loop_test(tc, test_widths, 0, 6);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
