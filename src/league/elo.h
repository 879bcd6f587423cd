/*
 * The Elo difference a score rate between two players implies, on the
 * usual logistic scale (400 points are odds of 10 to 1), with a 95%
 * interval from the standard error of the score rate.  The arena
 * (mupbem arena, docs/commands.md) prints it.
 */
#ifndef ELO_H
#define ELO_H

struct elo_estimate {
	long	games;
	double	score;		/* (wins + draws / 2) / games */
	double	sd;		/* the standard error of score */
	double	diff;		/* Elo; -HUGE_VAL at 0%, +HUGE_VAL at 100% */
	double	low;		/* the 95% interval; its ends may be */
	double	high;		/* -HUGE_VAL or +HUGE_VAL */
};

double	elo_diff(double);
void	elo_estimate(long, long, long, struct elo_estimate *);

#endif
