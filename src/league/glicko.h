/*
 * Glicko-2 ratings (Glickman, "Example of the Glicko-2 system"): a
 * rating, its deviation (RD) and its volatility, on the Glicko scale
 * (1500, 350).  Each finished rated game is one rating period for its
 * players; between games a player's RD grows with the time idle, as
 * after that many empty rating periods.  docs/ratings.md says how.
 */
#ifndef GLICKO_H
#define GLICKO_H

#include <stddef.h>

#define GLICKO_PROVISIONAL	110.0	/* an RD above this is provisional */

struct glicko_settings {
	double	rating;		/* a newcomer's rating: 1500 */
	double	rd;		/* a newcomer's RD, and the most RD grows to */
	double	volatility;	/* a newcomer's volatility: 0.06 */
	double	tau;		/* the system constant: 0.5 */
	double	period;		/* seconds of one idle rating period */
};

struct glicko {
	double	rating;
	double	rd;
	double	volatility;
};

/* One game of a rating period: the opponent before it, and the score. */
struct glicko_game {
	double	rating;
	double	rd;
	double	score;		/* 1 won, 0.5 drawn, 0 lost */
};

void	glicko_defaults(struct glicko_settings *);
void	glicko_new(const struct glicko_settings *, struct glicko *);
void	glicko_idle(const struct glicko_settings *, struct glicko *, double);
void	glicko_rate(const struct glicko_settings *, struct glicko *,
	    const struct glicko_game *, size_t);
double	glicko_pairwise(const int *, size_t, size_t, size_t);
int	glicko_provisional(const struct glicko *);
double	glicko_expected(const struct glicko *, const struct glicko *);

#endif
