/*
 * The standings of a tournament or a league division: points (win 1,
 * draw 1/2; in a game of N, (players beaten + players tied / 2) / (N -
 * 1)), the tie-breaks (Sonneborn-Berger for a round robin, Buchholz for
 * Swiss, then wins), and the tables and crosstable as text that fits
 * 78 columns.
 */
#ifndef STANDINGS_H
#define STANDINGS_H

#include <stddef.h>

#include "buf.h"
#include "pairing.h"

/* A finished game: its players and their ranks (1 first, ties share). */
struct standings_game {
	int	n;			/* 1: a bye */
	int	player[PAIRING_MAX_SEATS];
	int	rank[PAIRING_MAX_SEATS];
	int	round;			/* from 1 */
};

enum standings_tiebreak {
	STANDINGS_SONNEBORN,	/* Sonneborn-Berger */
	STANDINGS_BUCHHOLZ
};

struct standings_row {
	int	player;		/* index into the entrants */
	int	place;		/* 1 first; equal rows share a place */
	double	points;
	double	tiebreak;	/* SB or Buchholz */
	/* Games played (byes apart) and how they went: a win alone at
	   the best rank, a draw sharing it, else a loss. */
	int	wins, draws, losses, byes, played;
};

double	standings_points(const struct standings_game *, int);
void	standings_compute(int, const struct standings_game *, size_t,
	    enum standings_tiebreak, struct standings_row *);
void	standings_table(const struct standings_row *, int,
	    const char *const *, enum standings_tiebreak, struct buf *);
void	standings_pair(struct buf *, const struct standings_game *, size_t,
	    int, int);
void	standings_crosstable(int, const struct standings_game *, size_t,
	    const struct standings_row *, const char *const *, struct buf *);

#endif
