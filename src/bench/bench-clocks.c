#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench-clocks.h"
#include "bench.h"
#include "db.h"
#include "store.h"

/*
 * The clock benchmark: what finding the next due event costs in a
 * store full of games on the clock (scripts/bench-clocks.sh makes one,
 * and runs this at 1,000, 10,000 and 100,000 games).  It times
 * store_timer_next(), which mupbemd asks after every round to know
 * how long it may sleep, and store_timer_due() at the time of the
 * first timer, which takes the earliest due one.  For each it counts
 * the SQLite virtual machine steps a call takes, which stay the same
 * however many timers there are as long as the lookup descends the
 * index rather than scanning the table, and prints SQLite's plan.  The
 * first call is timed apart: it prepares the statement and fills
 * SQLite's cache.  It changes nothing and checks nothing.
 */

static int	bench_clocks_call(struct store *, long long, char **);
static int	bench_clocks_lookup(struct store *, long long, long,
		    char **);

/* One lookup: store_timer_due() at at, or store_timer_next() (-1). */
static int
bench_clocks_call(struct store *s, long long at, char **cause)
{
	struct store_timer	t;

	if (at == -1) {
		store_timer_next(s);
		return (0);
	}
	return (store_timer_due(s, at, &t, cause) == -1 ? -1 : 0);
}

/* Time the first call of a lookup, then calls more, and print it all. */
static int
bench_clocks_lookup(struct store *s, long long at, long calls,
    char **cause)
{
	struct store_timer_cost	 cost;
	double			 t, first;
	long long		 steps;
	long			 i;

	t = bench_now();
	if (bench_clocks_call(s, at, cause) == -1)
		return (-1);
	first = bench_now() - t;
	/* This sets the step counts back to 0. */
	if (store_timer_cost(s, &cost, cause) == -1)
		return (-1);
	store_timer_cost_free(&cost);
	t = bench_now();
	for (i = 0; i < calls; i++) {
		if (bench_clocks_call(s, at, cause) == -1)
			return (-1);
	}
	t = bench_now() - t;
	if (store_timer_cost(s, &cost, cause) == -1)
		return (-1);
	if (at == -1) {
		printf("store_timer_next(): ");
		steps = cost.next_steps;
	} else {
		printf("store_timer_due() at %lld: ", at);
		steps = cost.due_steps;
	}
	printf("%ld calls in %.3f s\n", calls, t);
	printf("  %12.3f us per call\n  %12.1f SQLite VM steps per call\n"
	    "  %12.1f us for the first call, which prepares the statement\n"
	    "  plan: %s\n", t * 1e6 / (double)calls, (double)steps /
	    (double)calls, first * 1e6, at == -1 ? cost.next_plan :
	    cost.due_plan);
	store_timer_cost_free(&cost);
	return (0);
}

/* mupbem-bench clocks [--calls N] DATABASE */
int
bench_clocks_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "calls", required_argument, NULL, 'n' },
		{ NULL, 0, NULL, 0 }
	};
	struct store	*s;
	char		*cause = NULL;
	long long	 n;
	long		 calls = 100000;
	int		 ch, rc = 1;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		if (ch != 'n')
			return (-1);
		if (bench_number("calls", optarg, 1, 100000000,
		    &calls) == -1)
			return (1);
	}
	if (optind != argc - 1)
		return (-1);
	if (db_kind_of(argv[optind]) == DB_SQLITE &&
	    access(argv[optind], F_OK) == -1) {
		fprintf(stderr, "mupbem-bench: clocks: %s: %s\n", argv[optind],
		    strerror(errno));
		return (1);
	}
	if ((s = store_open(argv[optind], &cause)) == NULL)
		goto out;
	if ((n = store_timer_count(s, &cause)) == -1)
		goto out;
	if (n == 0) {
		fprintf(stderr, "mupbem-bench: clocks: %s: no timers\n",
		    argv[optind]);
		goto out;
	}
	printf("%s: %lld timers\n", argv[optind], n);
	if (bench_clocks_lookup(s, -1, calls, &cause) == -1 ||
	    bench_clocks_lookup(s, store_timer_next(s), calls,
	    &cause) == -1)
		goto out;
	rc = 0;

out:
	if (cause != NULL) {
		fprintf(stderr, "mupbem-bench: clocks: %s\n", cause);
		free(cause);
	}
	store_close(s);
	return (rc);
}
