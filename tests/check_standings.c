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
 * Buchholz worked out by hand; each tie-break deciding in turn (SB,
 * head-to-head among three and in games of three, wins, and lots drawn
 * the same each time) with what separates each row and the words that
 * say so; the table and crosstable exactly for four players, with the
 * tie-break columns of each format, and within 78 columns for 6, 20
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

	standings_compute(7, &g, 1, STANDINGS_SONNEBORN, NULL, rows);
	ck_assert_int_eq(rows[0].player, 4);
	ck_assert_int_eq(rows[0].wins, 1);
	ck_assert_int_eq(rows[1].player, 5);
	ck_assert_int_eq(rows[1].place, 2);
	ck_assert_int_eq(rows[1].by, STANDINGS_BY_POINTS);
	/* 5 and 6 level on all but the lot: by index, as none is given. */
	ck_assert_int_eq(rows[2].player, 6);
	ck_assert_int_eq(rows[2].place, 3);
	ck_assert_int_eq(rows[2].by, STANDINGS_BY_LOT);
	ck_assert_int_eq(rows[2].tied, 2);
	ck_assert_double_eq(rows[2].h2h, 0.5);
	ck_assert_int_eq(rows[2].losses, 1);
	/* SB: ½ against the other 2nd (¼), by n - 1. */
	ck_assert_double_eq_tol(rows[1].tiebreak, 0.0625, 1e-12);
	ck_assert_double_eq_tol(rows[0].tiebreak, 0.25, 1e-12);

	standings_compute(7, &bye, 1, STANDINGS_SONNEBORN, NULL, rows);
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

	standings_compute(4, four_games, 6, STANDINGS_SONNEBORN, NULL, rows);
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
	standings_compute(4, four_games, 6, STANDINGS_BUCHHOLZ, NULL, rows);
	ck_assert_int_eq(rows[1].player, 0);
	ck_assert_double_eq(rows[1].tiebreak, 4);
}
END_TEST

START_TEST(test_shared)
{
	struct standings_game	g[2];
	struct standings_row	rows[3];

	/* 0 and 1 draw twice: equal in all but the lot; 2 never played. */
	add_game(&g[0], 0, 1, 1, 1, 1);
	add_game(&g[1], 1, 0, 1, 1, 2);
	standings_compute(3, g, 2, STANDINGS_SONNEBORN, NULL, rows);
	ck_assert_int_eq(rows[0].place, 1);
	ck_assert_int_eq(rows[1].place, 2);
	ck_assert_int_eq(rows[1].by, STANDINGS_BY_LOT);
	ck_assert_int_eq(rows[0].player, 0);
	ck_assert_int_eq(rows[2].place, 3);
	ck_assert_int_eq(rows[2].played, 0);
	ck_assert_int_eq(rows[2].by, STANDINGS_BY_POINTS);
}
END_TEST

/* A round robin of five from results a row each: a, b, ranks. */
static size_t
make_five(struct standings_game *g, const int (*res)[4])
{
	size_t	k;

	for (k = 0; k < 10; k++)
		add_game(&g[k], res[k][0], res[k][1], res[k][2], res[k][3],
		    (int)k / 2 + 1);
	return (k);
}

/* The players of rows in order, and what put each below the above. */
static void
check_order(const struct standings_row *rows, int n, const int *player,
    const enum standings_criterion *by)
{
	int	i;

	for (i = 0; i < n; i++) {
		ck_assert_msg(rows[i].player == player[i], "row %d: %d, not "
		    "%d", i, rows[i].player, player[i]);
		ck_assert_int_eq(rows[i].place, i + 1);
		ck_assert_msg(rows[i].by == by[i], "row %d: by %s, not %s",
		    i, standings_criterion_name(rows[i].by),
		    standings_criterion_name(by[i]));
	}
}

/*
 * Ann 3; Eve and Bob level on 2, Eve ahead on SB (4.75 against 3.25);
 * Cy and Dee level on 1½, SB 2.75 and head-to-head (a draw): Cy's one
 * win puts him ahead.
 */
static const int sb_wins[10][4] = {
	{ 0, 1, 1, 2 }, { 0, 2, 1, 2 }, { 0, 3, 1, 2 }, { 0, 4, 2, 1 },
	{ 1, 2, 1, 2 }, { 1, 3, 1, 1 }, { 1, 4, 1, 1 }, { 2, 3, 1, 1 },
	{ 2, 4, 1, 2 }, { 3, 4, 1, 1 }
};
static const char *const five[] = { "Ann", "Bob", "Cy", "Dee", "Eve" };

