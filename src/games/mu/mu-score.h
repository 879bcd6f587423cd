/*
 * Scoring a finished game of Mu: regions, their owners and the result.
 */
#ifndef MU_SCORE_H
#define MU_SCORE_H

#include "mu-report.h"

struct mu_game;

void	mu_score_count(const struct mu_game *, struct mu_score *);

#endif
