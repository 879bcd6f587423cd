#include "config.h"

#include "rng.h"

/*
 * SplitMix64: a 64-bit counter stepped by the golden ratio and mixed by
 * two multiply-xorshift rounds.  Every seed gives a full-period stream;
 * the output is good enough for drawing seats and demo layouts, and is
 * the same on every platform.
 */

void
rng_init(struct rng *rng, uint64_t seed)
{
	rng->state = seed;
}

uint64_t
rng_next(struct rng *rng)
{
	uint64_t	z;

	z = (rng->state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (z ^ (z >> 31));
}

/* A uniform draw from [0, n), without modulo bias; n must be > 0. */
uint32_t
rng_below(struct rng *rng, uint32_t n)
{
	uint64_t	x, limit;

	limit = UINT64_MAX - UINT64_MAX % n;
	do
		x = rng_next(rng);
	while (x >= limit);
	return ((uint32_t)(x % n));
}

/* Put a[0..n) in a uniformly random order (Fisher-Yates). */
void
rng_shuffle(struct rng *rng, int *a, int n)
{
	int	i, j, t;

	for (i = n - 1; i > 0; i--) {
		j = (int)rng_below(rng, (uint32_t)i + 1);
		t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}
