/*
 * Random legal play, for the benchmark, the invariant tests and, later,
 * the robot's weakest level.
 */
#ifndef MU_RANDOM_H
#define MU_RANDOM_H

#include "mu-game.h"
#include "rng.h"

struct mu_random_stats {
	long	moves;
	long	explosions;
};

int	mu_random_action(struct mu_game *, struct rng *, struct mu_action *,
	    struct mu_report *, struct mu_random_stats *);

#endif
