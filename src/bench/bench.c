#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench.h"
#include "game-registry.h"
#include "option.h"

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
	char	*cause;

	if (option_number(what, s, min, max, out, &cause) == -1) {
		bench_error("%s", cause);
		free(cause);
		return (-1);
	}
	return (0);
}

/* Parse a seed option; prints the error. */
int
bench_seed(const char *s, uint64_t *seed)
{
	char	*cause;

	if (option_seed(s, seed, &cause) == -1) {
		bench_error("%s", cause);
		free(cause);
		return (-1);
	}
	return (0);
}

/* The game called name, or NULL after printing the error. */
const struct game_ops *
bench_game(const char *name)
{
	const struct game_ops	*ops;
	char			*cause;

	if ((ops = game_lookup(name, &cause)) == NULL) {
		bench_error("game: %s", cause);
		free(cause);
	}
	return (ops);
}
