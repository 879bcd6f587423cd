#include "config.h"

#include <math.h>

#include "elo.h"

/*
 * A score rate p (a win 1, a draw 1/2, a loss 0, averaged over n games)
 * implies the Elo difference D = 400 log10(p / (1 - p)), the inverse of
 * the logistic expected score 1 / (1 + 10^(-D / 400)).  The standard
 * error of p is sd = sqrt(var / n), var being the variance of the
 * games' own scores (draws included, so a drawish match has a smaller
 * one), and the 95% interval is D at p - 1.96 sd and at p + 1.96 sd.
 * An end beyond 0% or 100% is -HUGE_VAL or +HUGE_VAL: no finite
 * difference is ruled out on that side.
 *
 * At 0% or 100% D itself is infinite and sd is 0, so the finite end
 * comes instead from the exact (Clopper-Pearson) bound: with n wins in
 * n games, the rate is at least 0.025^(1/n), the rate at which n wins
 * in a row have a chance of 2.5%, the tail the interval leaves on
 * either side; and with n losses, at most 1 - 0.025^(1/n).  With n
 * draws sd is 0 as well, but n draws do not show the two equal: they
 * rule out, in the same way, a rate of decisive games above
 * q = 1 - 0.025^(1/n), so the interval is D at 1/2 - q/2 and at
 * 1/2 + q/2, as if every one of those games had gone one way (20
 * draws: -59 to +59).
 */

#define ELO_Z		1.96	/* the 95% two-sided normal quantile */
#define ELO_TAIL	0.025	/* the chance left out on either side */

/* The Elo difference that the score rate p implies. */
double
elo_diff(double p)
{
	if (p <= 0)
		return (-HUGE_VAL);
	if (p >= 1)
		return (HUGE_VAL);
	return (400 * log10(p / (1 - p)));
}

/* The estimate from wins, losses and draws; no games: 0, -inf to inf. */
void
elo_estimate(long wins, long losses, long draws, struct elo_estimate *e)
{
	double	n, var, bound;

	e->games = wins + losses + draws;
	if (e->games <= 0) {
		e->score = 0.5;
		e->sd = e->diff = 0;
		e->low = -HUGE_VAL;
		e->high = HUGE_VAL;
		return;
	}
	n = (double)e->games;
	e->score = (wins + draws / 2.0) / n;
	var = (wins + draws / 4.0) / n - e->score * e->score;
	e->sd = var > 0 ? sqrt(var / n) : 0;
	e->diff = elo_diff(e->score);
	bound = pow(ELO_TAIL, 1 / n);
	if (losses + draws == 0) {
		e->low = elo_diff(bound);
		e->high = HUGE_VAL;
	} else if (wins + draws == 0) {
		e->low = -HUGE_VAL;
		e->high = elo_diff(1 - bound);
	} else if (wins + losses == 0) {
		e->low = elo_diff(0.5 - (1 - bound) / 2);
		e->high = elo_diff(0.5 + (1 - bound) / 2);
	} else {
		e->low = elo_diff(e->score - ELO_Z * e->sd);
		e->high = elo_diff(e->score + ELO_Z * e->sd);
	}
}
