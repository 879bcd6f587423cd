/*
 * Pairing the players of a tournament into tables (games), round by
 * round: Berger round-robin tables for two, every table of N for more,
 * Swiss (the Dutch system for two, tables by score group seated by
 * rating for more) and the seeding of a knockout bracket.  Players are
 * indices 0..n-1 into the caller's list; nothing here knows the store.
 */
#ifndef PAIRING_H
#define PAIRING_H

#include <stddef.h>

#define PAIRING_MAX_SEATS	6

/*
 * Every table of N (seats > 2) is scheduled for at most this many
 * players and games; pairing_roundrobin() refuses more.
 */
#define PAIRING_ALL_MAX_PLAYERS	64
#define PAIRING_ALL_MAX_GAMES	50000

/*
 * A Swiss round for two of at most this many players finds a pairing
 * without a repeat whenever there is one; above, a repeat the fast
 * pass cannot avoid stays.
 */
#define PAIRING_SWISS_EXACT	256

/* A game of a round: its players in seat order; n == 1 is a bye. */
struct pairing_table {
	int	seat[PAIRING_MAX_SEATS];
	int	n;
};

/* A Swiss entrant as the round before the pairing left them. */
struct pairing_player {
	double	score;		/* points so far */
	double	rating;
	int	colour;		/* games first minus games second */
	int	last;		/* the last game's seat: 1 first, -1 second,
				   0 none */
	int	byes;		/* byes had */
	int	out;		/* withdrawn: not paired again */
};

/* How often players a and b met before; arg is the caller's. */
typedef int	(*pairing_met_fn)(void *, int, int);

/*
 * pairing_roundrobin_max() is the room pairing_roundrobin() and
 * pairing_swiss() need in their tables for n players: (n + seats - 1)
 * / seats.  Both return -1 for a request that cannot be met and set
 * the count of tables filled.
 */
int	pairing_rounds(int, int);
int	pairing_roundrobin(int, int, int, struct pairing_table *, size_t *);
size_t	pairing_roundrobin_max(int, int);
int	pairing_swiss(const struct pairing_player *, int, int,
	    pairing_met_fn, void *, struct pairing_table *, size_t *);
void	pairing_knockout(int, int *);
int	pairing_knockout_size(int);

#endif