START_TEST(test_sb_wins)
{
	static const int	 player[] = { 0, 4, 1, 2, 3 };
	static const enum standings_criterion by[] = { STANDINGS_BY_NONE,
	    STANDINGS_BY_POINTS, STANDINGS_BY_SONNEBORN, STANDINGS_BY_POINTS,
	    STANDINGS_BY_WINS };
	struct standings_game	 g[10];
	struct standings_row	 rows[5];
	struct buf		 b;

	standings_compute(5, g, make_five(g, sb_wins), STANDINGS_SONNEBORN,
	    NULL, rows);
	check_order(rows, 5, player, by);
	ck_assert_double_eq(rows[1].sb, 4.75);
	ck_assert_double_eq(rows[2].sb, 3.25);
	ck_assert_double_eq(rows[3].h2h, 0.5);
	ck_assert_double_eq(rows[4].h2h, 0.5);
	ck_assert_int_eq(standings_decided(&rows[0], &rows[4]),
	    STANDINGS_BY_POINTS);
	buf_init(&b);
	ck_assert_int_eq(standings_explain(&b, &rows[2], &rows[1], "Eve"),
	    STANDINGS_BY_SONNEBORN);
	ck_assert_str_eq(b.data, "level on 2 points with Eve, behind on "
	    "Sonneborn-Berger (3.25 against 4.75)");
	buf_reset(&b);
	ck_assert_int_eq(standings_explain(&b, &rows[3], &rows[4],
	    "Tanaka, Hiroshi"), STANDINGS_BY_WINS);
	ck_assert_str_eq(b.data, "level on 1½ points with \"Tanaka, "
	    "Hiroshi\", ahead on wins (1 against 0)");
	buf_reset(&b);
	ck_assert_int_eq(standings_explain(&b, &rows[1], &rows[3], "Cy"),
	    STANDINGS_BY_POINTS);
	ck_assert_str_eq(b.data, "");
	buf_reset(&b);
	standings_table(rows, 5, five, STANDINGS_SONNEBORN, &b);
	ck_assert_str_eq(b.data,
"  # Name                     G   W   D   L    Pts     SB  H2H Tie-break\n"
"  1 Ann                      4   3   0   1      3   5.00\n"
"  2 Eve                      4   1   2   1      2   4.75\n"
"  3 Bob                      4   1   2   1      2   3.25      SB\n"
"  4 Cy                       4   1   1   2     1½   2.75   0½\n"
"  5 Dee                      4   0   3   1     1½   2.75   0½ W\n");
	buf_free(&b);
}
END_TEST

/*
 * Cy, Dee and Eve level on 2 points and SB 4: Cy beat Dee and Eve, Dee
 * beat Eve, so head-to-head among the three is 2, 1 and 0.
 */
static const int three_way[10][4] = {
	{ 0, 1, 1, 2 }, { 0, 2, 1, 2 }, { 0, 3, 1, 1 }, { 0, 4, 2, 1 },
	{ 1, 2, 1, 2 }, { 1, 3, 1, 1 }, { 1, 4, 2, 1 }, { 2, 3, 1, 2 },
	{ 2, 4, 1, 2 }, { 3, 4, 1, 2 }
};

START_TEST(test_h2h)
{
	static const int	 player[] = { 0, 2, 3, 4, 1 };
	static const enum standings_criterion by[] = { STANDINGS_BY_NONE,
	    STANDINGS_BY_POINTS, STANDINGS_BY_H2H, STANDINGS_BY_H2H,
	    STANDINGS_BY_POINTS };
	struct standings_game	 g[10];
	struct standings_row	 rows[5];
	struct buf		 b;
	int			 i;

	standings_compute(5, g, make_five(g, three_way), STANDINGS_SONNEBORN,
	    NULL, rows);
	check_order(rows, 5, player, by);
	for (i = 1; i <= 3; i++) {
		ck_assert_double_eq(rows[i].points, 2);
		ck_assert_double_eq(rows[i].sb, 4);
		ck_assert_double_eq(rows[i].h2h, 3 - i);
		ck_assert_int_eq(rows[i].tied, 3);
	}
	ck_assert_int_eq(rows[0].tied, 1);
	buf_init(&b);
	standings_explain(&b, &rows[2], &rows[1], "Cy");
	ck_assert_str_eq(b.data, "level on 2 points with Cy, behind on "
	    "head-to-head (1 against 2 in the games among the 3 tied)");
	/* Swiss: Buchholz first, a column of its own; the same H2H. */
	buf_reset(&b);
	standings_compute(5, g, 10, STANDINGS_BUCHHOLZ, NULL, rows);
	check_order(rows, 5, player, by);
	standings_table(rows, 5, five, STANDINGS_BUCHHOLZ, &b);
	ck_assert_str_eq(b.data,
"  # Name                     G   W   D   L    Pts   Buch     SB  H2H "
"Tie-break\n"
"  1 Ann                      4   2   1   1     2½   7.50   4.50\n"
"  2 Cy                       4   2   0   2      2   8.00   4.00    2\n"
"  3 Dee                      4   1   2   1      2   8.00   4.00    1 H2H\n"
"  4 Eve                      4   2   0   2      2   8.00   4.00    0 H2H\n"
"  5 Bob                      4   1   1   2     1½   8.50   3.00\n");
	ck_assert_int_eq(check_width(b.data), 6);
	buf_free(&b);
}
END_TEST

