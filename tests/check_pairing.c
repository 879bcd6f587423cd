#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pairing.h"
#include "test-util.h"

/*
 * Pairing: Berger round robins meet every pair once with colours
 * balanced, every table of three is played once, Swiss rounds simulated
 * with results by rating never repeat a pairing and give each bye to a
 * new player, and knockout brackets seed the top players apart.
 */

/* A tournament in progress: who met whom, and the players' state. */
struct sim {
	int			 n;
	int			*met;		/* n * n */
	struct pairing_player	*pl;
};

static int
sim_met(void *arg, int a, int b)
{
	struct sim	*s = arg;

	return (s->met[a * s->n + b]);
}

static void
sim_init(struct sim *s, int n)
{
	int	i;

	s->n = n;
	s->met = calloc((size_t)n * n, sizeof *s->met);
	s->pl = calloc((size_t)n, sizeof *s->pl);
	for (i = 0; i < n; i++)
		s->pl[i].rating = 2000 - 10 * i;
}

static void
sim_free(struct sim *s)
{
	free(s->met);
	free(s->pl);
}

/*
 * Play a Swiss round: the better rating wins; returns the number of
 * repeated pairings and sets *bye to the player with the bye (-1).
 */
static int
sim_round(struct sim *s, int *bye)
{
	struct pairing_table	*t;
	size_t			 nt, i;
	int			 repeats = 0, a, b, *seen;

	t = calloc(pairing_roundrobin_max(s->n, 2), sizeof *t);
	ck_assert_int_eq(pairing_swiss(s->pl, s->n, 2, sim_met, s, t, &nt),
	    0);
	seen = calloc((size_t)s->n, sizeof *seen);
	*bye = -1;
	for (i = 0; i < nt; i++) {
		a = t[i].seat[0];
		seen[a]++;
		if (t[i].n == 1) {
			ck_assert_int_eq(*bye, -1);
			*bye = a;
			s->pl[a].score += 1;
			s->pl[a].byes++;
			continue;
		}
		ck_assert_int_eq(t[i].n, 2);
		b = t[i].seat[1];
		seen[b]++;
		repeats += s->met[a * s->n + b] > 0;
		s->met[a * s->n + b]++;
		s->met[b * s->n + a]++;
		s->pl[a].colour++;
		s->pl[b].colour--;
		s->pl[a].last = 1;
		s->pl[b].last = -1;
		s->pl[s->pl[a].rating > s->pl[b].rating ? a : b].score += 1;
	}
	for (a = 0; a < s->n; a++)
		ck_assert_int_eq(seen[a], 1);
	free(seen);
	free(t);
	return (repeats);
}

/* Check a whole round robin of two; return each player's firsts. */
static void
check_berger(int n, int *first)
{
	struct pairing_table	 t[64];
	int			 met[64 * 64], seen[64], byes[64];
	int			 r, a, b;
	size_t			 nt, i;

	memset(met, 0, sizeof met);
	memset(byes, 0, sizeof byes);
	memset(first, 0, (size_t)n * sizeof *first);
	ck_assert_int_eq(pairing_rounds(n, 2), n % 2 ? n : n - 1);
	for (r = 0; r < pairing_rounds(n, 2); r++) {
		ck_assert_int_eq(pairing_roundrobin(n, 2, r, t, &nt), 0);
		ck_assert_uint_eq(nt, pairing_roundrobin_max(n, 2));
		memset(seen, 0, sizeof seen);
		for (i = 0; i < nt; i++) {
			a = t[i].seat[0];
			seen[a]++;
			if (t[i].n == 1) {
				byes[a]++;
				continue;
			}
			b = t[i].seat[1];
			seen[b]++;
			met[a * n + b]++;
			met[b * n + a]++;
			first[a]++;
		}
		for (a = 0; a < n; a++)
			ck_assert_int_eq(seen[a], 1);
	}
	for (a = 0; a < n; a++) {
		ck_assert_int_eq(byes[a], n % 2);
		for (b = 0; b < n; b++)
			ck_assert_int_eq(met[a * n + b], a != b);
	}
}

