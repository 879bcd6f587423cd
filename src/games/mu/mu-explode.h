/*
 * Explosions in Mu: hot cells, chain reactions resolved in the order a
 * move names or by lowest name, and the oscillations that end them.
 */
#ifndef MU_EXPLODE_H
#define MU_EXPLODE_H

#include <stdint.h>

struct mu_board;
struct mu_game;
struct mu_report;

/* The orders a move carries; either list may be empty. */
struct mu_order {
	const int16_t	*explode;	/* cells to explode, in order */
	int		 nexplode;
	const int16_t	*remove;	/* cells to take a man from */
	int		 nremove;
};

int	mu_explode_hot(const struct mu_board *, int);
int	mu_explode_resolve(struct mu_game *, const int16_t *, int,
	    const struct mu_order *, struct mu_report *, char **);

#endif
