/*
 * The standings of a tournament or a league division: points (win 1,
 * draw 1/2; in a game of N, (players beaten + players tied / 2) / (N -
 * 1)), the complete order of tie-breaks of each format, ending in the
 * drawing of lots, which criterion put a row below another and the
 * words that say so, and the tables and crosstable as text that fits
 * 78 columns.
 */
#ifndef STANDINGS_H
#define STANDINGS_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "pairing.h"

/* A finished game: its players and their ranks (1 first, ties share). */
struct standings_game {
	int	n;			/* 1: a bye */
	int	player[PAIRING_MAX_SEATS];
	int	rank[PAIRING_MAX_SEATS];
	int	round;			/* from 1 */
};

/*
 * A format's order after points: a round robin's (Sonneborn-Berger,
 * head-to-head, wins, lot) or a Swiss's and a knockout's (Buchholz,
 * Sonneborn-Berger, head-to-head, wins, lot).
 */
enum standings_tiebreak {
	STANDINGS_SONNEBORN,	/* Sonneborn-Berger first */
	STANDINGS_BUCHHOLZ	/* Buchholz first */
};

/* What put a row below another: points or a tie-break. */
enum standings_criterion {
	STANDINGS_BY_NONE,	/* the first row */
	STANDINGS_BY_POINTS,
	STANDINGS_BY_BUCHHOLZ,
	STANDINGS_BY_SONNEBORN,
	STANDINGS_BY_H2H,
	STANDINGS_BY_WINS,
	STANDINGS_BY_LOT
};

struct standings_row {
	int	player;		/* index into the entrants */
	int	place;		/* 1 first: the final order */
	double	points;
	double	tiebreak;	/* the first tie-break: SB or Buchholz */
	double	sb, buchholz;
	double	h2h;		/* in the games among the rows tied with it */
	int	tied;		/* rows tied with it before head-to-head */
	uint64_t lot;		/* lower draws first */
	enum standings_tiebreak	  order;
	enum standings_criterion  by;	/* what put it below the row above */
	/* Games played (byes apart) and how they went: a win alone at
	   the best rank, a draw sharing it, else a loss. */
	int	wins, draws, losses, byes, played;
};

double	standings_points(const struct standings_game *, int);
uint64_t standings_seed(const char *);
uint64_t standings_lot(uint64_t, long long);
void	standings_compute(int, const struct standings_game *, size_t,
	    enum standings_tiebreak, const uint64_t *,
	    struct standings_row *);
enum standings_criterion standings_decided(const struct standings_row *,
	    const struct standings_row *);
const char *standings_criterion_name(enum standings_criterion);
const char *standings_criterion_mark(enum standings_criterion);
enum standings_criterion standings_explain(struct buf *,
	    const struct standings_row *, const struct standings_row *,
	    const char *);
void	standings_table(const struct standings_row *, int,
	    const char *const *, enum standings_tiebreak, struct buf *);
void	standings_pair(struct buf *, const struct standings_game *, size_t,
	    int, int);
void	standings_crosstable(int, const struct standings_game *, size_t,
	    const struct standings_row *, const char *const *, struct buf *);

#endif