START_TEST(test_berger_six)
{
	/* FIDE's Berger table for 6, numbered from 1, first mover first. */
	static const char	*fide[] = { "1-6 2-5 3-4", "6-4 5-3 1-2",
				    "2-6 3-1 4-5", "6-5 1-4 2-3",
				    "3-6 4-2 5-1" };
	struct pairing_table	 t[3];
	char			 line[64];
	size_t			 nt, i, len;
	int			 first[6], r;

	for (r = 0; r < 5; r++) {
		ck_assert_int_eq(pairing_roundrobin(6, 2, r, t, &nt), 0);
		for (len = 0, i = 0; i < nt; i++)
			len += (size_t)snprintf(line + len, sizeof line - len,
			    "%s%d-%d", i > 0 ? " " : "", t[i].seat[0] + 1,
			    t[i].seat[1] + 1);
		ck_assert_str_eq(line, fide[r]);
	}
	check_berger(6, first);
	for (r = 0; r < 6; r++) {
		ck_assert_int_ge(first[r], 2);
		ck_assert_int_le(first[r], 3);
	}
	ck_assert_int_eq(pairing_roundrobin(6, 2, 5, t, &nt), -1);
	ck_assert_int_eq(pairing_roundrobin(6, 2, -1, t, &nt), -1);
}
END_TEST

START_TEST(test_berger_odd)
{
	int	first[64], n, i;

	for (n = 3; n <= 11; n += 2) {
		check_berger(n, first);
		/* n - 1 games each: firsts differ by at most one. */
		for (i = 0; i < n; i++) {
			ck_assert_int_ge(first[i], (n - 1) / 2 - 1);
			ck_assert_int_le(first[i], (n - 1) / 2 + 1);
		}
	}
	check_berger(2, first);
	check_berger(20, first);
}
END_TEST

START_TEST(test_all_of_three)
{
	struct pairing_table	t[8];
	int			games[6 * 6 * 6], seen[6], n, r, i, j;
	size_t			nt, k;

	ck_assert_int_eq(pairing_rounds(3, 3), 1);
	ck_assert_int_eq(pairing_roundrobin(3, 3, 0, t, &nt), 0);
	ck_assert_uint_eq(nt, 1);
	ck_assert_int_eq(t[0].n, 3);
	ck_assert_int_eq(t[0].seat[0] + t[0].seat[1] + t[0].seat[2], 3);

	n = 6;
	memset(games, 0, sizeof games);
	ck_assert_int_gt(pairing_rounds(n, 3), 0);
	for (r = 0; r < pairing_rounds(n, 3); r++) {
		ck_assert_int_eq(pairing_roundrobin(n, 3, r, t, &nt), 0);
		ck_assert_uint_ge(nt, 1);
		ck_assert_uint_le(nt, pairing_roundrobin_max(n, 3));
		memset(seen, 0, sizeof seen);
		for (k = 0; k < nt; k++) {
			int	s[3];

			ck_assert_int_eq(t[k].n, 3);
			for (i = 0; i < 3; i++)
				seen[s[i] = t[k].seat[i]]++;
			/* sort the three */
			for (i = 0; i < 3; i++)
				for (j = i + 1; j < 3; j++)
					if (s[j] < s[i]) {
						int x = s[i];
						s[i] = s[j];
						s[j] = x;
					}
			games[(s[0] * n + s[1]) * n + s[2]]++;
		}
		for (i = 0; i < n; i++)
			ck_assert_int_le(seen[i], 1);
	}
	for (i = 0; i < n * n * n; i++) {
		int a = i / (n * n), b = i / n % n, c = i % n;

		ck_assert_int_eq(games[i], a < b && b < c);
	}
	/* The caps. */
	ck_assert_int_eq(pairing_roundrobin(2, 3, 0, t, &nt), -1);
	ck_assert_int_eq(pairing_roundrobin(8, 7, 0, t, &nt), -1);
	ck_assert_int_eq(pairing_rounds(65, 3), -1);
	ck_assert_int_eq(pairing_rounds(64, 4), -1);
	ck_assert_int_gt(pairing_rounds(64, 3), 0);
	ck_assert_int_eq(pairing_roundrobin(3, 3, 1, t, &nt), -1);
}
END_TEST