/*
 * Games of three: Bob and Cy level on 1½ points and SB 1.75; Bob ranked
 * above Cy in both the games they shared, so head-to-head is 2 to 0.
 */
START_TEST(test_h2h_three)
{
	static const struct standings_game g[4] = {
		{ 3, { 0, 1, 2 }, { 1, 2, 3 }, 1 },
		{ 3, { 0, 1, 3 }, { 1, 3, 2 }, 2 },
		{ 3, { 0, 2, 3 }, { 2, 1, 3 }, 3 },
		{ 3, { 1, 2, 3 }, { 1, 2, 3 }, 4 },
	};
	static const int	 player[] = { 0, 1, 2, 3 };
	static const enum standings_criterion by[] = { STANDINGS_BY_NONE,
	    STANDINGS_BY_POINTS, STANDINGS_BY_H2H, STANDINGS_BY_POINTS };
	struct standings_row	 rows[4];
	struct buf		 b;

	standings_compute(4, g, 4, STANDINGS_SONNEBORN, NULL, rows);
	check_order(rows, 4, player, by);
	ck_assert_double_eq(rows[1].sb, 1.75);
	ck_assert_double_eq(rows[2].sb, 1.75);
	ck_assert_double_eq(rows[1].h2h, 2);
	ck_assert_double_eq(rows[2].h2h, 0);
	buf_init(&b);
	standings_table(rows, 4, four, STANDINGS_SONNEBORN, &b);
	ck_assert_int_eq(check_width(b.data), 5);
	ck_assert_ptr_nonnull(strstr(b.data, "\n  3 Cy  "));
	ck_assert_ptr_nonnull(strstr(b.data, "   0 H2H\n"));
	buf_free(&b);
}
END_TEST

/*
 * Lots: level on everything, two players go in the order of their
 * lots, the same lots each time for the same seed and player; the lot
 * is a fixed function (splitmix64 of FNV-1a), so that a table worked
 * out again, anywhere, draws the same.
 */
START_TEST(test_lots)
{
	struct standings_game	 g[2];
	struct standings_row	 rows[2];
	struct buf		 b;
	uint64_t		 lot[2], seed;

	seed = standings_seed("Spring-S1-D2");
	ck_assert_uint_eq(seed, standings_seed("Spring-S1-D2"));
	ck_assert_uint_ne(seed, standings_seed("Spring-S1-D1"));
	ck_assert_uint_eq(standings_seed(""), 14695981039346656037ULL);
	ck_assert_uint_eq(standings_lot(0, 0), 0xe220a8397b1dcdafULL);
	add_game(&g[0], 0, 1, 1, 1, 1);
	add_game(&g[1], 1, 0, 1, 1, 2);
	lot[0] = 7;
	lot[1] = 3;
	standings_compute(2, g, 2, STANDINGS_SONNEBORN, lot, rows);
	ck_assert_int_eq(rows[0].player, 1);
	ck_assert_int_eq(rows[1].player, 0);
	ck_assert_int_eq(rows[1].by, STANDINGS_BY_LOT);
	buf_init(&b);
	ck_assert_int_eq(standings_explain(&b, &rows[1], &rows[0], "Bob"),
	    STANDINGS_BY_LOT);
	ck_assert_str_eq(b.data, "level on 1 point with Bob and on every "
	    "tie-break, behind by lot");
	buf_free(&b);
	lot[0] = standings_lot(seed, 12);
	lot[1] = standings_lot(seed, 34);
	standings_compute(2, g, 2, STANDINGS_BUCHHOLZ, lot, rows);
	ck_assert_int_eq(rows[0].player, lot[0] < lot[1] ? 0 : 1);
	ck_assert_int_eq(rows[1].by, STANDINGS_BY_LOT);
}
END_TEST

START_TEST(test_four_text)
{
	struct standings_row	rows[4];
	struct buf		b;

	standings_compute(4, four_games, 6, STANDINGS_SONNEBORN, NULL, rows);
	buf_init(&b);
	standings_table(rows, 4, four, STANDINGS_SONNEBORN, &b);
	ck_assert_str_eq(b.data,
"  # Name                     G   W   D   L    Pts     SB  H2H Tie-break\n"
"  1 Bob                      3   2   1   0     2½   2.75\n"
"  2 Ann                      3   2   0   1      2   1.50\n"
"  3 Cy                       3   1   1   1     1½   1.25\n"
"  4 Dee                      3   0   0   3      0   0.00\n");
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
	enum standings_tiebreak	 tb;
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
	tb = _i % 2 ? STANDINGS_BUCHHOLZ : STANDINGS_SONNEBORN;
	standings_compute(n, g, ng, tb, NULL, rows);
	buf_init(&b);
	standings_table(rows, n, (const char *const *)names, tb, &b);
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
	tcase_add_test(tc, test_sb_wins);
	tcase_add_test(tc, test_h2h);
	tcase_add_test(tc, test_h2h_three);
	tcase_add_test(tc, test_lots);
	tcase_add_test(tc, test_four_text);
	tcase_add_loop_test(tc, test_widths, 0, 6);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
