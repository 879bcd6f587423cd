/*
 * What the benchmarks of mupbem-bench share: the stopwatch, and the
 * reading of their options.
 */
#ifndef BENCH_H
#define BENCH_H

#include <stdint.h>

struct game_ops;

double	bench_now(void);
int	bench_error(const char *, ...)
	    __attribute__((format(printf, 1, 2)));
const struct game_ops *bench_game(const char *);
int	bench_number(const char *, const char *, long, long, long *);
int	bench_seed(const char *, uint64_t *);

#endif