START_TEST(test_swiss_first)
{
	struct sim		s;
	struct pairing_table	t[4];
	size_t			nt;
	int			i;

	/* Round one of eight by rating: 1-5 2-6 3-7 4-8, top first. */
	sim_init(&s, 8);
	ck_assert_int_eq(pairing_swiss(s.pl, 8, 2, sim_met, &s, t, &nt), 0);
	ck_assert_uint_eq(nt, 4);
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(t[i].n, 2);
		ck_assert_int_eq(t[i].seat[0], i);
		ck_assert_int_eq(t[i].seat[1], i + 4);
	}
	/* Withdrawn players are left out. */
	s.pl[0].out = s.pl[7].out = 1;
	ck_assert_int_eq(pairing_swiss(s.pl, 8, 2, sim_met, &s, t, &nt), 0);
	ck_assert_uint_eq(nt, 3);
	ck_assert_int_eq(t[0].seat[0], 1);
	ck_assert_int_eq(t[0].seat[1], 4);
	sim_free(&s);
}
END_TEST

START_TEST(test_swiss_nine)
{
	struct sim	s;
	int		r, bye, byes[3], i;

	sim_init(&s, 9);
	for (r = 0; r < 3; r++) {
		ck_assert_int_eq(sim_round(&s, &bye), 0);
		ck_assert_int_ne(bye, -1);
		for (i = 0; i < r; i++)
			ck_assert_int_ne(byes[i], bye);
		byes[r] = bye;
	}
	/* The lowest-ranked gets the first bye. */
	ck_assert_int_eq(byes[0], 8);
	sim_free(&s);
}
END_TEST

START_TEST(test_swiss_sixteen)
{
	struct sim	s;
	int		r, bye;

	sim_init(&s, 16);
	for (r = 0; r < 7; r++) {
		ck_assert_int_eq(sim_round(&s, &bye), 0);
		ck_assert_int_eq(bye, -1);
	}
	sim_free(&s);
}
END_TEST

/* Whether the players left in the mask can pair without a repeat. */
static int
sim_can(const struct sim *s, unsigned mask)
{
	int	a, b;

	if (mask == 0)
		return (1);
	for (a = 0; (mask & 1U << a) == 0; a++)
		/* nothing */;
	for (b = a + 1; b < s->n; b++) {
		if ((mask & 1U << b) && s->met[a * s->n + b] == 0 &&
		    sim_can(s, mask & ~(1U << a) & ~(1U << b)))
			return (1);
	}
	return (0);
}

START_TEST(test_swiss_hard)
{
	struct sim	s;
	int		r, bye, can, repeats, late = 0;

	/* 12 players, 11 rounds: a repeat only when none can be avoided. */
	sim_init(&s, 12);
	for (r = 0; r < 11; r++) {
		can = sim_can(&s, (1U << 12) - 1);
		repeats = sim_round(&s, &bye);
		ck_assert_int_eq(repeats > 0, !can);
		late += can && r >= 6;
	}
	/* The test must reach the rounds where the fast pass fails. */
	ck_assert_int_gt(late, 0);
	sim_free(&s);
}
END_TEST

