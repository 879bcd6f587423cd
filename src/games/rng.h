/*
 * A small seeded random number generator (SplitMix64).  Games keep the
 * seed in their record, so every draw can be repeated.
 */
#ifndef RNG_H
#define RNG_H

#include <stdint.h>

struct rng {
	uint64_t	state;
};

void		rng_init(struct rng *, uint64_t);
uint64_t	rng_next(struct rng *);
uint32_t	rng_below(struct rng *, uint32_t);
void		rng_shuffle(struct rng *, int *, int);

#endif
