#include "config.h"

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench-pairing.h"
#include "bench.h"
#include "pairing.h"
#include "rng.h"
#include "xmalloc.h"

/*
 * The pairing benchmark.  A Swiss event of N players (ratings drawn
 * from a fixed seed) plays five rounds with random results, the better
 * rating winning more often; then the sixth round's pairing is timed,
 * with met() answered from an open-addressing hash set of the pairs
 * that have met and counted.  Then 1,000 players sorted by rating are
 * cut into divisions of K and every round of every division's round
 * robin is produced, for two (Berger) and for three (every table of
 * three), and timed.  It prints figures and checks nothing.
 */

#define BENCH_PAIRING_DIVISION_PLAYERS	1000

struct bench_pairing_set {
	uint64_t	*slot;		/* a * n + b + 1, 0 empty */
	size_t		 size;		/* a power of two */
	size_t		 used;
	long		 calls;
	int		 n;
};

static uint64_t	bench_pairing_hash(uint64_t);
static size_t	bench_pairing_find(const struct bench_pairing_set *,
		    uint64_t);
static uint64_t	bench_pairing_key(const struct bench_pairing_set *, int,
		    int);
static void	bench_pairing_add(struct bench_pairing_set *, int, int);
static int	bench_pairing_met(void *, int, int);
static int	bench_pairing_round(struct pairing_player *, int,
		    struct bench_pairing_set *, struct rng *, int *,
		    double *);
static int	bench_pairing_swiss(int);
static int	bench_pairing_divisions(int, int);

static uint64_t
bench_pairing_hash(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	return (x);
}

/* The slot of key, or the empty one where it would go. */
static size_t
bench_pairing_find(const struct bench_pairing_set *s, uint64_t key)
{
	size_t	i = bench_pairing_hash(key) & (s->size - 1);

	while (s->slot[i] != 0 && s->slot[i] != key)
		i = (i + 1) & (s->size - 1);
	return (i);
}

/* The key of the pair a, b. */
static uint64_t
bench_pairing_key(const struct bench_pairing_set *s, int a, int b)
{
	if (a > b)
		return ((uint64_t)b * (uint64_t)s->n + (uint64_t)a + 1);
	return ((uint64_t)a * (uint64_t)s->n + (uint64_t)b + 1);
}

/* Note that a and b met. */
static void
bench_pairing_add(struct bench_pairing_set *s, int a, int b)
{
	uint64_t	key = bench_pairing_key(s, a, b);
	size_t		i;

	i = bench_pairing_find(s, key);
	if (s->slot[i] == 0) {
		s->slot[i] = key;
		s->used++;
	}
}

static int
bench_pairing_met(void *arg, int a, int b)
{
	struct bench_pairing_set	*s = arg;
	uint64_t			 key = bench_pairing_key(s, a, b);

	s->calls++;
	return (s->slot[bench_pairing_find(s, key)] == key);
}

/*
 * Pair a round of the n players (in *secs seconds, met() calls counted),
 * play it with random results and count the repeated pairings in
 * *repeats; returns the tables made.
 */
static int
bench_pairing_round(struct pairing_player *pl, int n,
    struct bench_pairing_set *s, struct rng *rng, int *repeats,
    double *secs)
{
	struct pairing_table	*t;
	size_t			 nt, i;
	int			 a, b, w;
	double			 p;

	t = xreallocarray(NULL, pairing_roundrobin_max(n, 2), sizeof *t);
	s->calls = 0;
	*secs = bench_now();
	if (pairing_swiss(pl, n, 2, bench_pairing_met, s, t, &nt) == -1) {
		free(t);
		return (-1);
	}
	*secs = bench_now() - *secs;
	for (i = 0; i < nt; i++) {
		a = t[i].seat[0];
		if (t[i].n == 1) {
			pl[a].score += 1;
			pl[a].byes++;
			continue;
		}
		b = t[i].seat[1];
		*repeats += s->slot[bench_pairing_find(s,
		    bench_pairing_key(s, a, b))] != 0;
		bench_pairing_add(s, a, b);
		pl[a].colour++;
		pl[b].colour--;
		pl[a].last = 1;
		pl[b].last = -1;
		/* The better rating wins two games in three; a tenth drawn. */
		w = (int)rng_below(rng, 30);
		p = pl[a].rating >= pl[b].rating ? 1 : 0;
		if (w < 3) {
			pl[a].score += 0.5;
			pl[b].score += 0.5;
		} else if (w < 21)
			pl[p ? a : b].score += 1;
		else
			pl[p ? b : a].score += 1;
	}
	free(t);
	return ((int)nt);
}

