#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench.h"
#include "buf.h"
#include "game-registry.h"
#include "game.h"

/*
 * The benchmarks print figures and check nothing; the tests do that.
 * Each times its work with bench_now(), and reads its options with
 * bench_number(), bench_seed() and bench_game(), which print what is
 * wrong (after "mupbem-bench: ") and leave the exit status to the
 * caller: 1 for a bad value.
 */

/* Seconds on the monotonic clock: the benchmarks' stopwatch. */
double
bench_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((double)ts.tv_sec + (double)ts.tv_nsec / 1e9);
}

/* Print an error on stderr, after the program's name; returns 1. */
int
bench_error(const char *fmt, ...)
{
	va_list	ap;

	fputs("mupbem-bench: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return (1);
}

/* Parse a number option from min to max; prints the error. */
int
bench_number(const char *what, const char *s, long min, long max,
    long *out)
{
	char	*end;
	long	 v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0 || v < min || v > max) {
		bench_error("%s: '%s' is not a number from %ld to %ld", what,
		    s, min, max);
		return (-1);
	}
	*out = v;
	return (0);
}

/* Parse a seed option; prints the error. */
int
bench_seed(const char *s, uint64_t *seed)
{
	char	*end;

	errno = 0;
	*seed = strtoumax(s, &end, 10);
	if (*s < '0' || *s > '9' || *end != '\0' || errno != 0) {
		bench_error("seed: '%s' is not a whole number from 0 to "
		    "2^64-1", s);
		return (-1);
	}
	return (0);
}

/* The game called name, or NULL after printing the error. */
const struct game_ops *
bench_game(const char *name)
{
	const struct game_ops	*ops;
	struct buf		 names;

	if ((ops = game_find(name)) != NULL)
		return (ops);
	buf_init(&names);
	game_names(&names);
	bench_error("game: no game is called '%s' (the games are %s)", name,
	    names.data);
	buf_free(&names);
	return (NULL);
}