START_TEST(test_swiss_big)
{
	struct sim		 s;
	struct pairing_table	*t;
	size_t			 nt;
	int			 n = 10000, bye;

	/* The met() matrix would be 400 MB: a round without history. */
	s.n = n;
	s.met = NULL;
	s.pl = calloc((size_t)n, sizeof *s.pl);
	for (bye = 0; bye < n; bye++)
		s.pl[bye].rating = 3000 - bye * 0.1;
	t = calloc(pairing_roundrobin_max(n, 2), sizeof *t);
	ck_assert_int_eq(pairing_swiss(s.pl, n, 2, NULL, NULL, t, &nt), 0);
	ck_assert_uint_eq(nt, 5000);
	ck_assert_int_eq(t[0].seat[0], 0);
	ck_assert_int_eq(t[0].seat[1], 5000);
	ck_assert_int_eq(t[4999].seat[1], 9999);
	free(t);
	free(s.pl);
}
END_TEST

START_TEST(test_swiss_many)
{
	struct sim		s;
	struct pairing_table	t[4];
	size_t			nt;
	int			seen[10], i, j;

	sim_init(&s, 10);
	ck_assert_int_eq(pairing_swiss(s.pl, 10, 4, sim_met, &s, t, &nt), 0);
	ck_assert_uint_eq(nt, 3);
	ck_assert_int_eq(t[0].n, 4);
	ck_assert_int_eq(t[1].n, 3);
	ck_assert_int_eq(t[2].n, 3);
	memset(seen, 0, sizeof seen);
	for (i = 0; i < 3; i++)
		for (j = 0; j < t[i].n; j++)
			seen[t[i].seat[j]]++;
	for (i = 0; i < 10; i++)
		ck_assert_int_eq(seen[i], 1);
	ck_assert_int_eq(t[0].seat[0], 0);
	ck_assert_int_eq(t[0].seat[3], 3);
	/* 0 and 3 met: 3 swaps with 4, the top of the next table. */
	s.met[0 * 10 + 3] = s.met[3 * 10 + 0] = 1;
	ck_assert_int_eq(pairing_swiss(s.pl, 10, 4, sim_met, &s, t, &nt), 0);
	ck_assert_int_eq(t[0].seat[3], 4);
	ck_assert_int_eq(t[1].seat[0], 3);
	/* One player alone has a bye; two play. */
	ck_assert_int_eq(pairing_swiss(s.pl, 1, 4, sim_met, &s, t, &nt), 0);
	ck_assert_uint_eq(nt, 1);
	ck_assert_int_eq(t[0].n, 1);
	ck_assert_int_eq(pairing_swiss(s.pl, 5, 4, sim_met, &s, t, &nt), 0);
	ck_assert_uint_eq(nt, 2);
	ck_assert_int_eq(t[0].n, 3);
	ck_assert_int_eq(t[1].n, 2);
	sim_free(&s);
}
END_TEST

START_TEST(test_knockout)
{
	static const int	eight[] = { 0, 7, 3, 4, 1, 6, 2, 5 };
	static const int	six[] = { 0, -1, 3, 4, 1, -1, 2, 5 };
	static const int	five[] = { 0, -1, 3, 4, 1, -1, 2, -1 };
	int			order[8], i;

	ck_assert_int_eq(pairing_knockout_size(8), 8);
	ck_assert_int_eq(pairing_knockout_size(5), 8);
	ck_assert_int_eq(pairing_knockout_size(1), 1);
	pairing_knockout(8, order);
	for (i = 0; i < 8; i++)
		ck_assert_int_eq(order[i], eight[i]);
	pairing_knockout(6, order);
	for (i = 0; i < 8; i++)
		ck_assert_int_eq(order[i], six[i]);
	pairing_knockout(5, order);
	for (i = 0; i < 8; i++)
		ck_assert_int_eq(order[i], five[i]);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("pairing");
	TCase	*tc = tcase_create("pairing");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_berger_six);
	tcase_add_test(tc, test_berger_odd);
	tcase_add_test(tc, test_all_of_three);
	tcase_add_test(tc, test_swiss_first);
	tcase_add_test(tc, test_swiss_nine);
	tcase_add_test(tc, test_swiss_sixteen);
	tcase_add_test(tc, test_swiss_hard);
	tcase_add_test(tc, test_swiss_big);
	tcase_add_test(tc, test_swiss_many);
	tcase_add_test(tc, test_knockout);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