/* Time the sixth round of a Swiss event of n players. */
static int
bench_pairing_swiss(int n)
{
	struct bench_pairing_set	 s;
	struct pairing_player		*pl;
	struct rng			 rng;
	double				 t, worst = 0;
	int				 r, i, repeats = 0, nt;

	rng_init(&rng, 15);
	pl = xcalloc((size_t)n, sizeof *pl);
	for (i = 0; i < n; i++)
		pl[i].rating = 1000 + (double)rng_below(&rng, 1500);
	s.n = n;
	for (s.size = 1024; s.size < (size_t)n * 8; s.size *= 2)
		/* nothing */;
	s.slot = xcalloc(s.size, sizeof *s.slot);
	s.used = 0;
	for (r = 0; r < 5; r++) {
		if (bench_pairing_round(pl, n, &s, &rng, &repeats,
		    &t) == -1)
			goto fail;
		if (t > worst)
			worst = t;
	}
	if ((nt = bench_pairing_round(pl, n, &s, &rng, &repeats,
	    &t)) == -1)
		goto fail;
	printf("swiss: %d players, 5 rounds paired (the slowest in %.3f ms) "
	    "and played\n", n, worst * 1e3);
	printf("  round 6: %d tables paired in %.3f ms, %ld met() calls\n",
	    nt, t * 1e3, s.calls);
	printf("  %d repeated pairings in 6 rounds\n", repeats);
	free(s.slot);
	free(pl);
	return (0);

fail:
	fprintf(stderr, "mupbem-bench: pairing: pairing_swiss failed\n");
	free(s.slot);
	free(pl);
	return (1);
}

/* Time a season of every division of k of 1,000 players. */
static int
bench_pairing_divisions(int k, int seats)
{
	struct pairing_table	*t;
	size_t			 nt, games = 0;
	double			 start;
	int			 n = BENCH_PAIRING_DIVISION_PLAYERS;
	int			 d, r, size;
	int			 rounds = 0, divisions = 0;

	t = xreallocarray(NULL, pairing_roundrobin_max(k, seats) + 1,
	    sizeof *t);
	start = bench_now();
	/* The players are sorted by rating: division d is d * k on. */
	for (d = 0; d < n; d += k) {
		size = n - d < k ? n - d : k;
		divisions++;
		if (size < seats)
			continue;	/* too few for a game: no season */
		for (r = 0; r < pairing_rounds(size, seats); r++) {
			if (pairing_roundrobin(size, seats, r, t, &nt) == -1) {
				free(t);
				return (-1);
			}
			games += nt;
			rounds++;
		}
	}
	start = bench_now() - start;
	printf("  tables of %d: %d seasons, %d rounds, %zu tables"
	    " in %.3f ms\n", seats, divisions, rounds, games,
	    start * 1e3);
	free(t);
	return (0);
}

/* mupbem-bench pairing [--players N] [--divisions-of K] */
int
bench_pairing_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "players", required_argument, NULL, 'p' },
		{ "divisions-of", required_argument, NULL, 'd' },
		{ NULL, 0, NULL, 0 }
	};
	long	players = 10000, k = 8;
	int	ch, seats;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		if (ch == 'p') {
			if (bench_number("players", optarg, 2,
			    1000000, &players) == -1)
				return (1);
		} else if (ch == 'd') {
			if (bench_number("divisions-of", optarg, 2,
			    PAIRING_ALL_MAX_PLAYERS, &k) == -1)
				return (1);
		} else
			return (-1);
	}
	if (optind != argc)
		return (-1);
	if (bench_pairing_swiss((int)players) != 0)
		return (1);
	printf("divisions: %d players by rating in divisions of %ld\n",
	    BENCH_PAIRING_DIVISION_PLAYERS, k);
	for (seats = 2; seats <= 3; seats++) {
		if (bench_pairing_divisions((int)k, seats) == -1) {
			fprintf(stderr, "mupbem-bench: pairing: "
			    "pairing_roundrobin failed\n");
			return (1);
		}
	}
	return (0);
}
