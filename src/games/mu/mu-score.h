/*
 * Scoring a finished game of Mu: regions, their owners and the result.
 */
#ifndef MU_SCORE_H
#define MU_SCORE_H

#include "mu-report.h"

struct mu_game;

/*
 * A region: its lowest cell, which names it, its size and its owner.
 * colours are its pieces' colours or, if it is empty, those of the
 * Wall pieces that can land in it; one colour makes it that colour's.
 */
struct mu_region {
	int16_t		first;
	int16_t		cells;
	int8_t		owner;		/* seat, or MU_NONE: neutral */
	uint8_t		empty;
	unsigned	colours;
};

int	mu_score_regions(const struct mu_game *, struct mu_region *);
void	mu_score_count(const struct mu_game *, struct mu_score *);

#endif
