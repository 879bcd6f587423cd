/*
 * Correspondence clocks: a game's time control ("3d+1d/10d"), what a
 * turn does to a player's bank, when to remind, and durations in
 * words ("2 days 4 hours").  Pure: times are numbers the caller gives.
 */
#ifndef CLOCK_H
#define CLOCK_H

#include "buf.h"

#define CLOCK_MINUTE	60LL
#define CLOCK_HOUR	(60 * CLOCK_MINUTE)
#define CLOCK_DAY	(24 * CLOCK_HOUR)
#define CLOCK_MOST	(365 * CLOCK_DAY)	/* the longest time written */

/* A Fischer clock, in seconds; initial 0 means no clock. */
struct clock_control {
	long long	initial;	/* the bank at the start */
	long long	increment;	/* added after each turn */
	long long	max;		/* the bank never exceeds this */
};

int		 clock_parse(const char *, struct clock_control *, char **);
void		 clock_format(const struct clock_control *, struct buf *);
void		 clock_describe(const struct clock_control *, struct buf *);
int		 clock_duration_parse(const char *, long long *, char **);
void		 clock_duration_format(long long, struct buf *);
void		 clock_words(long long, struct buf *);
long long	 clock_charge(const struct clock_control *, long long,
		     long long, int);
long long	 clock_remind_at(long long, long long, int, long long);

#endif
